// courier: generates Swift clients from OpenAPI documents. See `CommandLineTool` for the commands.

import CourierGenerator
import Foundation

let tool = CommandLineTool(workingDirectory: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
exit(tool.run(Array(CommandLine.arguments.dropFirst())))
