import Foundation

/// What the copies of a streamed ``ResponseBody`` and its iterator share: actions to run once
/// when the body ends.
///
/// The body ends when its last chunk has been read, when reading it throws, when it is
/// cancelled or its iteration abandoned, or when every copy of it is gone unread. The client
/// uses the end to keep a streamed call among its in-flight requests until then, so that it
/// can be cancelled by id while its body is read.
final class BodyLifetime: @unchecked Sendable {
    // @unchecked: every mutable property is touched only under `lock`.
    private let lock = NSLock()
    private var endActions: [@Sendable () -> Void] = []
    private var hasEnded = false

    deinit {
        // Dropped before its end: nothing will read it any more.
        for action in endActions { action() }
    }

    /// Adds an action to run once when the body ends; at once if it has ended already.
    func onEnd(_ action: @escaping @Sendable () -> Void) {
        let runNow = lock.withLock {
            if !hasEnded { endActions.append(action) }
            return hasEnded
        }
        if runNow { action() }
    }

    /// The body has ended: runs the end actions, once.
    func end() {
        let actions = lock.withLock {
            defer {
                hasEnded = true
                endActions = []
            }
            return hasEnded ? [] : endActions
        }
        for action in actions { action() }
    }
}
