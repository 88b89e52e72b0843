import CourierTestSupport
import Foundation
import Testing

@testable import Courier

@Suite struct ByteChannelTests {
    private static func chunk(_ index: Int) -> Data { Data(repeating: UInt8(index % 256), count: 16 * 1024) }

    @Test func aProducerThatCannotWaitSpillsToDiskAndKeepsTheOrder() async throws {
        let channel = ByteChannel(capacity: 256 * 1024)
        // 32 MB arrive before the consumer reads anything, from a thread that is not a task's
        // (as URLSession's is), so that the disk writes never hold the tasks' few threads.
        let sent = try await offThePool { (0..<2048).allSatisfy { channel.sendSpilling(Self.chunk($0)) } }
        #expect(sent)
        channel.finish()
        #expect(channel.highWaterMark <= 256 * 1024 + 16 * 1024)
        var received = Data()
        while let next = try await channel.next() { received.append(next) }
        let expected = (0..<2048).reduce(into: Data()) { $0.append(Self.chunk($1)) }
        #expect(received == expected)
    }

    /// A reader too far behind gets what was buffered, then a clear error; the producer is told
    /// to stop at the chunk that would pass the cap.
    @Test func theSpillIsBounded() async throws {
        let channel = ByteChannel(capacity: 64 * 1024, maximumSpill: 256 * 1024)
        let accepted = try await offThePool { (0..<64).prefix { channel.sendSpilling(Self.chunk($0)) }.count }
        // 64 KB in memory, 256 KB on disk: 20 chunks of 16 KB, then no more.
        #expect(accepted == 20)
        var received = Data()
        let error = await #expect(throws: URLError.self) {
            while let next = try await channel.next() { received.append(next) }
        }
        #expect(error?.code == .dataLengthExceedsMaximum)
        #expect("\(String(describing: error))".contains("fell more than 262144 bytes behind"))
        #expect(received == (0..<accepted).reduce(into: Data()) { $0.append(Self.chunk($1)) })
    }

    @Test func spillingAndReadingInterleaved() async throws {
        let channel = ByteChannel(capacity: 64 * 1024)
        var received = Data()
        var expected = Data()
        for round in 0..<50 {
            for index in 0..<(round % 7 + 1) {
                let chunk = Self.chunk(round * 10 + index)
                expected.append(chunk)
                channel.sendSpilling(chunk)
            }
            if round % 3 != 0, let next = try await channel.next() { received.append(next) }
        }
        channel.finish()
        while let next = try await channel.next() { received.append(next) }
        #expect(received == expected)
    }

    @Test func aSuspendingProducerWaitsForTheConsumer() async throws {
        let channel = ByteChannel(capacity: 64 * 1024)
        let producer = Task {
            for index in 0..<200 { guard await channel.send(Self.chunk(index)) else { return } }
            channel.finish()
        }
        var received = Data()
        var reads = 0
        while let chunk = try await channel.next() {
            received.append(chunk)
            reads += 1
            if reads % 20 == 0 { try await Task.sleep(for: .milliseconds(20)) }
        }
        await producer.value
        #expect(received == (0..<200).reduce(into: Data()) { $0.append(Self.chunk($1)) })
        #expect(channel.highWaterMark <= 64 * 1024 + 16 * 1024)
    }

    @Test func theConsumerGoingAwayStopsTheProducer() async throws {
        let stopped = Locked(false)
        let channel = ByteChannel(capacity: 64 * 1024) { stopped.set(true) }
        let producer = Task { () -> Int in
            var sent = 0
            while await channel.send(Self.chunk(sent)) { sent += 1 }
            return sent
        }
        _ = try await channel.next()
        channel.terminate()
        let sent = await producer.value
        #expect(sent < 20)
        #expect(stopped.get())
    }

    @Test func dropppingABodyUnreadCancelsItsLoad() async {
        let stopped = Locked(false)
        do {
            let channel = ByteChannel { stopped.set(true) }
            _ = ResponseBody(channel: channel)
        }
        #expect(stopped.get())
    }

    @Test func aNetworkBodyCanBeIteratedOnce() async throws {
        let channel = ByteChannel()
        channel.sendSpilling(Data("a".utf8))
        channel.finish()
        let body = ResponseBody(channel: channel)
        #expect(try await body.collect(upTo: 1 << 20) == Data("a".utf8))
        await #expect(throws: ServiceError.self) { _ = try await body.collect(upTo: 1 << 20) }
    }
}

final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is touched only under `lock`.
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func get() -> Value { lock.withLock { value } }
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func mutate(_ change: (inout Value) -> Void) { lock.withLock { change(&value) } }
}
