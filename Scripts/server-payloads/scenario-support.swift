import Courier
import CourierTesting
import Foundation

// What every scenario shares; `scenario.sh` puts this file beside the scenario's `main.swift`.

/// The transport of a run: `record FILE` sends through the network and records every exchange
/// to a HAR file; `replay FILE` answers every request from that file, without the server, where
/// the same checks must pass; no arguments sends through the network only.
func scenarioTransport() throws -> any Transport {
    let arguments = CommandLine.arguments
    guard arguments.count == 3 else { return URLSessionTransport() }
    return try HTTPArchiveTransport(
        file: URL(fileURLWithPath: arguments[2]),
        mode: arguments[1] == "record" ? .record(through: URLSessionTransport()) : .replay)
}

nonisolated(unsafe) private var failures = 0

/// Prints one line for a check, counting it when it failed.
func check(_ condition: Bool, _ what: String) {
    print(condition ? "ok   " : "FAIL ", what)
    if !condition { failures += 1 }
}

/// Checks that `call` fails with the server's `status`, printing the server's message.
func checkFailure<Value>(
    _ status: Int, _ what: String, _ call: @Sendable () async throws -> Value
) async {
    do {
        _ = try await call()
        check(false, "\(what): no error")
    } catch ServiceError.server(let failure) {
        check(failure.status == status, "\(what): \(failure.status), \(failure.message ?? "no message")")
    } catch {
        check(false, "\(what): \(error)")
    }
}

/// Runs the scenario's checks, counting an error it throws as a failure, and exits 1 on any failure.
func runScenario(_ body: () async throws -> Void) async -> Never {
    do {
        try await body()
    } catch {
        print("FAIL thrown:", error)
        failures += 1
    }
    exit(failures == 0 ? 0 : 1)
}
