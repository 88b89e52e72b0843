#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Android)
    import Android
#endif

/// A pointer each thread holds for itself (a POSIX thread-specific key): how generated code's
/// decoding passes what one synchronous step knows to the next without a parameter that
/// `Decodable` has no room for (`UndeclaredKeyListing`, `ObjectHandoff`), and keeps a cache per
/// thread (`KeyNames.cached(_:)`).
///
/// A slot is made once, as a `static let`, and never freed.
struct ThreadSlot: Sendable {
    private let key: pthread_key_t

    /// Creates a slot.
    /// - Parameter releasesObjectOnThreadExit: Whether the pointer a thread leaves in the slot
    ///   is a retained object to release when that thread exits (`Unmanaged.passRetained`);
    ///   otherwise the slot only borrows what it holds.
    init(releasesObjectOnThreadExit: Bool = false) {
        var key = pthread_key_t()
        let status: Int32
        if releasesObjectOnThreadExit {
            status = pthread_key_create(&key) { object in
                #if canImport(Darwin)
                    Unmanaged<AnyObject>.fromOpaque(object).release()
                #else
                    if let object { Unmanaged<AnyObject>.fromOpaque(object).release() }
                #endif
            }
        } else {
            status = pthread_key_create(&key, nil)
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        self.key = key
    }

    /// What this thread holds in the slot, `nil` at first.
    var value: UnsafeMutableRawPointer? {
        get { pthread_getspecific(key) }
        nonmutating set { pthread_setspecific(key, newValue) }
    }
}
