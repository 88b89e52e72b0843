// Runs one measurement in a process of its own, so that its peak memory is its own.
import Foundation

/// Runs this executable again with `arguments` and reads the numbers it prints.
/// - Parameters:
///   - arguments: The arguments that make the child measure one thing.
///   - count: How many numbers the child prints, separated by whitespace.
/// - Returns: The numbers, or `nil` (with the reason printed) when the child failed or printed
///   something else.
public func measureInChildProcess(_ arguments: [String], numbers count: Int) throws -> [Double]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let numbers = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
        Double($0)
    }
    guard process.terminationStatus == 0, numbers.count == count else {
        print("\(arguments.joined(separator: " ")): failed (status \(process.terminationStatus))")
        return nil
    }
    return numbers
}
