import Foundation

/// The state a test waits for never came: the condition still failed after the bound.
public struct StateNeverReached: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// Waits until an asynchronous `condition` holds (a count the loopback server reports, a
/// value an actor holds), asking again after each answer.
/// - Parameters:
///   - what: What is awaited, for the error.
///   - bound: How long to wait before giving up.
///   - condition: The state awaited.
/// - Throws: ``StateNeverReached`` past `bound`; what `condition` throws.
public func waitUntil(
    _ what: String, bound: Duration = .seconds(30), asking condition: @Sendable () async throws -> Bool
) async throws {
    let giveUp = ContinuousClock.now + bound
    while try await !condition() {
        try Task.checkCancellation()
        guard ContinuousClock.now < giveUp else { throw StateNeverReached(description: "Never reached: \(what).") }
        await Task.yield()
    }
}

/// Waits until `condition` holds, checking it again each time other tasks have had a turn:
/// a test waits for a state (a call listed in flight, a second caller joined), never for a
/// guessed duration. The bound only stops a test that would otherwise hang.
/// - Parameters:
///   - what: What is awaited, for the error.
///   - bound: How long to wait before giving up.
///   - condition: The state awaited.
/// - Throws: ``StateNeverReached`` past `bound`; `CancellationError` when cancelled.
public func waitUntil(
    _ what: String, bound: Duration = .seconds(30), _ condition: @Sendable () -> Bool
) async throws {
    let giveUp = ContinuousClock.now + bound
    var turns = 0
    while !condition() {
        try Task.checkCancellation()
        guard ContinuousClock.now < giveUp else { throw StateNeverReached(description: "Never reached: \(what).") }
        turns += 1
        // Yields first; after many turns, backs off a little so a long wait does not spin a core.
        if turns < 1000 { await Task.yield() } else { try await Task.sleep(for: .milliseconds(1)) }
    }
}
