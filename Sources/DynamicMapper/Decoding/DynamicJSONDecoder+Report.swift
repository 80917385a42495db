import Foundation

extension DynamicJSONDecoder {
    /// Decodes a value of `type` from JSON `data`, as ``decode(_:from:)`` does, and reports
    /// everything the decode recovered from on purpose (see ``DecodeReport``).
    ///
    /// ```swift
    /// let (user, report) = try DynamicJSONDecoder().decodeWithReport(User.self, from: data)
    /// if !report.isEmpty { logger.notice("\(report)") }
    /// ```
    ///
    /// The value is the one ``decode(_:from:)`` gives, and a decode that throws throws the
    /// same error. `options: .unreadKeys` lists the document keys no model read as well.
    /// The report keeps the first `maximumEvents` events and counts the rest
    /// (``DecodeReport/omittedEventCount``).
    public func decodeWithReport<T: Decodable>(
        _ type: T.Type, from data: Data, options: DecodeReport.Options = [],
        maximumEvents: Int = DecodeReport.defaultMaximumEvents
    ) throws -> (value: T, report: DecodeReport) {
        let document = try Document(data: data, options: scanOptions)
        return try JSONDocument(storage: document).decodeWithReport(type, using: self, options: options, maximumEvents: maximumEvents)
    }
}

extension JSONDocument {
    /// Decodes `type` from the parsed document, as ``decode(_:using:)`` does, and reports
    /// everything the decode recovered from on purpose (see ``DecodeReport``).
    ///
    /// ```swift
    /// let document = try JSONDocument(parsing: data)
    /// let (summary, report) = try document.decodeWithReport(Summary.self, options: .unreadKeys)
    /// ```
    ///
    /// The report keeps the first `maximumEvents` events and counts the rest
    /// (``DecodeReport/omittedEventCount``).
    public func decodeWithReport<T: Decodable>(
        _ type: T.Type, using decoder: DynamicJSONDecoder = DynamicJSONDecoder(), options: DecodeReport.Options = [],
        maximumEvents: Int = DecodeReport.defaultMaximumEvents
    ) throws -> (value: T, report: DecodeReport) {
        let recorder = DecodeReport.Recorder(options: options, maximumEvents: maximumEvents)
        let value = try decode(type, using: decoder, reportingTo: recorder, codingPrefix: [])
        return (value, recorder.report)
    }
}
