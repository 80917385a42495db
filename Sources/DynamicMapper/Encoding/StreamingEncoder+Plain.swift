import Foundation

/// A value of a standard scalar type, or an array of one: what most generic `encode` calls
/// carry (`Array.encode(to:)` hands each element of a `[Double]` to `encode<T>`, and
/// `Dictionary` each value of a `[String: String]`). The streaming containers write these
/// straight out: the bytes are the ones the type's own `encode(to:)` gives, without the
/// child slot, the coding-path entry and the take-back mark that a value running its own
/// `encode(to:)` needs.
enum PlainValue {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case float(Float)
    case strings([String])
    case ints([Int])
    case doubles([Double])
    case bools([Bool])
    case floats([Float])

    /// `nil` for any other type. Comparing metatypes is a pointer compare and the bit casts
    /// are between identical types; the most frequent types come first, as every value that
    /// is not plain pays for each compare. Borrowed: an initialiser's argument is otherwise
    /// passed owned, which copies every value that is not plain.
    @inline(__always)
    init?<T>(_ value: borrowing T) {
        if let same = SameType(T.self, String.self) {
            self = .string(same.cast(value))
        } else if let same = SameType(T.self, Int.self) {
            self = .int(same.cast(value))
        } else if let same = SameType(T.self, Double.self) {
            self = .double(same.cast(value))
        } else if let same = SameType(T.self, Bool.self) {
            self = .bool(same.cast(value))
        } else if let same = SameType(T.self, [Double].self) {
            self = .doubles(same.cast(value))
        } else if let same = SameType(T.self, [Int].self) {
            self = .ints(same.cast(value))
        } else if let same = SameType(T.self, [String].self) {
            self = .strings(same.cast(value))
        } else if let same = SameType(T.self, Float.self) {
            self = .float(same.cast(value))
        } else if let same = SameType(T.self, [Bool].self) {
            self = .bools(same.cast(value))
        } else if let same = SameType(T.self, [Float].self) {
            self = .floats(same.cast(value))
        } else {
            return nil
        }
    }
}

extension StreamingEncoder {
    /// Writes a plain value at the current position (its key or separator is already out).
    /// Only a non-finite float the strategy refuses throws, with nothing of the value left
    /// written; `path` is the value's coding path, for that error.
    @inline(__always)
    func write(_ plain: consuming PlainValue, path: () -> [any CodingKey]) throws {
        // Consumed, so that an array's payload moves out instead of being copied.
        switch consume plain {
        case .string(let text): state.writer.writeString(text)
        case .int(let number): state.writer.writeInteger(number)
        case .double(let number): try writeFloat(number, strategy: options.floatStrategy, path: path())
        case .bool(let flag): state.writer.writeBool(flag)
        case .float(let number): try writeFloat(number, strategy: options.floatStrategy, path: path())
        case .strings(let texts): state.writer.writeArray(count: texts.count) { $0.writeString(texts[$1]) }
        case .ints(let numbers): state.writer.writeArray(count: numbers.count) { $0.writeInteger(numbers[$1]) }
        case .doubles(let numbers): try writeFloats(numbers, path: path)
        case .bools(let flags): state.writer.writeArray(count: flags.count) { $0.writeBool(flags[$1]) }
        case .floats(let numbers): try writeFloats(numbers, path: path)
        }
    }

    /// `[`, the numbers, `]`. An element the strategy refuses throws at its index, and the
    /// array is taken back whole, as the container it would have been written through
    /// leaves nothing of a value that threw.
    private func writeFloats<F: BinaryFloatingPoint & LosslessStringConvertible & TextOutputStreamable>(
        _ numbers: [F], path: () -> [any CodingKey]
    ) throws {
        let start = state.writer.count, deepest = state.writer.deepestDepth
        state.writer.openContainer(UInt8(ascii: "["))
        for position in numbers.indices {
            state.writer.beginElement(isFirst: position == 0)
            let number = numbers[position]
            if number.isFinite {
                state.writer.writeFloat(number)
                continue
            }
            do {
                try writeFloat(number, strategy: options.floatStrategy, path: path() + [IndexKey(position)])
            } catch {
                state.writer.truncate(to: start)
                state.writer.depth -= 1
                state.writer.deepestDepth = deepest
                throw error
            }
        }
        state.writer.closeContainer(UInt8(ascii: "]"))
    }
}
