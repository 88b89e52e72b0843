/// A generated union with a catch-all case: a value that none of the variants the API
/// description lists accepts decodes as its `undocumented` case rather than failing.
///
/// A stream reads such a value as the server's error when it is the error body the endpoint
/// or client names: an error event mid-stream is none of the item's variants, and would
/// otherwise be handed out as an undocumented item.
@_spi(Generated)
public protocol CatchAllUnion {
    /// Whether the value is the catch-all case.
    var isUndocumented: Bool { get }
}
