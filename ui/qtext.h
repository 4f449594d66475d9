// SPDX-License-Identifier: Apache-2.0
// The one conversion of the core's UTF-8 std::string into a QString, short because the views
// call it on nearly every label.
#pragma once

#include <QString>

#include <string>

namespace aidc::ui {

inline QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

} // namespace aidc::ui
