// SPDX-License-Identifier: Apache-2.0
#pragma once

// The property editor: a form of the selected part's fields (propertyfields.h), one group box
// per section, labels with units, tooltips with meaning, unit, range and default, pick lists for
// enums and catalog ids. It never writes the project: a committed field becomes an edit request
// (editRequested) that the main window sends through the document's undo stack; a refusal comes
// back through showRefusal() and is shown under the form with the loader's message.

#include "propertyfields.h"

#include <QWidget>

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>

class QFormLayout;
class QLabel;
class QScrollArea;
class QVBoxLayout;

namespace aidc::ui {

class PropertyEditor : public QWidget
{
    Q_OBJECT

public:
    explicit PropertyEditor(QWidget *parent = nullptr);

    // Shows `sheet`. When the same fields are shown already, only their values are updated, so
    // focus and scroll position survive an edit.
    void setSheet(const PropertySheet &sheet);
    // Asks for a price book file (the "…" of /cost/priceBook): the text to set, "" = cancelled.
    void setPriceBookPicker(std::function<QString()> pick) { m_pickPriceBook = std::move(pick); }
    // Sets field `fieldIndex` to `text` as typing it and pressing Enter would.
    void commitText(int fieldIndex, const QString &text);
    const PropertySheet &sheet() const { return m_sheet; }

    // `pointers`: the JSON pointers the message is about, for the tooltip ("" = none).
    void showRefusal(const QString &message, const QString &pointers = {});
    QString refusalToolTip() const;
    void clearRefusal();
    QString refusalText() const;

    // The widget editing the field at `pointer` (tests drive it), nullptr when not shown.
    QWidget *editorFor(const std::string &pointer) const;

signals:
    // One undoable edit of the sheet's fields (fieldEdit()).
    void editRequested(const aidc::ProjectEdit &edit);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void updateValues();
    QWidget *createEditor(const PropertyField &field);
    void setEditorValue(QWidget *editor, const PropertyField &field);
    void commitBool(int fieldIndex, bool checked);
    QString describe(const PropertyField &field) const;

    PropertySheet m_sheet;
    std::function<QString()> m_pickPriceBook;
    std::vector<QWidget *> m_editors; // parallel to m_sheet.fields
    QLabel *m_title;
    QLabel *m_note;
    QLabel *m_refusal;
    QScrollArea *m_scroll;
    QWidget *m_form = nullptr;
};

} // namespace aidc::ui
