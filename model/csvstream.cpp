// SPDX-License-Identifier: Apache-2.0
#include "csvstream.h"

namespace aidc {

CsvStreamWriter::CsvStreamWriter(const std::string &path, const CsvDialect &dialect)
    : m_out(path)
    , m_dialect(dialect)
{
}

void CsvStreamWriter::add(const std::vector<std::string> &fields)
{
    appendCsvRecord(m_out.buffer(), fields, m_dialect);
    ++m_records;
    m_out.flushIfFull();
}

} // namespace aidc
