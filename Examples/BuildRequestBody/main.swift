// Builds an outgoing request body by assigning values at paths, with no model types for the
// nested objects: missing objects and arrays are created on the way.
//
//   swift run BuildRequestBody

import DynamicMapper
import Foundation

struct LineItem: Encodable {
    var sku: String
    var quantity: Int
}

var body = DynamicClass()
body.order.id.set(1042)
body.order.items[0].set(LineItem(sku: "A-1", quantity: 2)) // creates the array
body.order.items.append(LineItem(sku: "B-7", quantity: 1))
body["customer.address.city"].set("Berlin") // a path in one string
body.customer.address[key: "post.code"].set("10115") // a key with a dot in it
body.customer.note.set(nil) // an explicit null
body.order.items[-1].quantity.set(3) // negative counts from the end
// `set` encodes at once, with a default DynamicJSONEncoder's settings (inside a model's
// encoding mapping it uses the running encoder's): write a date in the form the API wants.
body.meta.sentAt.set(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_700_000_000)))

let encoder = DynamicJSONEncoder()
encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
do {
    let data = try encoder.encode(body)
    print(String(decoding: data, as: UTF8.self))
    print("items: \(JSON(body.order.items)?.arrayValue?.count ?? 0), city: \(JSON(body.customer.address.city) ?? .null)")
} catch {
    print("BuildRequestBody failed: \(error)")
    exit(1)
}
