// SPDX-License-Identifier: Apache-2.0
#include "diagnostics.h"

namespace aidc {

std::string Diagnostic::toString() const
{
    std::string text;
    if (!file.empty())
        text += file + ": ";
    if (!jsonPath.empty())
        text += jsonPath + ": ";
    if (severity == Severity::Warning)
        text += acknowledged.empty() ? "warning: " : "acknowledged warning: ";
    text += message;
    if (!acknowledged.empty())
        text += " (acknowledged: " + acknowledged + ")";
    return text;
}

void Diagnostics::error(std::string file, std::string jsonPath, std::string message)
{
    m_items.push_back(
        {Severity::Error, std::move(file), std::move(jsonPath), std::move(message), {}});
}

void Diagnostics::warning(std::string file, std::string jsonPath, std::string message)
{
    m_items.push_back(
        {Severity::Warning, std::move(file), std::move(jsonPath), std::move(message), {}});
}

void Diagnostics::append(const Diagnostics &other)
{
    m_items.insert(m_items.end(), other.m_items.begin(), other.m_items.end());
}

bool Diagnostics::hasErrors() const
{
    for (const Diagnostic &d : m_items) {
        if (d.severity == Severity::Error)
            return true;
    }
    return false;
}

bool Diagnostics::hasUnacknowledged() const
{
    for (const Diagnostic &d : m_items) {
        if (d.severity == Severity::Error || d.acknowledged.empty())
            return true;
    }
    return false;
}

std::string Diagnostics::toString() const
{
    std::string text;
    for (const Diagnostic &d : m_items)
        text += d.toString() + '\n';
    return text;
}

LoadError::LoadError(Diagnostics diagnostics)
    : m_diagnostics(std::move(diagnostics))
    , m_text(m_diagnostics.toString())
{
}

} // namespace aidc
