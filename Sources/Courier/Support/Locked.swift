import Foundation

/// A value guarded by a lock, for state shared between tasks and URLSession's callbacks.
///
/// `Synchronization.Mutex` needs iOS 18 and macOS 15; Courier supports older systems, so this
/// wraps `NSLock`.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` goes through `lock`.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
