// SPDX-License-Identifier: Apache-2.0
#pragma once

// The bulk commands of `aidc` (docs/batch.md):
//   batch FILES/GLOBS...        evaluate many projects on every core,
//   sweep FILE --set PATH=V,... evaluate the Cartesian product of field values,
//   merge OUT.db IN.db...       join the results databases of shards.
// Each parses its options here and calls the Qt-free core in solvers/batch/.

#include "app/cliargs.h"

#include <string>
#include <vector>

namespace aidc::cli {

// Writes `text` to `path` atomically, or to standard output for "-"; on failure prints
// "aidc COMMAND: why" and returns ExitOutput.
int writeOutput(const std::string &path, const std::string &text, const std::string &command);

// The CommandSpecs of batch, sweep and merge, for the CLI's command table and --help.
std::vector<CommandSpec> batchCommandSpecs();

// Runs a parsed batch, sweep or merge command and returns the exit code: 0 every item
// evaluated without errors, 1 some item failed to load or has error diagnostics (what makes
// `aidc eval` exit 3), 2 usage error, 3 the catalog, sweep base or a merge input could
// not be loaded, 4 an output (CSV, JSONL, database) could not be written.
// `executablePath` locates the installed catalog when --catalog is not given.
int runBatchCommand(const ParsedArgs &args, const std::string &executablePath);

} // namespace aidc::cli
