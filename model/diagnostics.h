// SPDX-License-Identifier: Apache-2.0
#pragma once

// Problems found while loading or evaluating: where (file and JSON pointer) and what.
// Loaders collect every problem rather than stopping at the first, so a user fixes a file in
// one pass. Solvers use the same type for warnings and design violations.

#include <string>
#include <vector>

namespace aidc {

enum class Severity { Warning, Error };

struct Diagnostic
{
    Severity severity = Severity::Error;
    std::string file;     // file the problem is in ("" when not from a file)
    std::string jsonPath; // RFC 6901 JSON pointer, e.g. "/pools/1/gpu"
    std::string message;  // plain sentence, no trailing period
    // Why the design accepts this warning (the project's /acknowledgedWarnings); "" = not
    // acknowledged. An acknowledged warning is still reported, with its reason.
    std::string acknowledged;

    // "file: /pools/1/gpu: unknown accelerator 'H900'" (parts that are empty are left out).
    std::string toString() const;
};

class Diagnostics
{
public:
    void error(std::string file, std::string jsonPath, std::string message);
    void warning(std::string file, std::string jsonPath, std::string message);
    void append(const Diagnostics &other);

    bool hasErrors() const;
    // Errors and the warnings no acknowledgement covers: what --strict and reviewers count.
    bool hasUnacknowledged() const;
    std::vector<Diagnostic> &items() { return m_items; }
    bool empty() const { return m_items.empty(); }
    const std::vector<Diagnostic> &items() const { return m_items; }
    std::string toString() const; // one diagnostic per line

private:
    std::vector<Diagnostic> m_items;
};

// Thrown by loaders that cannot return a value; carries every problem found.
class LoadError : public std::exception
{
public:
    explicit LoadError(Diagnostics diagnostics);
    const Diagnostics &diagnostics() const { return m_diagnostics; }
    const char *what() const noexcept override { return m_text.c_str(); }

private:
    Diagnostics m_diagnostics;
    std::string m_text;
};

} // namespace aidc
