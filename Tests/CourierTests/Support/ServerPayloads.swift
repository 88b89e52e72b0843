import Foundation

/// What the server's `/echo` route saw.
struct Echo: Decodable, Sendable {
    var method: String
    var path: String
    var rawQuery: String
    var query: [String: [String]]
    var headers: [String: String]
    var body: String?
    var bodyBase64: String
}

/// The sample user the server returns.
struct User: Codable, Sendable, Hashable {
    var id: Int
    var name: String
    var email: String?
    var createdAt: Date
}
