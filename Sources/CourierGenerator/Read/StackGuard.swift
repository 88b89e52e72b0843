import Foundation

/// Tells a recursive reader when the thread's stack is nearly used up, so that a document nested
/// deeper than the stack can take fails with an error instead of crashing the process.
///
/// A nesting limit alone does not do it: how much stack a level takes depends on the build (a
/// debug build's frames are several times a release build's) and how much stack there is on the
/// thread (8 MB on a main thread, 512 KB on many others). The guard finds the thread's stack
/// bounds once and compares each level's stack address with them. Readers also run with a large
/// stack (``withDeepStack(_:)``), so on every platform it is a backstop.
package struct StackGuard {
    /// The calling thread's stack, lowest address first; `nil` where it is unknown.
    private let stack: Range<UInt>?

    /// The stack kept free below the last level allowed: enough for the deepest work a reader
    /// does between two levels, in a debug build.
    package static let reserve = 128 << 10

    /// A guard for the calling thread; use it on that thread only.
    package init() {
        stack = Self.stackBounds()
    }

    /// Whether another level of recursion fits on the stack. Always, where the stack cannot be
    /// measured.
    package var hasRoom: Bool { Self.stackLeft(on: stack).map { $0 > Self.reserve } ?? true }

    /// How many bytes of `stack` are left below the caller, or `nil` when the caller's locals are
    /// not on it (the bounds are unknown, or AddressSanitizer keeps locals elsewhere).
    private static func stackLeft(on stack: Range<UInt>?) -> Int? {
        let address = currentAddress()
        guard let stack, stack.contains(address) else { return nil }
        return Int(address - stack.lowerBound)
    }

    /// The stack a reader gets: enough for the deepest nesting it allows (512 levels) in a
    /// debug build.
    package static let deepStackSize = 16 << 20

    /// Runs `body` with at least ``deepStackSize`` of stack: on the calling thread when it has
    /// that much left, else on a thread of its own, which the calling thread waits for. Threads
    /// other than the main one have small stacks (512 KB on Apple platforms), on which a debug
    /// build reads only some twenty levels of YAML.
    package static func withDeepStack<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure)
        -> Value
    {
        if let left = stackLeft(on: stackBounds()), left >= deepStackSize { return try body() }
        let result = withoutActuallyEscaping(body) { body in
            // The thread runs `body` while this one waits for it, so nothing is shared meanwhile.
            // It lets go of `body` before it signals: `body` must not outlive this call.
            let work = UnsafeTransfer<(() throws(Failure) -> Value)?>(body)
            let outcome = UnsafeTransfer<Result<Value, Failure>?>(nil)
            let finished = DispatchSemaphore(value: 0)
            let thread = Thread {
                outcome.value = Result { () throws(Failure) in try work.value!() }
                work.value = nil
                finished.signal()
            }
            thread.stackSize = deepStackSize
            thread.start()
            finished.wait()
            return outcome.value!
        }
        return try result.get()
    }

    @inline(never)
    private static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The calling thread's stack (stacks grow down, to the lower bound, on every platform
    /// Courier builds for).
    private static func stackBounds() -> Range<UInt>? {
        #if canImport(Darwin)
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            return (top - UInt(pthread_get_stacksize_np(thread)))..<top
        #elseif canImport(Glibc) || canImport(Musl)
            // A GNU extension that the C library module does not declare: looked up by name.
            typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> CInt
            guard let symbol = dlsym(nil, "pthread_getattr_np") else { return nil }
            let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
            var attributes = pthread_attr_t()
            guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
            defer { pthread_attr_destroy(&attributes) }
            var address: UnsafeMutableRawPointer?
            var size = 0
            guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
            let end = UInt(bitPattern: address)
            return end..<(end + UInt(size))
        #else
            return nil
        #endif
    }
}

/// A value handed to another thread while its owner waits for that thread: never touched by two
/// threads at once.
private final class UnsafeTransfer<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
