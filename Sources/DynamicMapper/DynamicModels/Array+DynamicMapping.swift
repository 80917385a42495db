extension Array where Element: BaseDynamicCodable {
    /// Runs every element's mapping in place.
    ///
    /// ```swift
    /// var users = try decoder.decode([User].self, from: data)
    /// users.dynamicMapping(mappingType: .decoding)   // again: changes nothing
    /// ```
    ///
    /// Inside a mapping that a coder runs it does nothing: the coder maps every nested model
    /// itself, so the original DynamicMapper's `friends?.dynamicMapping(mappingType:)` line in
    /// a parent's mapping neither maps twice nor changes the children while encoding.
    public mutating func dynamicMapping(mappingType: DynamicMappingType) {
        guard MappingRun.current == nil else { return }
        for index in indices { self[index].dynamicMapping(mappingType: mappingType) }
    }
}
