// SPDX-License-Identifier: Apache-2.0
#include "batchoutput.h"

#include "model/csv.h"
#include "solvers/batch/resultcolumns.h"

namespace aidc {

namespace {

std::string compact(const nlohmann::json &value)
{
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

const char *const kKeyColumns[] = {"project_file", "item",  "content_hash", "run_time",
                                   "status",       "error", "duration_s"};

} // namespace

std::string batchJsonLine(const BatchRow &row, const std::string &runTime)
{
    // Built by hand rather than as one json object so the key fields come first and the
    // (large) result document is not copied.
    std::string line = "{\"file\":" + compact(row.file) + ",\"item\":" + std::to_string(row.item) +
                       ",\"contentHash\":" + compact(row.contentHash) +
                       ",\"runTime\":" + compact(runTime) + ",\"status\":\"" + row.status() +
                       "\",\"durationS\":" + compact(row.durationS);
    if (!row.variant.is_null())
        line += ",\"variant\":" + compact(row.variant);
    if (row.ok)
        line += ",\"result\":" + compact(row.result);
    else
        line += ",\"error\":" + compact(row.error);
    line += "}\n";
    return line;
}

std::string csvCell(const nlohmann::json &value)
{
    if (value.is_null())
        return {};
    if (value.is_string())
        return value.get<std::string>();
    if (value.is_boolean())
        return value.get<bool>() ? "true" : "false";
    if (value.is_number_integer())
        return value.dump();
    if (value.is_number())
        return formatCsvNumber(value.get<double>());
    return compact(value);
}

BatchCsv::BatchCsv(std::vector<std::string> variantColumns)
    : m_variantColumns(std::move(variantColumns))
{
    for (const char *key : kKeyColumns)
        column(key);
    for (const std::string &pointer : m_variantColumns)
        column(pointer);
}

std::size_t BatchCsv::column(const std::string &name)
{
    const auto [it, added] = m_index.emplace(name, m_header.size());
    if (added)
        m_header.push_back(name);
    return it->second;
}

void BatchCsv::add(const BatchRow &row, const std::string &runTime)
{
    std::vector<std::string> cells(m_header.size());
    auto set = [&](const std::string &name, std::string value) {
        const std::size_t index = column(name);
        if (index >= cells.size())
            cells.resize(index + 1);
        cells[index] = std::move(value);
    };
    set("project_file", row.file);
    set("item", std::to_string(row.item));
    set("content_hash", row.contentHash);
    set("run_time", runTime);
    set("status", row.status());
    set("error", row.error);
    set("duration_s", formatCsvNumber(row.durationS));
    if (row.variant.is_object()) {
        for (const std::string &pointer : m_variantColumns) {
            if (row.variant.contains(pointer))
                set(pointer, csvCell(row.variant[pointer]));
        }
    }
    for (const ResultFamily &family : resultFamilies(row.result)) {
        for (const FlatColumn &flat : flattenJson(*family.section)) {
            if (!flat.jsonText)
                set(family.name + "." + flat.name, csvCell(flat.value));
        }
    }
    m_rows.push_back(std::move(cells));
}

std::string BatchCsv::text() const
{
    CsvTable table;
    table.header = m_header;
    table.rows = m_rows;
    for (std::vector<std::string> &cells : table.rows)
        cells.resize(m_header.size());
    return toCsv(table);
}

} // namespace aidc
