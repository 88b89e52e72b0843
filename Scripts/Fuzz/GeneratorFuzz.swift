// Compiled by Scripts/fuzz.sh with the generator, with libFuzzer.
//
// Any text as an OpenAPI description: generated files or a `GenerationError`, never a crash or a
// hang.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGenerator(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    _ = try? Generator(moduleName: "Fuzz").generate(text: text)
    return 0
}
