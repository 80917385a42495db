import Foundation

extension DecoderImpl {
    /// Decodes the type `type` names at run time, a subclass of `T` passed as its base class
    /// (`Derived.self as Base.Type`): `JSONDecoder` builds that type, not `T`.
    func unwrap<T: Decodable>(dynamicType type: T.Type, at index: Int) throws -> T {
        func decode<Actual: Decodable>(_ actual: Actual.Type) throws -> T? {
            try unwrap(Actual.self, at: index) as? T
        }
        // Not `let actual: any Decodable.Type = type`: an optimised build (Swift 6.3, -O) folds
        // opening an existential made straight from `type` into `T` itself, so the subclass
        // was lost in release builds only and `Base` was built. A cast through `Any.Type` is
        // checked at run time, and the type it opens is the one passed in. The release-build
        // test run in CI (`decodingBuildsTheDynamicTypeItIsPassed`) guards this.
        guard let actual = (type as Any.Type) as? any Decodable.Type else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "\(type) is not Decodable."))
        }
        guard let value = try decode(actual) else {
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath, debugDescription: "\(actual) decoded a value that is not a \(T.self)."))
        }
        return value
    }
}
