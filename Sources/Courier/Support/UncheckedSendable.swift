/// A Foundation object that is safe to use from any thread but not marked `Sendable` on every
/// platform; each use says why it is safe.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
