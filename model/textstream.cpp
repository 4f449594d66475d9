// SPDX-License-Identifier: Apache-2.0
#include "textstream.h"

#include <iostream>

namespace aidc {

namespace {
constexpr std::size_t kPiece = std::size_t(1) << 20;
}

TextStreamWriter::TextStreamWriter(const std::string &path)
{
    if (!path.empty() && path != "-") {
        m_file.emplace(path);
        if (!m_file->ok())
            m_error = m_file->error();
    }
    m_buffer.reserve(kPiece + 4096);
}

void TextStreamWriter::append(std::string_view text)
{
    m_buffer += text;
    flushIfFull();
}

void TextStreamWriter::flushIfFull()
{
    if (m_buffer.size() >= kPiece)
        flush();
}

bool TextStreamWriter::flush()
{
    if (!ok()) {
        m_buffer.clear();
        return false;
    }
    if (m_file) {
        if (!m_file->write(m_buffer))
            m_error = m_file->error();
    } else {
        std::cout.write(m_buffer.data(), std::streamsize(m_buffer.size()));
        if (!std::cout)
            m_error = "cannot write to standard output";
    }
    m_buffer.clear();
    return ok();
}

SaveResult TextStreamWriter::commit()
{
    if (!flush())
        return {false, m_error};
    if (!m_file) {
        std::cout.flush();
        if (!std::cout)
            return {false, "cannot write to standard output"};
        return {true, {}};
    }
    SaveResult saved = m_file->commit();
    if (!saved.ok)
        m_error = saved.error;
    return saved;
}

} // namespace aidc
