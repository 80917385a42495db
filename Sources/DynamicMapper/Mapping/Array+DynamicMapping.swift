extension Array where Element: BaseDynamicCodable {
    /// Runs every element's mapping in place. Reads are idempotent, so running it again after
    /// the decoder already did changes nothing.
    ///
    /// ```swift
    /// func dynamicMapping(mappingType: DynamicMappingType) {
    ///     friends?.dynamicMapping(mappingType: mappingType)
    /// }
    /// ```
    public mutating func dynamicMapping(mappingType: DynamicMappingType) {
        for index in indices { self[index].dynamicMapping(mappingType: mappingType) }
    }
}
