import Foundation

/// Scalar conversions from nodes, with Foundation's error for every failure. `path` closures
/// build the coding path only when an error is thrown.
extension DecoderImpl {
    @inline(__always)
    func decodeNull(_ type: Any.Type, path: () -> [any CodingKey]) -> DecodingError {
        .valueNotFound(
            type,
            DecodingError.Context(
                codingPath: path(),
                debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    @inline(__always)
    func decodeBool(_ node: Node, path: () -> [any CodingKey]) throws -> Bool {
        switch node.kind {
        case .true: return true
        case .false: return false
        // Foundation reports `null` for a Bool as a type mismatch, unlike other types.
        default: throw typeMismatch(Bool.self, node: node, path: path())
        }
    }

    @inline(__always)
    func decodeString(_ node: Node, path: () -> [any CodingKey]) throws -> String {
        guard node.kind == .string else {
            if node.kind == .null { throw decodeNull(String.self, path: path) }
            throw typeMismatch(String.self, node: node, path: path())
        }
        return document.string(node)
    }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, _ node: Node, path: () -> [any CodingKey]) throws -> T {
        guard node.kind == .number else {
            if node.kind == .null { throw decodeNull(T.self, path: path) }
            throw typeMismatch(T.self, node: node, path: path())
        }
        if node.flags.contains(.integer) && !node.flags.contains(.json5),
            let value = document.withBytes(of: node, { NumberParsing.integer(T.self, bytes: $0, count: $1, isPlainInteger: true) })
        {
            return value
        }
        // Like Foundation, a literal with a fraction or exponent (or a JSON5 spelling) is read
        // as a Double that must be a whole number `T` holds. From 2^53 up, where the Double is
        // no longer exact, the literal itself must be an integer whose magnitude fits 64 bits
        // (Foundation's limit there too), and that exact integer is the value.
        let literal = document.numberLiteral(node)
        if node.flags.contains(.hexadecimal) {
            // As Foundation: a hexadecimal literal is the exact integer it spells.
            if let exact = NumberParsing.integer(T.self, literal: literal) { return exact }
        } else if let double = NumberParsing.double(literal: literal), let value = T(exactly: double) {
            if double.magnitude < 9_007_199_254_740_992 { return value }
            let magnitude = literal.hasPrefix("-") ? String(literal.dropFirst()) : literal
            if NumberParsing.integer(UInt64.self, literal: magnitude) != nil, let exact = NumberParsing.integer(T.self, literal: literal) {
                return exact
            }
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: path(),
                debugDescription: "Number \(literal) is not representable in Swift."))
    }

    @inline(__always)
    func decodeDouble(_ node: Node, path: () -> [any CodingKey]) throws -> Double {
        markFloatingRead(node, asFloat: false)
        return try decodeFloatingPoint(Double.self, node, path: path)
    }

    func decodeFloat(_ node: Node, path: () -> [any CodingKey]) throws -> Float {
        markFloatingRead(node, asFloat: true)
        let value = try decodeFloatingPoint(Float.self, node, path: path)
        guard value.isFinite else { return Float(value) }
        var narrowed = Float(value)
        // Narrowing the correctly rounded Double rounds a second time; that can only go wrong
        // when the Double lies exactly halfway between two Floats (or in Float's subnormal
        // range), so only then is the text read again as a Float.
        if value.significandBitPattern & 0x1FFF_FFFF == 0x1000_0000 || (value != 0 && value.magnitude < Double(Float.leastNormalMagnitude)) {
            narrowed = Float(document.numberLiteral(node)) ?? narrowed
        }
        guard narrowed.isFinite, narrowed != 0 || value == 0 else { throw unrepresentable(node, path: path) }
        return narrowed
    }

    /// A number as `Double`; `type` names the type asked for in errors.
    @inline(__always)
    private func decodeFloatingPoint<F>(_ type: F.Type, _ node: Node, path: () -> [any CodingKey]) throws -> Double {
        if node.kind == .number && !node.flags.contains(.json5) {
            let value = document.withBytes(of: node) { bytes, count -> Double? in
                let value = NumberParsing.double(bytes: bytes, count: count)
                // A zero is taken only when the literal is all zeros: a tiny nonzero literal
                // that underflows goes the slow way, which reports it.
                return value.isFinite && (value != 0 || !NumberParsing.hasNonzeroDigit(bytes, count: count)) ? value : nil
            }
            if let value { return value }
        }
        return try decodeFloatingPointSlowly(F.self, node, path: path)
    }

    private func unrepresentable(_ node: Node, path: () -> [any CodingKey]) -> DecodingError {
        .dataCorrupted(
            DecodingError.Context(
                codingPath: path(),
                debugDescription: "Number \(document.numberLiteral(node)) is not representable in Swift."))
    }

    /// Non-finite values (JSON5 `Infinity`/`NaN`, the `convertFromString` strategy), and
    /// numbers that overflow or underflow to zero, which Foundation rejects.
    private func decodeFloatingPointSlowly<F>(_ type: F.Type, _ node: Node, path: () -> [any CodingKey]) throws -> Double {
        switch node.kind {
        case .number:
            let literal = document.numberLiteral(node)
            if node.flags.contains(.hexadecimal) {
                // As Foundation: the integer must be exactly a value of the type asked for.
                guard let value = NumberParsing.exactDouble(integer: literal), F.self != Float.self || Float(exactly: value) != nil else {
                    throw unrepresentable(node, path: path)
                }
                return value
            }
            if NumberParsing.isNonFiniteLiteral(literal), let value = NumberParsing.double(literal: literal) {
                // `-NaN` has its sign bit set, as `JSONDecoder` gives it: the normalised
                // literal (`NaN`, as a `JSON` value keeps it) no longer shows the sign.
                if value.isNaN && document.withBytes(of: node, { $1 > 0 && $0[0] == UInt8(ascii: "-") }) { return -value }
                return value
            }
            if let value = NumberParsing.double(literal: literal), value.isFinite,
                value != 0 || !NumberParsing.hasNonzeroDigit(literal)
            {
                return value
            }
            throw unrepresentable(node, path: path)
        case .string:
            if case .convertFromString(let positive, let negative, let nan) = options.floatStrategy {
                let text = document.string(node)
                if text == positive { return .infinity }
                if text == negative { return -.infinity }
                if text == nan { return .nan }
            }
            throw typeMismatch(F.self, node: node, path: path())
        case .null:
            throw decodeNull(F.self, path: path)
        default:
            throw typeMismatch(F.self, node: node, path: path())
        }
    }

    // MARK: Foundation types

    func decodeDate(at index: Int) throws -> Date {
        let node = nodes[index]
        if node.kind == .null { throw decodeNull(Date.self, path: { codingPath }) }
        switch options.dateStrategy {
        case .deferredToDate:
            return try withCurrentNode(index) { try Date(from: self) }
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(node, path: { codingPath }))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try decodeDouble(node, path: { codingPath }) / 1000)
        case .iso8601:
            let text = try decodeString(node, path: { codingPath })
            guard let date = try? Date.ISO8601FormatStyle().parse(text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
            }
            return date
        #if canImport(Darwin)
        // Only Darwin's enum has this case; the work is in `DateText.date(from:formatter:codingPath:)`,
        // which every platform compiles (CONTRIBUTING.md lists the platform-specific lines).
        case .formatted(let formatter):
            return try DateText.date(from: decodeString(node, path: { codingPath }), formatter: formatter, codingPath: codingPath)
        #endif
        // On Linux `.formatted(_:)` is built on `.custom`, so it arrives here.
        case .custom(let closure):
            return try withCurrentNode(index) { try closure(self) }
        @unknown default:
            return try withCurrentNode(index) { try Date(from: self) }
        }
    }

    func decodeData(at index: Int) throws -> Data {
        let node = nodes[index]
        if node.kind == .null { throw decodeNull(Data.self, path: { codingPath }) }
        switch options.dataStrategy {
        case .deferredToData:
            return try withCurrentNode(index) { try Data(from: self) }
        case .base64:
            let text = try decodeString(node, path: { codingPath })
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: codingPath, debugDescription: "Encountered Data is not valid Base64."))
            }
            return data
        case .custom(let closure):
            return try withCurrentNode(index) { try closure(self) }
        @unknown default:
            return try withCurrentNode(index) { try Data(from: self) }
        }
    }

    func decodeURL(at index: Int) throws -> URL {
        let node = nodes[index]
        if node.kind == .null { throw decodeNull(URL.self, path: { codingPath }) }
        let text = try decodeString(node, path: { codingPath })
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Invalid URL string."))
        }
        return url
    }

    func decodeDecimal(at index: Int) throws -> Decimal {
        let node = nodes[index]
        guard node.kind == .number else {
            if node.kind == .null { throw decodeNull(Decimal.self, path: { codingPath }) }
            throw typeMismatch(Decimal.self, node: node, path: codingPath)
        }
        let literal = document.numberLiteral(node)
        // JSON5 `Infinity` and `NaN` have no Decimal value; Foundation gives NaN for both.
        if NumberParsing.isNonFiniteLiteral(literal) { return .nan }
        guard let decimal = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Number \(literal) is not representable in Swift."))
        }
        return decimal
    }
}
