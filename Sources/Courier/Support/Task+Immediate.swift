extension Task where Failure == Never {
    /// Starts a task that runs on the calling thread until it first suspends, where the runtime
    /// can (Swift 6.2's `Task.immediate`: everywhere on Linux; macOS 26, iOS 26 and their peers),
    /// which spares a hop to another thread before its work starts; elsewhere, a task as
    /// `Task.init` starts it.
    /// - Parameter operation: The task's work.
    /// - Returns: The task.
    static func startingHere(_ operation: @escaping @Sendable () async -> Success) -> Task<Success, Never> {
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                return Task.immediate(operation: operation)
            }
        #endif
        return Task(operation: operation)
    }
}
