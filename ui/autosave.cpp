#include "autosave.h"

#include "model/atomicfile.h"
#include "model/projectjson.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>

namespace aidc::ui {

QString autosavePathFor(const QString &projectPath)
{
    if (!projectPath.isEmpty())
        return projectPath + QStringLiteral(".autosave");
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath(QStringLiteral("untitled.autosave"));
}

QString writeAutosave(const Project &project, const QString &projectPath)
{
    const QString path = autosavePathFor(projectPath);
    QDir().mkpath(QFileInfo(path).absolutePath());
    const SaveResult saved = saveProjectFile(project, path.toStdString());
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
