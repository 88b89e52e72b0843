import Courier
import Foundation
import NIOCore
import NIOPosix
import Testing

@testable import CourierAsyncHTTPClient

/// How the AsyncHTTPClient transport paces a streamed upload: after each megabyte it hands
/// over, it waits until the event loops have run what was queued on them.
@Suite struct ByteBufferChunksTests {
    /// A body of `count` chunks of 256 KB, from a sequence.
    private func body(chunks count: Int) -> StreamedBody {
        let chunk = Data(repeating: 7, count: 256 * 1024)
        return .sequence(
            AsyncStream { continuation in
                for _ in 0..<count { continuation.yield(chunk) }
                continuation.finish()
            })
    }

    /// Runs `body` with a group of two event loops, shut down afterwards.
    private func withEventLoops(_ body: (MultiThreadedEventLoopGroup) async throws -> Void) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 2)
        do {
            try await body(group)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        try await group.shutdownGracefully()
    }

    @Test func afterAMegabyteTheNextChunkWaitsForABusyEventLoop() async throws {
        try await withEventLoops { group in
            var chunks = ByteBufferChunks(chunks: body(chunks: 6).makeAsyncIterator(), eventLoops: group)
                .makeAsyncIterator()
            // The first megabyte goes without waiting, even while a loop is busy.
            let busy = DispatchSemaphore(value: 0)
            defer { busy.signal() }  // Never leaves the loop blocked, so the group can shut down.
            let released = Locked(false)
            let loops = Array(group.makeIterator())
            loops[1].execute { busy.wait() }
            for _ in 0..<4 { #expect(try await chunks.next()?.readableBytes == 256 * 1024) }
            // The fifth waits until the busy loop has run what was queued on it.
            let release = Task {
                try await Task.sleep(for: .milliseconds(100))
                released.set(true)
                busy.signal()
            }
            let fifth = try await chunks.next()
            let wasReleased = released.get()
            try await release.value
            #expect(fifth?.readableBytes == 256 * 1024)
            #expect(wasReleased, "The chunk after a megabyte was handed over while an event loop was still busy.")
        }
    }

    @Test func everyByteIsHandedOver() async throws {
        try await withEventLoops { group in
            var total = 0
            var chunks = ByteBufferChunks(chunks: body(chunks: 9).makeAsyncIterator(), eventLoops: group)
                .makeAsyncIterator()
            while let chunk = try await chunks.next() { total += chunk.readableBytes }
            #expect(total == 9 * 256 * 1024)
        }
    }
}
