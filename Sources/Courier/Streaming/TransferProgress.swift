/// How far an upload or a download has got.
public struct TransferProgress: Sendable, Hashable {
    /// The bytes transferred so far.
    public var completedBytes: Int64
    /// The bytes to transfer in all, when known (a `Content-Length`, a file's size).
    public var totalBytes: Int64?

    /// Creates a progress value.
    /// - Parameters:
    ///   - completedBytes: The bytes transferred so far.
    ///   - totalBytes: The bytes to transfer in all, when known.
    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The fraction done, from 0 to 1, when the total is known.
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        guard totalBytes > 0 else { return 1 }
        return min(1, Double(completedBytes) / Double(totalBytes))
    }
}

/// Receives progress reports for one transfer.
public typealias TransferProgressHandler = @Sendable (TransferProgress) -> Void

/// Where a call's upload progress goes: set by the client around a call with a progress
/// handler, read by whatever reads the request body (``StreamedBody``'s chunks, or the URL
/// session's own upload of a file).
enum UploadProgress {
    @TaskLocal static var handler: TransferProgressHandler?
}

extension TransferProgress {
    /// The upload progress handler of the call being sent, when its caller asked for progress
    /// (``APIClient/send(_:progress:)``): a ``Transport`` reads it to report the progress
    /// of a body in memory. (A ``StreamedBody``'s chunks report theirs by themselves.)
    public static var uploadHandler: TransferProgressHandler? { UploadProgress.handler }
}
