// SPDX-License-Identifier: Apache-2.0
#pragma once

// `aidc optimize` (issue 24, docs/optimize.md): parses the search's options and calls the
// Qt-free design search in solvers/optimize/.

#include "app/cliargs.h"

#include <string>

namespace aidc::cli {

CommandSpec optimizeCommandSpec();

// Runs a parsed optimize command; returns the exit code: 0 a front was found (or merged),
// 1 no candidate is feasible (the message names the constraint and the closest candidate's
// slack), 2 usage error (a bad --vary, --objectives, --constraint or number), 3 the base
// project, the catalog or a front to merge could not be loaded, 4 an output could not be
// written.
int runOptimizeCommand(const ParsedArgs &args, const std::string &executablePath);

} // namespace aidc::cli
