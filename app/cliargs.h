// SPDX-License-Identifier: Apache-2.0
#pragma once

// Argument parsing for the `aidc` command line: `aidc <command> [options] [files...]`.
// Each command declares its options; anything else is a usage error (exit code 2).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace aidc::cli {

// Exit codes of `aidc`, documented in docs/cli.md and `aidc --help`.
enum ExitCode : int {
    ExitOk = 0,
    ExitViolations = 1,  // --strict and the design has violations (or a batch item failed)
    ExitUsage = 2,       // unknown command or option, missing argument
    ExitInput = 3,       // a project or catalog failed to load or validate
    ExitOutput = 4,      // an output file could not be written
    ExitInternal = 5,    // an unexpected failure (a bug: please report it)
    ExitInterrupted = 6, // batch/sweep stopped by SIGTERM or SIGINT: the rows done are kept
};

struct OptionSpec
{
    std::string name; // "--format"
    bool takesValue = false;
    std::string valueName; // "text|json"
    std::string help;
    bool repeatable = false;
};

struct CommandSpec
{
    std::string name;
    std::string synopsis; // "eval FILE [options]"
    std::string summary;  // one line
    std::string details;  // paragraph(s) for `aidc <command> --help`
    std::vector<OptionSpec> options;
    int minPositional = 0;
    int maxPositional = 1; // -1: unbounded
};

struct ParsedArgs
{
    std::string command;
    std::vector<std::string> positional;
    std::map<std::string, std::vector<std::string>> values; // option -> values (flags: {""})
    bool help = false;

    bool has(const std::string &option) const { return values.count(option) > 0; }
    std::string value(const std::string &option, const std::string &fallback = {}) const;
    std::vector<std::string> all(const std::string &option) const;
    // The option's value when it was given (even as ""), else nothing.
    std::optional<std::string> given(const std::string &option) const;
};

// The --catalog option of every command that loads the catalog, and the environment variables
// that choose the catalog (for the help texts and man pages of both programs).
const OptionSpec &catalogOption();
const std::vector<std::pair<std::string, std::string>> &catalogEnvironment();

// Returns the parsed arguments, or an error message (usage error) in `error`.
std::optional<ParsedArgs> parseArgs(const std::vector<CommandSpec> &commands,
                                    const std::vector<std::string> &args, std::string &error);

std::string commandHelp(const CommandSpec &command);

// The value of `option` as a whole number in [low, high]; nullopt and "--jobs needs a whole
// number from 1 to 1024, got 'x'" in `error` otherwise.
std::optional<long long> wholeNumber(const ParsedArgs &args, const std::string &option,
                                     long long low, long long high, std::string &error);

// The value of `option` as a random seed, any whole number from 0 to 2^64 - 1; nullopt and why
// in `error` otherwise.
std::optional<std::uint64_t> seedNumber(const ParsedArgs &args, const std::string &option,
                                        std::string &error);

// The documented exit codes, for --help, the man page and the docs.
const std::vector<std::pair<int, std::string>> &exitCodeDescriptions();

// A roff man page (section 1) of `program` from the same command tables as --help, so the two
// cannot drift: NAME, SYNOPSIS, DESCRIPTION, one subsection per command with its options,
// EXIT STATUS and ENVIRONMENT.
std::string manPage(const std::string &program, const std::string &description,
                    const std::vector<CommandSpec> &commands,
                    const std::vector<std::pair<std::string, std::string>> &environment);

// The manual of a program with a single command line (aidc-planner), for manPage() below.
struct ProgramManual
{
    std::string program;     // "aidc-planner"
    std::string summary;     // the NAME line
    std::string synopsis;    // after the program name: "[options] [FILE]"
    std::string description; // paragraphs
    std::vector<OptionSpec> options;
    std::vector<std::pair<int, std::string>> exitCodes;
    std::vector<std::pair<std::string, std::string>> environment;
    std::string seeAlso;
};

// A roff man page (section 1) of that program from the option table behind its --help: NAME,
// SYNOPSIS, DESCRIPTION, OPTIONS, EXIT STATUS, ENVIRONMENT, SEE ALSO.
std::string manPage(const ProgramManual &manual);

// Shell completion scripts (bash, zsh, fish) for `program`'s commands and their options.
// Returns "" for an unknown shell.
std::string completionScript(const std::string &shell, const std::string &program,
                             const std::vector<CommandSpec> &commands);

} // namespace aidc::cli
