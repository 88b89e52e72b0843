/// How a request may use cached responses, independent of the transport.
///
/// ``URLSessionTransport`` maps each case to the `URLRequest.CachePolicy` of the same name.
public enum CachePolicy: Sendable, Hashable {
    /// Follow the protocol's caching rules (the `Cache-Control` headers).
    case useProtocolCachePolicy
    /// Always load from the server, ignoring cached data.
    case reloadIgnoringLocalCacheData
    /// Use cached data of any age if present, otherwise load.
    case returnCacheDataElseLoad
    /// Use cached data only; fail if there is none.
    case returnCacheDataDontLoad
}
