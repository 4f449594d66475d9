// SPDX-License-Identifier: Apache-2.0
#pragma once

// Autosave and recovery files (as Qt Creator, LibreOffice and KiCad keep them
// [ref:qtcreator-autosave; ref:libreoffice-autosave; ref:kicad-autosave]): unsaved work is written
// every few minutes to a recovery file beside the project, `<file>.autosave` (never over the file
// itself; untitled projects go to the application data folder), through the atomic-save helper. A
// saved project removes its recovery file; an open offers a recovery file newer than the project.

#include "model/project.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace aidc::ui {

// "<file>.autosave", or "<app data>/untitled.autosave" for a project without a file.
QString autosavePathFor(const QString &projectPath);

// Free space an autosave leaves on the recovery file's volume: a background copy must never be
// what fills the disk the user's own saves and the system need.
constexpr qint64 kAutosaveReserveBytes = 64LL * 1024 * 1024;

// Writes the project's JSON to its recovery file. "" on success, else why it failed. When the
// volume would keep less than `reserveBytes` free (plus room for the temporary copy the atomic
// save writes), nothing is written and the reason says how much space is free.
QString writeAutosave(const Project &project, const QString &projectPath,
                      qint64 reserveBytes = kAutosaveReserveBytes);

void removeAutosave(const QString &projectPath);

// When a recovery file exists that is newer than the project file (or the project has no
// file), its modification time.
std::optional<QDateTime> pendingAutosave(const QString &projectPath);

} // namespace aidc::ui
