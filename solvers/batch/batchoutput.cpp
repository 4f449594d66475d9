// SPDX-License-Identifier: Apache-2.0
#include "batchoutput.h"

#include "model/atomicfile.h"
#include "model/csv.h"
#include "solvers/batch/resultcolumns.h"

#include <cstdlib>
#include <iostream>

#include <stdexcept>
#include <unistd.h>

namespace aidc {

namespace {

std::string compact(const nlohmann::json &value)
{
    return value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

const char *const kLeadingKeys[] = {"project_file", "item",  "content_hash", "run_time",
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

namespace {

// An anonymous (already unlinked) temporary file in `directory`, or null.
std::FILE *anonymousFile(const std::string &directory)
{
    std::string name = directory + "/aidc-batch-csv-XXXXXX";
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
        return nullptr;
    ::unlink(name.c_str());
    std::FILE *file = ::fdopen(fd, "w+b");
    if (!file)
        ::close(fd);
    return file;
}

} // namespace

BatchCsv::BatchCsv(std::vector<std::string> variantColumns)
    : m_variantColumns(std::move(variantColumns))
{
    const char *tmp = std::getenv("TMPDIR");
    m_spillDir = tmp && *tmp ? tmp : "/tmp";
    m_spill = anonymousFile(m_spillDir);
    for (const char *key : kLeadingKeys)
        column(key);
    for (const std::string &pointer : m_variantColumns)
        column(pointer);
}

BatchCsv::~BatchCsv()
{
    if (m_spill)
        std::fclose(m_spill);
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
    std::string record;
    appendCsvRecord(record, cells);
    if (!m_spill)
        throw BatchOutputError("cannot make the CSV's temporary file in " + m_spillDir +
                               ": set TMPDIR to a writable directory");
    if (std::fwrite(record.data(), 1, record.size(), m_spill) != record.size())
        throw BatchOutputError("cannot write the CSV's temporary file in " + m_spillDir +
                               " (full?): set TMPDIR to a directory with room");
    m_widths.push_back(std::uint32_t(cells.size()));
    m_bytes.push_back(std::uint32_t(record.size()));
}

template<typename Out> bool BatchCsv::emit(Out &&out) const
{
    std::string record;
    appendCsvRecord(record, m_header);
    if (!out(record))
        return false;
    if (!m_spill)
        return m_widths.empty();
    if (std::fflush(m_spill) != 0 || std::fseek(m_spill, 0, SEEK_SET) != 0)
        return false;
    bool ok = true;
    for (std::size_t i = 0; ok && i < m_widths.size(); ++i) {
        record.assign(m_bytes[i], '\0');
        ok = std::fread(record.data(), 1, record.size(), m_spill) == record.size();
        if (!ok)
            break;
        record.resize(record.size() - 2); // CRLF
        record.append(m_header.size() - m_widths[i], ',');
        record += "\r\n";
        ok = out(record);
    }
    std::fseek(m_spill, 0, SEEK_END); // add() goes on after the rows, whatever happened
    return ok;
}

std::string BatchCsv::text() const
{
    std::string text;
    if (!emit([&](const std::string &record) {
            text += record;
            return true;
        }))
        throw BatchOutputError("cannot read the CSV's temporary file back");
    return text;
}

std::string BatchCsv::save(const std::string &path) const
{
    if (path == "-") {
        const bool written = emit([](const std::string &record) {
            std::cout << record;
            return bool(std::cout);
        });
        std::cout.flush();
        return written && std::cout ? std::string() : "cannot write the CSV to standard output";
    }
    AtomicFileWriter file(path);
    if (!emit([&](const std::string &record) { return file.write(record); }))
        return file.error().empty() ? "cannot read the CSV's temporary file back" : file.error();
    const SaveResult saved = file.commit();
    return saved.ok ? std::string() : saved.error;
}

} // namespace aidc
