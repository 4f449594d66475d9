// SPDX-License-Identifier: Apache-2.0
#include "projectdocument.h"

#include "solvers/pipeline/loading.h"

#include <QFileInfo>
#include <QUndoStack>

#include <map>

namespace aidc::ui {

namespace {

constexpr int kFieldEditId = 0x41494443; // "AIDC": merge id of single-field edits

} // namespace

ProjectEditCommand::ProjectEditCommand(ProjectDocument *document, ProjectEdit edit,
                                       ProjectEdit inverse, Project edited)
    : m_document(document)
    , m_edit(std::move(edit))
    , m_inverse(std::move(inverse))
    , m_prepared(std::move(edited))
{
    setText(QString::fromStdString(m_edit.description));
}

void ProjectEditCommand::redo()
{
    if (m_prepared) {
        m_document->installProject(std::move(*m_prepared));
        m_prepared.reset();
        return;
    }
    m_document->applyWithoutUndo(m_edit, &m_inverse);
}

void ProjectEditCommand::undo()
{
    m_document->applyWithoutUndo(m_inverse, nullptr);
}

bool ProjectEditCommand::isSingleFieldSet() const
{
    return m_edit.operations.size() == 1 &&
           m_edit.operations.front().kind == EditOperation::Kind::Set;
}

int ProjectEditCommand::id() const
{
    return isSingleFieldSet() ? kFieldEditId : -1;
}

bool ProjectEditCommand::mergeWith(const QUndoCommand *other)
{
    const auto *next = dynamic_cast<const ProjectEditCommand *>(other);
    if (!next || !isSingleFieldSet() || !next->isSingleFieldSet() ||
        next->m_edit.operations.front().pointer != m_edit.operations.front().pointer)
        return false;
    // Keep the first inverse: undoing the merged step restores the value before the first edit.
    m_edit = next->m_edit;
    setText(QString::fromStdString(m_edit.description));
    return true;
}

ProjectDocument::ProjectDocument(QObject *parent)
    : QObject(parent)
    , m_undoStack(new QUndoStack(this))
{
    connect(m_undoStack, &QUndoStack::cleanChanged, this,
            [this](bool) { emit modifiedChanged(isModified()); });
}

ProjectDocument::~ProjectDocument() = default;

QString ProjectDocument::displayName() const
{
    return m_filePath.isEmpty() ? tr("Untitled") : QFileInfo(m_filePath).fileName();
}

bool ProjectDocument::isModified() const
{
    return m_modifiedWithoutUndo || !m_undoStack->isClean();
}

void ProjectDocument::setCatalog(std::shared_ptr<const Catalog> catalog)
{
    m_catalog = std::move(catalog);
}

void ProjectDocument::reset(Project project, const QString &filePath, bool modified)
{
    const bool wasModified = isModified();
    m_undoStack->clear();
    m_project = std::move(project);
    m_modifiedWithoutUndo = modified;
    m_filePath = filePath;
    emit filePathChanged();
    emit reloaded();
    emit changed();
    if (wasModified != isModified())
        emit modifiedChanged(isModified());
}

void ProjectDocument::setFilePath(const QString &filePath)
{
    if (m_filePath == filePath)
        return;
    m_filePath = filePath;
    emit filePathChanged();
}

void ProjectDocument::markSaved()
{
    const bool wasModified = isModified();
    m_modifiedWithoutUndo = false;
    m_undoStack->setClean();
    if (wasModified != isModified())
        emit modifiedChanged(isModified());
}

Diagnostics ProjectDocument::checkCatalogReferences(const Project &project) const
{
    if (!m_catalog)
        return {};
    try {
        // Beside the file: a relative price book is found where the loader finds it.
        prepareProject(project, m_filePath.toStdString(), *m_catalog, PriceBookUse::CheckExists);
    } catch (const LoadError &e) {
        return e.diagnostics();
    }
    return {};
}

Diagnostics ProjectDocument::edit(const ProjectEdit &edit)
{
    Project edited = m_project;
    EditOutcome outcome = applyEdit(edited, edit);
    if (!outcome.ok)
        return outcome.diagnostics;
    // Refused for the parts it would break, not for those already unknown (a file opened with
    // problems is fixed one field at a time): only errors the project did not have count. They
    // are compared by message, not pointer, since deleting a part before a broken one moves it.
    if (Diagnostics references = checkCatalogReferences(edited); references.hasErrors()) {
        std::map<std::string, int> known;
        const Diagnostics before = checkCatalogReferences(m_project);
        for (const Diagnostic &d : before.items())
            known[d.message] += d.severity == Severity::Error ? 1 : 0;
        Diagnostics added;
        for (const Diagnostic &d : references.items()) {
            if (d.severity == Severity::Error && known[d.message]-- <= 0)
                added.error(d.file, d.jsonPath, d.message);
        }
        if (added.hasErrors())
            return added;
    }
    if (edited == m_project)
        return {}; // nothing changed: no undo step
    m_undoStack->push(
        new ProjectEditCommand(this, edit, std::move(outcome.inverse), std::move(edited)));
    return {};
}

void ProjectDocument::installProject(Project project)
{
    m_project = std::move(project);
    emit changed();
}

bool ProjectDocument::applyWithoutUndo(const ProjectEdit &edit, ProjectEdit *inverse)
{
    EditOutcome outcome = applyEdit(m_project, edit);
    // Replaying a recorded edit on the state it was recorded against cannot fail; if it ever
    // does, the project stays as it was and the views are refreshed regardless.
    if (outcome.ok && inverse)
        *inverse = std::move(outcome.inverse);
    emit changed();
    return outcome.ok;
}

} // namespace aidc::ui
