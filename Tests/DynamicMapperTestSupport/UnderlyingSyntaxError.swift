import Testing
import Foundation
import DynamicMapper

/// Runs `body` and returns the `JSONSyntaxError` underlying the `DecodingError.dataCorrupted` it throws.
public func underlyingSyntaxError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Any
) -> JSONSyntaxError? {
    do {
        let value = try body()
        Issue.record("expected DecodingError.dataCorrupted, decoded \(value)", sourceLocation: sourceLocation)
        return nil
    } catch DecodingError.dataCorrupted(let context) {
        #expect(context.codingPath.isEmpty, sourceLocation: sourceLocation)
        guard let syntax = context.underlyingError as? JSONSyntaxError else {
            Issue.record("underlyingError is \(String(describing: context.underlyingError))", sourceLocation: sourceLocation)
            return nil
        }
        // The position is in the underlying error, printed once after the message.
        #expect(context.debugDescription == "The given data was not valid JSON", sourceLocation: sourceLocation)
        return syntax
    } catch {
        Issue.record("expected DecodingError.dataCorrupted, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
