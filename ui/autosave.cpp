// SPDX-License-Identifier: Apache-2.0
#include "autosave.h"

#include "model/atomicfile.h"
#include "model/projectjson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QStorageInfo>

namespace aidc::ui {

QString autosavePathFor(const QString &projectPath)
{
    if (!projectPath.isEmpty())
        return projectPath + QStringLiteral(".autosave");
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath(QStringLiteral("untitled.autosave"));
}

QString writeAutosave(const Project &project, const QString &projectPath, qint64 reserveBytes)
{
    const QString path = autosavePathFor(projectPath);
    const QString directory = QFileInfo(path).absolutePath();
    QDir().mkpath(directory);
    std::string text;
    try {
        text = projectToJson(project);
    } catch (const std::invalid_argument &e) {
        return QObject::tr("%1: cannot write: %2").arg(path, QString::fromUtf8(e.what()));
    }
    const QStorageInfo volume(directory);
    const qint64 needed = qint64(text.size()) + reserveBytes;
    if (volume.isValid() && volume.bytesAvailable() >= 0 && volume.bytesAvailable() < needed) {
        const double mib = 1024.0 * 1024.0;
        return QObject::tr("only %1 MiB free on %2 (%3 MiB kept free): recovery copy not written")
            .arg(volume.bytesAvailable() / mib, 0, 'f', 1)
            .arg(volume.rootPath())
            .arg(reserveBytes / mib, 0, 'f', 0);
    }
    const SaveResult saved = saveFileAtomically(path.toStdString(), text);
    return saved.ok ? QString() : QString::fromStdString(saved.error);
}

void removeAutosave(const QString &projectPath)
{
    QFile::remove(autosavePathFor(projectPath));
}

std::optional<QDateTime> pendingAutosave(const QString &projectPath)
{
    const QFileInfo autosave(autosavePathFor(projectPath));
    if (!autosave.exists())
        return std::nullopt;
    if (!projectPath.isEmpty()) {
        const QFileInfo project(projectPath);
        if (project.exists() && project.lastModified() > autosave.lastModified())
            return std::nullopt;
    }
    return autosave.lastModified();
}

} // namespace aidc::ui
