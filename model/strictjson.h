// SPDX-License-Identifier: Apache-2.0
#pragma once

// The one JSON parser for every document the program reads (project files, catalog files,
// catalog overrides, sweep bases, GUI JSON editors) and the one bounded file reader.
//
// Strict in the ways a hand-edited file goes wrong: a duplicate key in one object is an error
// (nlohmann would silently keep the last value); malformed JSON, a number beyond the double
// range (1e309) and nesting deeper than kMaxJsonDepth are errors; each error names the file,
// the JSON pointer where known, and the line and column. Nothing here throws: every failure
// becomes a diagnostic, so no input can end the program (the recursive serializer and copy of
// nlohmann::json overflow the stack on a few tens of thousands of nesting levels, hence the
// depth limit).

#include "diagnostics.h"

#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace aidc {

// Deepest nesting of objects and arrays accepted (a project nests 6 levels; catalog overrides a
// few more). Documented in docs/project-format.md and docs/catalog-format.md.
constexpr std::size_t kMaxJsonDepth = 256;

// Largest project or catalog file read (documented in docs/cli.md): a larger file, or a device
// that never ends (/dev/zero), is refused instead of exhausting memory.
constexpr std::size_t kMaxJsonFileBytes = 256u << 20;

// Parses `text`. `file` and `pathPrefix` label the diagnostics (`pathPrefix` is the pointer of
// the text inside a larger document, e.g. "/catalogOverrides"). Returns nullopt after adding
// one error when the text cannot be parsed; a duplicate key adds an error for each repeat and
// parsing goes on (check diagnostics.hasErrors() afterwards).
std::optional<nlohmann::json> parseStrictJson(std::string_view text, const std::string &file,
                                              Diagnostics &diagnostics,
                                              const std::string &pathPrefix = "");

// Reads a whole file of at most kMaxJsonFileBytes; "-" reads standard input. On failure
// (missing, a directory, unreadable, too large) adds an error naming the file and returns
// nullopt. `what` names the document in messages ("project", "catalog file").
std::optional<std::string> readTextFile(const std::string &path, const std::string &what,
                                        Diagnostics &diagnostics);

// True when `text` is well-formed UTF-8 (RFC 3629: no overlong forms, no surrogates, nothing
// above U+10FFFF). JSON output of a string that is not would throw.
bool isValidUtf8(std::string_view text);

// Line and column (1-based) of byte `offset` of `text`: "line 3, column 7".
std::string lineAndColumn(std::string_view text, std::size_t offset);

} // namespace aidc
