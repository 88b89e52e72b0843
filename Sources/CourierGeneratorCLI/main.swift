import CourierGenerator
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "dump", arguments.count == 2 {
    do {
        let start = ContinuousClock.now
        let node = try DocumentReader.read(contentsOf: URL(fileURLWithPath: arguments[1]))
        let elapsed = ContinuousClock.now - start
        FileHandle.standardError.write(Data("read in \(elapsed)\n".utf8))
        print(node.canonicalJSON)
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
