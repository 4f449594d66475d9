// SPDX-License-Identifier: Apache-2.0
#pragma once

// Side by side: N evaluated designs (two or more) in one table, the first the baseline, so a
// review can answer "what changes from this design to those?" at one glance. Four sections:
//   figures     every headline figure of the result's /summary (units from resultfields.json);
//   capex       capex per cost category (solvers/cost/cost.h);
//   bom         the quantity of every orderable part (one row per part and stock length);
//   violations  every error, warning and violation, present or not in each design.
// `aidc compare --side-by-side` prints it and the GUI's Compare dock shows and exports it, so
// both list the same rows. Each design is evaluated once (no uncertainty: `aidc compare A B`
// without --side-by-side says whether a difference is beyond the figures' uncertainty).

#include "pipeline.h"

#include "model/csv.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aidc {

enum class CompareSection { Figures, Capex, BillOfMaterials, Violations };
inline constexpr int compareSectionCount = 4;
const char *compareSectionKey(CompareSection section); // "figures", "capex", "bom", "violations"
std::optional<CompareSection> compareSectionFromKey(std::string_view key);

struct ComparedRow
{
    CompareSection section = CompareSection::Figures;
    // figures: the summary key ("capexUsd"); capex: the category key ("compute"); bom: the part
    // id, with its stock length for cut-to-length items ("AOC-400G 30 m"); violations: the
    // severity and the JSON pointer ("warning /network/planes/0").
    std::string item;
    // figures: the result field's meaning; capex: the category's name; bom: the part's
    // description; violations: the message.
    std::string description;
    std::string unit; // "USD", "W", "count", a BOM line's unit; "" for violations
    // One per design, in the comparison's order; unset: the design has no such figure, part or
    // diagnostic. A violation present is 1.
    std::vector<std::optional<double>> values;

    // Not every design has the same value (sameValue(); a figure one design lacks counts as a
    // difference).
    bool differs() const;
};

// Two values are the same when both are unset, or both set and equal to 1e-9 of the larger (a
// sum taken in another order): the one rule behind differs(), a difference written "0" and the
// GUI's "=".
bool sameValue(const std::optional<double> &a, const std::optional<double> &b);

struct ScenarioComparison
{
    std::vector<std::string> names; // the designs, the baseline first
    std::vector<ComparedRow> rows;  // by section, then in the section's own order
};

struct NamedResult
{
    std::string name;
    const Result *result = nullptr;
};

// Needs at least one design; the first is the baseline.
ScenarioComparison compareScenarios(const std::vector<NamedResult> &designs);

struct CompareTableOptions
{
    bool differencesOnly = false; // leave out rows where every design agrees
    // Bit (1 << int(section)) per section to include; all by default.
    unsigned sections = (1u << compareSectionCount) - 1;
    // For a terminal: numbers to 6 significant digits and descriptions cut to 48 characters.
    // Otherwise (CSV, XLSX) every number in full precision and every description whole.
    bool forReading = false;
};

// The comparison as a table: section, item, description, unit, one column per design, then one
// "<design> - <baseline>" column per other design. Numbers are written locale-free
// (formatCsvNumber); a difference is rounded to 12 significant digits of the larger operand, so
// that 1117921.6 - 1101140.8 reads -16780.8, not its binary remainder. A violation reads "yes"
// where present, and its difference "added" or "removed".
CsvTable comparisonTable(const ScenarioComparison &comparison,
                         const CompareTableOptions &options = {});

// Rows kept by `options`, in order: what comparisonTable() writes and the GUI shows.
std::vector<const ComparedRow *> selectedRows(const ScenarioComparison &comparison,
                                              const CompareTableOptions &options);

} // namespace aidc
