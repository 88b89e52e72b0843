// Compiled by Scripts/fuzz.sh with the generator's readers, with libFuzzer.
//
// Any bytes, read as YAML, as JSON and as whichever the first character says: a node or a
// `ReadError`, never a crash or a hang.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDocumentReader(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    for format in [DocumentReader.Format.detect, .yaml, .json] {
        var warnings: [ReadWarning] = []
        _ = try? DocumentReader.read(bytes, file: "fuzz", format: format, warnings: &warnings)
    }
    return 0
}
