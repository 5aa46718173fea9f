import Foundation
import SeekCLI
import SeekCore

// Entry point: parse arguments (after SEEK_DEFAULT_OPTS), load the catalog, then either answer
// non-interactively (--filter, --checked, --uncheck-all) or start the terminal app.
ProcessMemory.returnLargeBlocksToTheSystem()
ProcessEnd.exit(
  SeekCommand.run(
    Array(CommandLine.arguments.dropFirst()), face: Face(programName: CommandLine.arguments.first ?? "seek")))
