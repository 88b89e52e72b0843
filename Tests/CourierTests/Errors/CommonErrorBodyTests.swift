import Courier
import Foundation
import Testing

/// Where the default error body finds the server's message and code.
@Suite struct CommonErrorBodyTests {
    @Test(arguments: [
        (#"{"message":"Not found","code":"missing"}"#, "Not found", "missing"),
        // OAuth 2.
        (#"{"error":"invalid_grant","error_description":"Expired"}"#, "Expired", "invalid_grant"),
        // RFC 9457 problem details: `detail` before `title`.
        (#"{"type":"about:blank","title":"Forbidden","detail":"Your balance is 30."}"#, "Your balance is 30.", nil),
        (#"{"title":"Forbidden","status":403}"#, "Forbidden", nil),
        // Other spellings, in the order of `messageKeys`.
        (#"{"msg":"Short","description":"Longer"}"#, "Longer", nil),
        (#"{"errorMessage":"Camel"}"#, "Camel", nil),
        // Envelopes: an object, a list of objects, a SOAP-style fault.
        (#"{"error":{"message":"Quota exceeded"}}"#, "Quota exceeded", nil),
        (#"{"errors":[{"message":"First"},{"message":"Second"}]}"#, "First", nil),
        (#"{"fault":{"message":"Fault"}}"#, "Fault", nil),
        // The nested object's own keys: JSON:API's errors, FastAPI's validation errors; a list
        // of texts; an envelope in an envelope.
        (#"{"errors":[{"status":"422","title":"Invalid Attribute","detail":"Too short"}]}"#, "Too short", nil),
        (#"{"detail":[{"loc":["body","email"],"msg":"field required","type":"value_error"}]}"#, "field required", nil),
        (#"{"errors":["Name can't be blank","Email is taken"]}"#, "Name can't be blank", nil),
        (#"{"error":{"errors":[{"message":"Deep"}]}}"#, "Deep", nil),
        (#"{"errors":[{"code":"x"},{"message":"Second has it"}]}"#, "Second has it", nil),
        // A message key that holds text wins over an envelope.
        (#"{"detail":"Detail","error":{"message":"Nested"}}"#, "Detail", nil),
        // Validation errors by field: Rails' under `errors`, Django REST framework's at the top,
        // marshmallow's by where the field was sent, nested fields by their path; a field without
        // messages is passed over.
        (#"{"errors":{"email":["can't be blank","is invalid"]}}"#, "email: can't be blank", nil),
        (#"{"non_field_errors":["Unable to log in."]}"#, "non_field_errors: Unable to log in.", nil),
        (
            #"{"code":422,"errors":{"json":{"title":["Shorter than minimum length 1."]}},"status":"Unprocessable Entity"}"#,
            "json.title: Shorter than minimum length 1.", "422"
        ),
        (#"{"errors":{"json":{"reporter":{"name":["Missing data."]}}}}"#, "json.reporter.name: Missing data.", nil),
        (#"{"errors":{"a":[],"b":["B is wrong"]}}"#, "b: B is wrong", nil),
        // An object that holds anything else is no map of fields.
        (#"{"data":{"id":["x"],"count":1}}"#, nil, nil),
        (#"{"errors":{"email":["taken"],"retry":true}}"#, nil, nil),
        // A number is text too; nothing known is no message.
        (#"{"message":42}"#, "42", nil),
        (#"{"status":"failed"}"#, nil, nil),
    ])
    func theMessageComesFromTheKnownKeys(json: String, message: String?, code: String?) throws {
        let body = try JSONDecoder().decode(CommonErrorBody.self, from: Data(json.utf8))
        #expect(body.message == message)
        #expect(body.code == code)
    }

    @Test(arguments: [#"[1,2]"#, #""text""#, "<html>"])
    func aBodyThatIsNotAnObjectIsNotDecoded(text: String) {
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(CommonErrorBody.self, from: Data(text.utf8))
        }
    }
}
