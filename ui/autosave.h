#pragma once

// Autosave and recovery files (handbook reliability.md §6): unsaved work is written every few
// minutes to a recovery file beside the project, `<file>.autosave` (never over the file itself;
// untitled projects go to the application data folder), through the atomic-save helper. A saved
// project removes its recovery file; an open offers a recovery file newer than the project.

#include "model/project.h"

#include <QDateTime>
#include <QString>

#include <optional>

namespace aidc::ui {

// "<file>.autosave", or "<app data>/untitled.autosave" for a project without a file.
QString autosavePathFor(const QString &projectPath);

// Writes the project's JSON to its recovery file. "" on success, else why it failed.
QString writeAutosave(const Project &project, const QString &projectPath);

void removeAutosave(const QString &projectPath);

// When a recovery file exists that is newer than the project file (or the project has no
// file), its modification time.
std::optional<QDateTime> pendingAutosave(const QString &projectPath);

} // namespace aidc::ui
