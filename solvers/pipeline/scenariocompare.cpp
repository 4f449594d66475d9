// SPDX-License-Identifier: Apache-2.0
#include "scenariocompare.h"

#include "report.h"
#include "resultfields.h"

#include "solvers/common/reportformat.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>

namespace aidc {

namespace {

constexpr std::array<const char *, compareSectionCount> kSectionKeys = {"figures", "capex", "bom",
                                                                        "violations"};
constexpr std::string_view kSummaryPrefix = "/summary/";

// Rows of one section keyed by item, in order of first appearance over the designs.
class SectionRows
{
public:
    SectionRows(CompareSection section, std::size_t designs)
        : m_section(section)
        , m_designs(designs)
    {
    }

    ComparedRow &row(const std::string &item)
    {
        const auto [it, added] = m_index.try_emplace(item, m_rows.size());
        if (added) {
            ComparedRow row;
            row.section = m_section;
            row.item = item;
            row.values.resize(m_designs);
            m_rows.push_back(std::move(row));
        }
        return m_rows[it->second];
    }

    void appendTo(std::vector<ComparedRow> &rows)
    {
        for (ComparedRow &row : m_rows)
            rows.push_back(std::move(row));
    }

private:
    CompareSection m_section;
    std::size_t m_designs;
    std::map<std::string, std::size_t> m_index;
    std::vector<ComparedRow> m_rows;
};

// The headline figures in the result document's order: every number of /summary (the pools'
// own figures are in the overview, not compared here).
void addFigures(const std::vector<NamedResult> &designs, std::vector<ComparedRow> &rows)
{
    std::vector<nlohmann::json> summaries;
    for (const NamedResult &design : designs)
        summaries.push_back(summaryToJson(design.result->summary));
    for (const ResultField &field : resultFields()) {
        const std::string_view pointer = field.pointer;
        if (pointer.substr(0, kSummaryPrefix.size()) != kSummaryPrefix)
            continue;
        const std::string key(pointer.substr(kSummaryPrefix.size()));
        if (key.find('/') != std::string::npos ||
            (field.type.find("number") == std::string::npos && field.type != "integer"))
            continue;
        ComparedRow row;
        row.section = CompareSection::Figures;
        row.item = key;
        row.description = field.description;
        row.unit = field.unit;
        for (const nlohmann::json &summary : summaries) {
            const auto it = summary.find(key);
            if (it == summary.end())
                row.values.emplace_back();
            else if (it->is_null()) // "nothing interrupts the job": an infinite MTBI
                row.values.emplace_back(std::numeric_limits<double>::infinity());
            else
                row.values.emplace_back(it->get<double>());
        }
        rows.push_back(std::move(row));
    }
}

void addCapex(const std::vector<NamedResult> &designs, std::vector<ComparedRow> &rows)
{
    for (int c = 0; c < costCategoryCount; ++c) {
        const auto category = CostCategory(c);
        ComparedRow row;
        row.section = CompareSection::Capex;
        row.item = costCategoryKey(category);
        row.description = costCategoryName(category);
        row.unit = "USD";
        bool any = false;
        for (const NamedResult &design : designs) {
            const std::vector<CategoryCost> &categories = design.result->cost.categories;
            if (std::size_t(c) < categories.size()) {
                row.values.emplace_back(categories[std::size_t(c)].capexUsd);
                any = any || categories[std::size_t(c)].capexUsd != 0;
            } else {
                row.values.emplace_back(); // the cost solver did not run
            }
        }
        if (any) // a category no design spends on says nothing
            rows.push_back(std::move(row));
    }
}

void addBom(const std::vector<NamedResult> &designs, std::vector<ComparedRow> &rows)
{
    SectionRows section(CompareSection::BillOfMaterials, designs.size());
    for (std::size_t d = 0; d < designs.size(); ++d) {
        for (const ProcurementLine &line : designs[d].result->procurement.lines) {
            if (!line.orderable)
                continue;
            const std::string item = line.lengthM > 0
                                         ? line.part + " " + formatSignificant(line.lengthM) + " m"
                                         : line.part;
            ComparedRow &row = section.row(item);
            if (row.description.empty())
                row.description = line.description;
            row.unit = line.unit;
            row.values[d] = row.values[d].value_or(0.0) + line.quantity;
        }
    }
    const std::size_t first = rows.size();
    section.appendTo(rows);
    // A part a priced design does not order is ordered 0 times; a design without a BOM (its
    // cost solver did not run) has no quantities.
    for (std::size_t d = 0; d < designs.size(); ++d) {
        if (designs[d].result->procurement.lines.empty())
            continue;
        for (std::size_t r = first; r < rows.size(); ++r)
            rows[r].values[d] = rows[r].values[d].value_or(0.0);
    }
}

void addViolations(const std::vector<NamedResult> &designs, std::vector<ComparedRow> &rows)
{
    SectionRows section(CompareSection::Violations, designs.size());
    for (std::size_t d = 0; d < designs.size(); ++d) {
        for (const Diagnostic &diagnostic : designs[d].result->diagnostics.items()) {
            std::string item = diagnostic.severity == Severity::Error ? "error" : "warning";
            if (!diagnostic.acknowledged.empty())
                item += " (acknowledged)";
            if (!diagnostic.jsonPath.empty())
                item += " " + diagnostic.jsonPath;
            // The same sentence at the same place is the same finding in every design.
            ComparedRow &row = section.row(item + '\n' + diagnostic.message);
            row.description = diagnostic.message;
            row.values[d] = 1.0;
        }
    }
    const std::size_t first = rows.size();
    section.appendTo(rows);
    for (std::size_t r = first; r < rows.size(); ++r)
        rows[r].item.erase(rows[r].item.find('\n'));
}

constexpr int kReadingDigits = 6;
constexpr double kSameRelative = 1e-9;
constexpr std::size_t kReadingDescriptionChars = 48;

// A number for a terminal: whole from 1,000 on ("1,397,402"), else 6 significant digits.
std::string readingNumber(double value)
{
    if (std::abs(value) >= 1000 && std::abs(value) < 1e15)
        return formatCount(std::llround(value));
    return formatSignificant(value, kReadingDigits);
}

std::string numberCell(const std::optional<double> &value, bool forReading)
{
    if (!value)
        return {};
    if (std::isinf(*value))
        return *value > 0 ? "inf" : "-inf";
    return forReading ? readingNumber(*value) : formatCsvNumber(*value);
}

// value - base without the binary remainder of the subtraction: 12 significant digits of the
// larger operand (or 6 for reading).
std::string differenceCell(double value, double base, bool forReading)
{
    const double difference = value - base;
    if (sameValue(value, base))
        return "0";
    const double scale = std::max(std::abs(value), std::abs(base));
    const int digits = int(std::ceil(std::log10(std::abs(difference) / scale))) +
                       (forReading ? kReadingDigits : 12);
    if (digits < 1) // below the precision kept: no digit of it is real
        return "0";
    const std::string text = formatSignificant(difference, std::clamp(digits, 1, 17));
    if (forReading && std::abs(difference) >= 1000)
        return readingNumber(difference);
    if (forReading)
        return text;
    double rounded = difference; // the text in the CSV's spelling (no exponent)
    std::from_chars(text.data(), text.data() + text.size(), rounded);
    return formatCsvNumber(rounded);
}

std::string descriptionCell(const std::string &description, bool forReading)
{
    if (!forReading || description.size() <= kReadingDescriptionChars)
        return description;
    return utf8Prefix(description, kReadingDescriptionChars - 1) + "…";
}

} // namespace

const char *compareSectionKey(CompareSection section)
{
    return kSectionKeys[std::size_t(section)];
}

std::optional<CompareSection> compareSectionFromKey(std::string_view key)
{
    for (std::size_t i = 0; i < kSectionKeys.size(); ++i)
        if (key == kSectionKeys[i])
            return CompareSection(i);
    return std::nullopt;
}

bool sameValue(const std::optional<double> &a, const std::optional<double> &b)
{
    if (!a || !b)
        return a.has_value() == b.has_value();
    if (*a == *b) // also two equal infinities
        return true;
    return std::isfinite(*a) && std::isfinite(*b) &&
           std::abs(*a - *b) <= kSameRelative * std::max(std::abs(*a), std::abs(*b));
}

bool ComparedRow::differs() const
{
    for (const std::optional<double> &value : values)
        if (!sameValue(value, values.front()))
            return true;
    return false;
}

ScenarioComparison compareScenarios(const std::vector<NamedResult> &designs)
{
    ScenarioComparison comparison;
    for (const NamedResult &design : designs)
        comparison.names.push_back(design.name);
    addFigures(designs, comparison.rows);
    addCapex(designs, comparison.rows);
    addBom(designs, comparison.rows);
    addViolations(designs, comparison.rows);
    return comparison;
}

std::vector<const ComparedRow *> selectedRows(const ScenarioComparison &comparison,
                                              const CompareTableOptions &options)
{
    std::vector<const ComparedRow *> rows;
    for (const ComparedRow &row : comparison.rows) {
        if (!(options.sections & (1u << unsigned(row.section))))
            continue;
        if (options.differencesOnly && !row.differs())
            continue;
        rows.push_back(&row);
    }
    return rows;
}

CsvTable comparisonTable(const ScenarioComparison &comparison, const CompareTableOptions &options)
{
    CsvTable table;
    table.header = {"section", "item", "description", "unit"};
    for (const std::string &name : comparison.names)
        table.header.push_back(name);
    for (std::size_t d = 1; d < comparison.names.size(); ++d)
        table.header.push_back(comparison.names[d] + " - " + comparison.names.front());
    for (const ComparedRow *row : selectedRows(comparison, options)) {
        const bool reading = options.forReading;
        std::vector<std::string> cells = {compareSectionKey(row->section), row->item,
                                          descriptionCell(row->description, reading), row->unit};
        const bool presence = row->section == CompareSection::Violations;
        for (const std::optional<double> &value : row->values)
            cells.push_back(presence ? (value ? "yes" : "") : numberCell(value, reading));
        const std::optional<double> &base = row->values.front();
        for (std::size_t d = 1; d < row->values.size(); ++d) {
            const std::optional<double> &value = row->values[d];
            if (presence)
                cells.push_back(value == base ? "" : value ? "added" : "removed");
            else if (value && base && std::isfinite(*value) && std::isfinite(*base))
                cells.push_back(differenceCell(*value, *base, reading));
            else
                cells.emplace_back();
        }
        table.rows.push_back(std::move(cells));
    }
    return table;
}

} // namespace aidc
