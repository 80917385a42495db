import Foundation

/// Scalar conversions from nodes, with Foundation's error for every failure. `path` closures
/// build the coding path only when an error is thrown.
extension DecoderImpl {
    @inline(__always)
    func decodeNull(_ type: Any.Type, node: Node, path: () -> [any CodingKey]) -> DecodingError {
        .valueNotFound(type, DecodingError.Context(
            codingPath: path(),
            debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    @inline(__always)
    func decodeBool(_ node: Node, path: () -> [any CodingKey]) throws -> Bool {
        switch node.kind {
        case .true: return true
        case .false: return false
        case .null: throw decodeNull(Bool.self, node: node, path: path)
        default: throw typeMismatch(Bool.self, node: node, path: path())
        }
    }

    @inline(__always)
    func decodeString(_ node: Node, path: () -> [any CodingKey]) throws -> String {
        guard node.kind == .string else {
            if node.kind == .null { throw decodeNull(String.self, node: node, path: path) }
            throw typeMismatch(String.self, node: node, path: path())
        }
        return document.string(node)
    }

    @inline(__always)
    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, _ node: Node, path: () -> [any CodingKey]) throws -> T {
        guard node.kind == .number else {
            if node.kind == .null { throw decodeNull(T.self, node: node, path: path) }
            throw typeMismatch(T.self, node: node, path: path())
        }
        let start = document.pointer(node)
        let count = Int(node.length)
        if !node.flags.contains(.json5),
           let value = NumberParsing.integer(T.self, bytes: start, count: count, isPlainInteger: node.flags.contains(.integer)) {
            return value
        }
        let literal = document.numberLiteral(node)
        if node.flags.contains(.json5), let value = NumberParsing.integer(T.self, literal: literal) {
            return value
        }
        throw DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path(),
            debugDescription: "Number \(literal) is not representable in Swift."))
    }

    @inline(__always)
    func decodeDouble(_ node: Node, path: () -> [any CodingKey]) throws -> Double {
        if node.kind == .number && !node.flags.contains(.json5) {
            let value = NumberParsing.double(bytes: document.pointer(node), count: Int(node.length))
            if value.isFinite { return value }
        }
        return try decodeFloatingPointSlowly(Double.self, node, path: path)
    }

    func decodeFloat(_ node: Node, path: () -> [any CodingKey]) throws -> Float {
        let value = try decodeDouble(node, path: path)
        guard value.isFinite else { return Float(value) }
        let narrowed = Float(value)
        guard narrowed.isFinite else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path(),
                debugDescription: "Number \(document.numberLiteral(node)) is not representable in Swift."))
        }
        return narrowed
    }

    /// Non-finite values: JSON5 `Infinity`/`NaN`, the `convertFromString` strategy, overflow.
    private func decodeFloatingPointSlowly(_ type: Double.Type, _ node: Node, path: () -> [any CodingKey]) throws -> Double {
        switch node.kind {
        case .number:
            let literal = document.numberLiteral(node)
            if let value = NumberParsing.double(literal: literal), value.isFinite || NumberParsing.isNonFiniteLiteral(literal) {
                return value
            }
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: path(),
                debugDescription: "Number \(literal) is not representable in Swift."))
        case .string:
            if case .convertFromString(let positive, let negative, let nan) = options.floatStrategy {
                let text = document.string(node)
                if text == positive { return .infinity }
                if text == negative { return -.infinity }
                if text == nan { return .nan }
            }
            throw typeMismatch(Double.self, node: node, path: path())
        case .null:
            throw decodeNull(Double.self, node: node, path: path)
        default:
            throw typeMismatch(Double.self, node: node, path: path())
        }
    }

    // MARK: Foundation types

    func decodeDate(at index: Int) throws -> Date {
        let node = nodes[index]
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
                throw DecodingError.dataCorrupted(DecodingError.Context(
                    codingPath: codingPath, debugDescription: "Expected date string to be ISO8601-formatted."))
            }
            return date
        // On Linux `.formatted(_:)` is built on `.custom`, so it arrives here.
        case .custom(let closure):
            return try withCurrentNode(index) { try closure(self) }
        @unknown default:
            return try withCurrentNode(index) { try Date(from: self) }
        }
    }

    func decodeData(at index: Int) throws -> Data {
        let node = nodes[index]
        switch options.dataStrategy {
        case .deferredToData:
            return try withCurrentNode(index) { try Data(from: self) }
        case .base64:
            let text = try decodeString(node, path: { codingPath })
            guard let data = Data(base64Encoded: text) else {
                throw DecodingError.dataCorrupted(DecodingError.Context(
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
        let text = try decodeString(nodes[index], path: { codingPath })
        guard let url = URL(string: text) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Invalid URL string."))
        }
        return url
    }

    func decodeDecimal(at index: Int) throws -> Decimal {
        let node = nodes[index]
        guard node.kind == .number else {
            if node.kind == .null { throw decodeNull(Decimal.self, node: node, path: { codingPath }) }
            throw typeMismatch(Decimal.self, node: node, path: codingPath)
        }
        let literal = document.numberLiteral(node)
        guard let decimal = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(
                codingPath: codingPath, debugDescription: "Number \(literal) is not representable in Swift."))
        }
        return decimal
    }

    private func withCurrentNode<T>(_ index: Int, _ body: () throws -> T) rethrows -> T {
        let saved = currentNode
        currentNode = index
        defer { currentNode = saved }
        return try body()
    }
}
