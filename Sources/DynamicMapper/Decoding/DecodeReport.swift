import Foundation

/// What a decode recovered from on purpose: every element a lossy array dropped, every default
/// or zero it used, every value it converted, every `<--` read that failed, with the place in
/// the document. Asked for with ``DynamicJSONDecoder/decodeWithReport(_:from:options:maximumEvents:)``.
///
/// ```swift
/// let (user, report) = try DynamicJSONDecoder().decodeWithReport(User.self, from: data)
/// for event in report.events { print(event) }
/// // tags[3]: dropped from lossy array, value 1.5: typeMismatch at tags[3]: Expected to decode String but found number instead.
/// ```
///
/// The report is a value: compare it, log its ``description`` (one line per event) or encode
/// it for telemetry (`try JSONEncoder().encode(report)`).
public struct DecodeReport: Sendable, Equatable, Codable, CustomStringConvertible {
    /// The events in the order the decode met them.
    ///
    /// ```swift
    /// let dropped = report.events.filter { $0.kind == .droppedElement }
    /// ```
    ///
    /// A report keeps at most ``defaultMaximumEvents`` events unless the decode asked for
    /// another number: the rest are only counted, in ``omittedEventCount``.
    public var events: [Event]

    /// How many events the decode met after the report was full: counted, not kept.
    ///
    /// ```swift
    /// if report.omittedEventCount > 0 { logger.warning("\(report.omittedEventCount) more events") }
    /// ```
    public var omittedEventCount: Int

    /// How many events a report keeps unless told otherwise: 10,000. A decode can meet an
    /// event per value of its input (a million dropped elements in 2 MB), and each event holds
    /// two paths and a text; past this number they are only counted, so that the report of a
    /// hostile document stays a few megabytes.
    ///
    /// ```swift
    /// let (_, report) = try decoder.decodeWithReport(Feed.self, from: data, maximumEvents: 100)
    /// ```
    public static let defaultMaximumEvents = 10_000

    /// A report of `events`: `DecodeReport(events: [])`.
    ///
    /// - Parameters:
    ///   - events: The events, in the order they happened.
    ///   - omittedEventCount: How many more events happened than `events` holds.
    public init(events: [Event], omittedEventCount: Int = 0) {
        self.events = events
        self.omittedEventCount = max(0, omittedEventCount)
    }

    /// Whether nothing was recovered, converted, defaulted or dropped: `if report.isEmpty { … }`.
    public var isEmpty: Bool { events.isEmpty && omittedEventCount == 0 }

    /// One line per event, or `no events` for an empty report; a last line counts the events
    /// that were not kept.
    ///
    /// ```swift
    /// logger.warning("\(report)")
    /// ```
    public var description: String {
        var lines = events.map(\.description)
        if omittedEventCount > 0 { lines.append("… and \(omittedEventCount) more events, not kept") }
        return lines.isEmpty ? "no events" : lines.joined(separator: "\n")
    }

    private enum CodingKeys: String, CodingKey {
        case events, omittedEventCount
    }

    /// Reads a report as ``encode(to:)`` writes it; a missing `omittedEventCount` is 0.
    ///
    /// ```swift
    /// let report = try JSONDecoder().decode(DecodeReport.self, from: telemetry)
    /// ```
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        events = try container.decode([Event].self, forKey: .events)
        omittedEventCount = max(0, try container.decodeIfPresent(Int.self, forKey: .omittedEventCount) ?? 0)
    }

    /// Writes `{"events": [...]}`, with `omittedEventCount` when some events were not kept.
    ///
    /// ```swift
    /// let data = try JSONEncoder().encode(report)
    /// ```
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(events, forKey: .events)
        if omittedEventCount > 0 { try container.encode(omittedEventCount, forKey: .omittedEventCount) }
    }

    /// What more to report than the default events.
    ///
    /// ```swift
    /// let (value, report) = try decoder.decodeWithReport(Model.self, from: data, options: .unreadKeys)
    /// ```
    public struct Options: OptionSet, Sendable, Hashable {
        /// The option bits: `DecodeReport.Options(rawValue: 1)` is ``unreadKeys``.
        public let rawValue: Int

        /// Options from their bits: `DecodeReport.Options(rawValue: 1)`.
        public init(rawValue: Int) {
            self.rawValue = rawValue
        }

        /// Also list each document key that no model read (``Kind/unreadKey``), the topmost
        /// one of an unread subtree only. Costs a bit per node and a walk of the document
        /// after the decode. A key counts as read when a container looked it up, a path led
        /// through it, or it lies inside a value taken whole (`JSON`, `DynamicClass`).
        ///
        /// ```swift
        /// let (_, report) = try decoder.decodeWithReport(User.self, from: data, options: .unreadKeys)
        /// let unknown = report.events.filter { $0.kind == .unreadKey }.map(\.path)
        /// ```
        public static let unreadKeys = Options(rawValue: 1)
    }
}

extension DecodeReport {
    /// What happened at one place.
    ///
    /// ```swift
    /// let event = report.events[0]
    /// print(event.kind, event.path, event.value ?? "-")   // droppedElement tags[3] 1.5
    /// ```
    public struct Event: Sendable, Equatable, Codable, CustomStringConvertible {
        /// What happened: `event.kind == .defaultForMissingKey`.
        public var kind: Kind
        /// Where, in the document's own keys and indexes (`users[3].zip`), usable with
        /// `ds[...]` and ``Path/pointer``. Where the document has no such place (a missing key),
        /// the place the model looked for.
        public var path: Path
        /// The coding path of the value as the containers saw it (the coding keys' names,
        /// which differ from the document's under a key decoding strategy), as a ``Path``.
        public var codingPath: Path
        /// The value's JSON text, shortened to 100 characters and `…`; `nil` when there was
        /// no value (a missing key).
        public var value: String?
        /// The error that was recovered from, when there was one.
        public var failure: Failure?

        /// An event: `DecodeReport.Event(kind: .defaultForNull, path: "a", codingPath: "a", value: "null")`.
        ///
        /// - Parameters:
        ///   - kind: What happened.
        ///   - path: Where in the document, as the model looked for it.
        ///   - codingPath: The same place as the containers saw it (coding keys' names).
        ///   - value: The value's JSON text, or `nil` when there was none.
        ///   - failure: The error recovered from, if any.
        public init(kind: Kind, path: Path, codingPath: Path, value: String? = nil, failure: Failure? = nil) {
            self.kind = kind
            self.path = path
            self.codingPath = codingPath
            self.value = value
            self.failure = failure
        }

        /// `path: what happened, value …: failure`, on one line.
        ///
        /// ```swift
        /// print(event)   // count: missing key, default used
        /// ```
        public var description: String {
            var line = (path.components.isEmpty ? "<root>" : path.description) + ": " + kind.summary
            if let value { line += ", value " + value.replacingOccurrences(of: "\n", with: " ") }
            if let failure { line += ": " + failure.description }
            return line
        }

        private enum CodingKeys: String, CodingKey {
            case kind, path, codingPath, value, failure
        }

        /// Reads an event as ``encode(to:)`` writes it: paths as text in the path grammar.
        ///
        /// ```swift
        /// let report = try JSONDecoder().decode(DecodeReport.self, from: telemetry)
        /// ```
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(Kind.self, forKey: .kind)
            path = Path(try container.decode(String.self, forKey: .path))
            codingPath = Path(try container.decode(String.self, forKey: .codingPath))
            value = try container.decodeIfPresent(String.self, forKey: .value)
            failure = try container.decodeIfPresent(Failure.self, forKey: .failure)
        }

        /// Writes the event with its paths as text (`"users[3].zip"`), which reads back as
        /// the same components.
        ///
        /// ```swift
        /// let data = try JSONEncoder().encode(report)
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(path.description, forKey: .path)
            try container.encode(codingPath.description, forKey: .codingPath)
            try container.encodeIfPresent(value, forKey: .value)
            try container.encodeIfPresent(failure, forKey: .failure)
        }
    }

    /// The kinds of event.
    ///
    /// ```swift
    /// switch event.kind {
    /// case .droppedElement, .defaultAfterFailure: alert(event)
    /// default: break
    /// }
    /// ```
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// A lossy array (`@Flat`, a `".array"` key, `@Mapped(.lossy)`) left out an element
        /// that failed to decode; ``Event/failure`` says why.
        case droppedElement
        /// The key was missing, and `@Zero` or a `@Mapped` default gave the value.
        case defaultForMissingKey
        /// The value was `null`, and `@Zero` or a `@Mapped` default gave the value.
        case defaultForNull
        /// The value failed to decode, and `.lossy` gave the `@Mapped` default (or `nil`).
        case defaultAfterFailure
        /// A `@Mapped` value of another scalar type was converted losslessly (`"10"` → `10`).
        case losslessConversion
        /// A `<--` or `<->` read found a value it could not decode and left the property as it
        /// was (what ``DynamicJSONDecoder/mappingFailureHandler`` is given).
        case mappingFailure
        /// As ``mappingFailure``, for a value that no case of the enum (a `RawRepresentable`)
        /// has.
        case unknownEnumValue
        /// A `@Mapped` transformer or date strategy refused the value, and `.lossy` gave the
        /// default (or `nil`).
        case transformerRefusal
        /// An optional `@Flat` object (or ``KeyedKey`` `""` key) became `nil` because a field
        /// it needs is missing. The path is the parent object's, with the property's name for
        /// `@Flat` (a `""` key has no name of its own); ``Event/failure`` names the field.
        case flatObjectNil
        /// A document key that no model read (only with ``Options/unreadKeys``).
        case unreadKey

        /// The words a report line uses: `dropped from lossy array`.
        var summary: String {
            switch self {
            case .droppedElement: return "dropped from lossy array"
            case .defaultForMissingKey: return "missing key, default used"
            case .defaultForNull: return "null, default used"
            case .defaultAfterFailure: return "failed, default used"
            case .losslessConversion: return "converted"
            case .mappingFailure: return "mapping read failed"
            case .unknownEnumValue: return "unknown enum value"
            case .transformerRefusal: return "transformer refused, default used"
            case .flatObjectNil: return "flat object is nil"
            case .unreadKey: return "not read by any model"
            }
        }
    }

    /// A recovered error in a form that can be compared and encoded: the `DecodingError` case,
    /// its coding path and its message.
    ///
    /// ```swift
    /// if event.failure?.kind == .typeMismatch { … }
    /// ```
    public struct Failure: Sendable, Equatable, Codable, CustomStringConvertible {
        /// Which `DecodingError` case, or `other` for another error type.
        public enum Kind: String, Sendable, Codable, CaseIterable {
            /// `DecodingError.typeMismatch`.
            case typeMismatch
            /// `DecodingError.valueNotFound`.
            case valueNotFound
            /// `DecodingError.keyNotFound`.
            case keyNotFound
            /// `DecodingError.dataCorrupted`.
            case dataCorrupted
            /// An error of another type (a validation's, a transformer's).
            case other
        }

        /// The case: `failure.kind == .typeMismatch`.
        public var kind: Kind
        /// The error's coding path (for `keyNotFound`, the missing key's included).
        public var codingPath: Path
        /// The error's `debugDescription`, or its description for other errors.
        public var message: String

        /// A failure: `DecodeReport.Failure(kind: .dataCorrupted, codingPath: "date", message: "…")`.
        ///
        /// - Parameters:
        ///   - kind: The error's case.
        ///   - codingPath: The error's coding path.
        ///   - message: The error's text.
        public init(kind: Kind, codingPath: Path, message: String) {
            self.kind = kind
            self.codingPath = codingPath
            self.message = message
        }

        /// The summary of `error`: `DecodeReport.Failure(error)`.
        public init(_ error: any Error) {
            switch error as? DecodingError {
            case .typeMismatch(_, let context)?:
                self.init(kind: .typeMismatch, codingPath: Path(codingPath: context.codingPath), message: context.debugDescription)
            case .valueNotFound(_, let context)?:
                self.init(kind: .valueNotFound, codingPath: Path(codingPath: context.codingPath), message: context.debugDescription)
            case .keyNotFound(let key, let context)?:
                self.init(kind: .keyNotFound, codingPath: Path(codingPath: context.codingPath + [key]), message: context.debugDescription)
            case .dataCorrupted(let context)?:
                self.init(kind: .dataCorrupted, codingPath: Path(codingPath: context.codingPath), message: context.debugDescription)
            default:
                self.init(kind: .other, codingPath: .root, message: String(describing: error))
            }
        }

        /// `kind at path: message`: `typeMismatch at tags[3]: Expected to decode String but found number instead.`
        ///
        /// ```swift
        /// print(failure)
        /// ```
        public var description: String {
            kind.rawValue + (codingPath.components.isEmpty ? "" : " at \(codingPath)") + ": " + message
        }

        private enum CodingKeys: String, CodingKey {
            case kind, codingPath, message
        }

        /// Reads a failure as ``encode(to:)`` writes it.
        ///
        /// ```swift
        /// let failure = try JSONDecoder().decode(DecodeReport.Failure.self, from: data)
        /// ```
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(Kind.self, forKey: .kind)
            codingPath = Path(try container.decode(String.self, forKey: .codingPath))
            message = try container.decode(String.self, forKey: .message)
        }

        /// Writes the failure with its coding path as text.
        ///
        /// ```swift
        /// let data = try JSONEncoder().encode(failure)
        /// ```
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(codingPath.description, forKey: .codingPath)
            try container.encode(message, forKey: .message)
        }
    }

    /// Collects the events of decodes that other decoders run through ``Keyed``: put one in
    /// the decoder's `userInfo` under ``Swift/CodingUserInfoKey/decodeReport`` and read
    /// ``report`` afterwards.
    ///
    /// ```swift
    /// let recorder = DecodeReport.Recorder()
    /// let decoder = JSONDecoder()
    /// decoder.userInfo[.decodeReport] = recorder
    /// let user = try decoder.decode(Keyed<User>.self, from: data).value
    /// print(recorder.report)
    /// ```
    ///
    /// Safe to share between threads; events of decodes running at once interleave.
    public final class Recorder: @unchecked Sendable {
        // @unchecked: `events` is only touched under `lock`.
        private let lock = NSLock()
        private var events: [Event] = []
        private var omitted = 0
        /// What more to report: `DecodeReport.Recorder(options: .unreadKeys)`.
        public let options: Options
        /// How many events the recorder keeps; later ones are only counted
        /// (`DecodeReport.Recorder(maximumEvents: 100)`).
        public let maximumEvents: Int

        /// A recorder with no events yet: `DecodeReport.Recorder()`. It keeps the first
        /// `maximumEvents` events (``DecodeReport/defaultMaximumEvents`` by default) and counts
        /// the rest.
        ///
        /// - Parameters:
        ///   - options: What to report beyond defaults and dropped values, such as ``DecodeReport/Options/unreadKeys``.
        ///   - maximumEvents: How many events to keep; later ones are only counted.
        public init(options: Options = [], maximumEvents: Int = DecodeReport.defaultMaximumEvents) {
            self.options = options
            self.maximumEvents = max(0, maximumEvents)
        }

        /// The events recorded so far: `print(recorder.report)`.
        public var report: DecodeReport {
            lock.withLock { DecodeReport(events: events, omittedEventCount: omitted) }
        }

        func record(_ event: Event) {
            lock.withLock {
                if events.count < maximumEvents { events.append(event) } else { omitted += 1 }
            }
        }

        /// Counts an event without making it when the recorder is full, so that a decode past
        /// the limit does not build events only to drop them. Returns whether it did.
        func countIfFull() -> Bool {
            lock.withLock {
                guard events.count >= maximumEvents else { return false }
                omitted += 1
                return true
            }
        }
    }
}

extension CodingUserInfoKey {
    /// Where a decoder other than ``DynamicJSONDecoder`` finds the ``DecodeReport/Recorder``
    /// that ``Keyed`` values report to.
    ///
    /// ```swift
    /// decoder.userInfo[.decodeReport] = DecodeReport.Recorder()
    /// ```
    public static let decodeReport = CodingUserInfoKey(rawValue: "DynamicMapper.decodeReport").unsafelyUnwrapped
}
