import Foundation
import Testing

@testable import Courier

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct SessionLanesTests {
    @Test func callsOneAfterAnotherStayOnTheFirstSessionAndConcurrentCallsSpread() async throws {
        let lanes = SessionLanes(configuration: .ephemeral, count: 3, makeDelegateQueue: { nil })
        defer { lanes.finishTasksAndInvalidate() }
        func session(of lane: SessionLanes.Lane) -> ObjectIdentifier { ObjectIdentifier(lane.session) }
        let first = try await lanes.run { session(of: $0) }
        let again = try await lanes.run { session(of: $0) }
        #expect(first == again)
        // Exchanges under way at once each get a session of their own, and the first is free again after.
        let nested = try await lanes.run { outer in
            try await lanes.run { middle in
                try await lanes.run { inner in [session(of: outer), session(of: middle), session(of: inner)] }
            }
        }
        #expect(Set(nested).count == 3 && nested[0] == first)
        #expect(try await lanes.run { session(of: $0) } == first)
    }

    @Test func aFailingExchangeIsNoLongerCounted() async throws {
        let lanes = SessionLanes(configuration: .ephemeral, count: 2, makeDelegateQueue: { nil })
        defer { lanes.finishTasksAndInvalidate() }
        let first = try await lanes.run { ObjectIdentifier($0.session) }
        await #expect(throws: URLError.self) {
            try await lanes.run { _ in throw URLError(.timedOut) }
        }
        #expect(try await lanes.run { ObjectIdentifier($0.session) } == first)
    }

    @Test func oneSessionPerProcessorOnLinuxAndOneOnApplePlatforms() {
        #if canImport(FoundationNetworking)
            #expect(SessionLanes.defaultCount == min(ProcessInfo.processInfo.activeProcessorCount, 4))
        #else
            #expect(SessionLanes.defaultCount == 1)
        #endif
    }
}
