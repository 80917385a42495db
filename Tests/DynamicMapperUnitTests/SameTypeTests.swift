import Foundation
import Testing
@testable import DynamicMapper

// The one checked type dispatch (`SameType`): it matches exactly equal types only. Run in the
// release build too (CI's `swift test -c release`), where the optimiser once folded a subclass
// metatype into its base class.

@Suite("Same type")
struct SameTypeTests {
    class Base {}
    final class Derived: Base {}

    @Test func matchesOnlyTheSameType() {
        #expect(SameType(Int.self, Int.self) != nil)
        #expect(SameType(Int.self, Int64.self) == nil)
        #expect(SameType([String].self, [String].self) != nil)
        #expect(SameType(String?.self, String.self) == nil)
        #expect(SameType(Base.self, Derived.self) == nil)
        #expect(SameType(Derived.self, Base.self) == nil)
    }

    @Test func aSubclassPassedAsItsBaseIsNotTheBase() {
        let type: Base.Type = Derived.self
        #expect(SameType(type, Base.self) == nil)
        #expect(SameType(Base.self, type) == nil)
        #expect(Self.dispatches(Base.self))
        #expect(!Self.dispatches(type))
    }

    @Test func castKeepsTheValue() {
        #expect(SameType(String.self, String.self)?.cast("value") == "value")
        let object = Derived()
        #expect(SameType(Derived.self, Derived.self)?.cast(object) === object)
    }

    /// Generic, as the decoder's dispatch is: `type` may name a subclass of `T`.
    @inline(never)
    private static func dispatches<T>(_ type: T.Type) -> Bool {
        SameType(type, Base.self) != nil
    }
}
