// SPDX-License-Identifier: Apache-2.0
#pragma once

// The open project of a main window: the Qt-free Project, its file, its undo stack and the
// catalog it is checked against. Every change goes through edit(), which pushes a
// ProjectEditCommand onto the undo stack; the command calls the Qt-free mutator applyEdit()
// (model/projectedit.h). Views read project() and listen to changed().

#include "catalogs/catalog.h"
#include "model/diagnostics.h"
#include "model/project.h"
#include "model/projectedit.h"

#include <QObject>
#include <QString>
#include <QUndoCommand>

#include <memory>
#include <optional>

class QUndoStack;

namespace aidc::ui {

class ProjectDocument;

// One undoable edit. The first redo() installs the project the document already computed while
// validating the edit; later redo()/undo() re-apply the edit or its inverse through applyEdit().
// Consecutive edits of the same single field merge into one undo step.
class ProjectEditCommand : public QUndoCommand
{
public:
    ProjectEditCommand(ProjectDocument *document, ProjectEdit edit, ProjectEdit inverse,
                       Project edited);

    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    const ProjectEdit &edit() const { return m_edit; }

private:
    bool isSingleFieldSet() const;

    ProjectDocument *m_document;
    ProjectEdit m_edit;
    ProjectEdit m_inverse;
    std::optional<Project> m_prepared;
};

class ProjectDocument : public QObject
{
    Q_OBJECT

public:
    explicit ProjectDocument(QObject *parent = nullptr);
    ~ProjectDocument() override;

    const Project &project() const { return m_project; }
    QString filePath() const { return m_filePath; }
    QString displayName() const; // file name, or "Untitled"
    QUndoStack *undoStack() const { return m_undoStack; }
    bool isModified() const;

    // The base catalog the project's catalog references are checked against (may be null).
    void setCatalog(std::shared_ptr<const Catalog> catalog);
    std::shared_ptr<const Catalog> catalog() const { return m_catalog; }

    // Replaces the whole project (open, new, recover): clears the undo history.
    void reset(Project project, const QString &filePath, bool modified = false);
    void setFilePath(const QString &filePath);
    void markSaved();

    // Validates `edit` exactly as the loader would (and the project's catalog references) and,
    // when it is valid, pushes it as an undoable command. Returns the reasons for a refusal.
    Diagnostics edit(const ProjectEdit &edit);

    // Used by ProjectEditCommand only: apply an edit without pushing a command.
    void installProject(Project project);
    bool applyWithoutUndo(const ProjectEdit &edit, ProjectEdit *inverse);

signals:
    void changed();  // the project's content changed (edit, undo, redo, reset)
    void reloaded(); // reset(): a different project is now open
    void filePathChanged();
    void modifiedChanged(bool modified);

private:
    Diagnostics checkCatalogReferences(const Project &project) const;

    Project m_project;
    QString m_filePath;
    QUndoStack *m_undoStack;
    std::shared_ptr<const Catalog> m_catalog;
    bool m_modifiedWithoutUndo = false; // recovered work that differs from the file
};

} // namespace aidc::ui
