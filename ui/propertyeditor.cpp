// SPDX-License-Identifier: Apache-2.0
#include "propertyeditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFontDatabase>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QToolButton>
#include <QVBoxLayout>

namespace aidc::ui {

namespace {

bool sameFields(const PropertySheet &a, const PropertySheet &b)
{
    if (a.fields.size() != b.fields.size())
        return false;
    for (std::size_t i = 0; i < a.fields.size(); ++i) {
        const PropertyField &x = a.fields[i];
        const PropertyField &y = b.fields[i];
        if (x.pointer != y.pointer || x.type != y.type || x.choiceValues != y.choiceValues ||
            x.readOnly != y.readOnly)
            return false;
    }
    return true;
}

} // namespace

PropertyEditor::PropertyEditor(QWidget *parent)
    : QWidget(parent)
    , m_title(new QLabel(this))
    , m_note(new QLabel(this))
    , m_refusal(new QLabel(this))
    , m_scroll(new QScrollArea(this))
{
    auto *layout = new QVBoxLayout(this);
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.15);
    m_title->setFont(titleFont);
    m_title->setWordWrap(true);
    m_note->setWordWrap(true);
    m_note->setVisible(false);
    m_refusal->setWordWrap(true);
    m_refusal->setVisible(false);
    m_refusal->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_refusal->setStyleSheet(
        QStringLiteral("QLabel { color: #8b0000; background: #fde8e8; border: 1px solid #e0a0a0; "
                       "padding: 4px; }"));
    m_refusal->setObjectName(QStringLiteral("refusal"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    layout->addWidget(m_title);
    layout->addWidget(m_note);
    layout->addWidget(m_refusal);
    layout->addWidget(m_scroll, 1);
    setSheet({});
}

void PropertyEditor::setSheet(const PropertySheet &sheet)
{
    const bool keep = m_form && sameFields(sheet, m_sheet);
    m_sheet = sheet;
    m_title->setText(sheet.title.isEmpty() ? tr("Nothing selected") : sheet.title);
    m_note->setText(sheet.note);
    m_note->setVisible(!sheet.note.isEmpty());
    if (keep)
        updateValues();
    else
        rebuild();
}

void PropertyEditor::showRefusal(const QString &message, const QString &pointers)
{
    m_refusal->setText(tr("Refused: %1").arg(message));
    m_refusal->setToolTip(pointers.isEmpty() ? QString()
                                             : tr("In the project file: %1").arg(pointers));
    m_refusal->setVisible(true);
}

void PropertyEditor::clearRefusal()
{
    m_refusal->clear();
    m_refusal->setToolTip(QString());
    m_refusal->setVisible(false);
}

QString PropertyEditor::refusalToolTip() const
{
    return m_refusal->toolTip();
}

QString PropertyEditor::refusalText() const
{
    return m_refusal->isHidden() ? QString() : m_refusal->text();
}

QWidget *PropertyEditor::editorFor(const std::string &pointer) const
{
    for (std::size_t i = 0; i < m_sheet.fields.size(); ++i) {
        if (m_sheet.fields[i].pointer == pointer)
            return m_editors[i];
    }
    return nullptr;
}

void PropertyEditor::rebuild()
{
    m_editors.clear();
    auto *form = new QWidget;
    auto *outer = new QVBoxLayout(form);
    outer->setContentsMargins(0, 0, 0, 0);
    QFormLayout *formLayout = nullptr;
    QString group;
    for (std::size_t i = 0; i < m_sheet.fields.size(); ++i) {
        const PropertyField &field = m_sheet.fields[i];
        if (!formLayout || field.group != group) {
            group = field.group;
            auto *box = new QGroupBox(group, form);
            formLayout = new QFormLayout(box);
            formLayout->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
            // A narrow dock puts a field under its label rather than clipping it.
            formLayout->setRowWrapPolicy(QFormLayout::WrapLongRows);
            outer->addWidget(box);
        }
        QWidget *editor = createEditor(field);
        // Room for a typical value; in a narrow dock the row wraps (label above) instead.
        if (field.type != PropertyField::Type::Bool)
            editor->setMinimumWidth(editor->fontMetrics().averageCharWidth() * 14);
        editor->setToolTip(field.tooltip);
        editor->setEnabled(!field.readOnly);
        auto *label = new QLabel(field.labelWithUnit(), form);
        label->setToolTip(field.tooltip);
        label->setBuddy(editor);
        formLayout->addRow(label, editor);
        m_editors.push_back(editor);
    }
    outer->addStretch(1);
    // The editor that committed may still be inside its signal: delete the old form later.
    if (QWidget *old = m_scroll->takeWidget())
        old->deleteLater();
    m_scroll->setWidget(form);
    m_form = form;
}

QWidget *PropertyEditor::createEditor(const PropertyField &field)
{
    const int index = int(m_editors.size());
    switch (field.type) {
    case PropertyField::Type::Bool: {
        auto *box = new QCheckBox;
        setEditorValue(box, field);
        connect(box, &QCheckBox::toggled, this,
                [this, index](bool checked) { commitBool(index, checked); });
        return box;
    }
    case PropertyField::Type::Choice: {
        auto *combo = new QComboBox;
        for (int c = 0; c < field.choiceValues.size(); ++c)
            combo->addItem(field.choiceLabels.value(c), field.choiceValues[c]);
        setEditorValue(combo, field);
        connect(combo, &QComboBox::activated, this,
                [this, index, combo](int c) { commitText(index, combo->itemData(c).toString()); });
        return combo;
    }
    case PropertyField::Type::Json: {
        // A multi-line editor: a JSON object is typed over several lines and applied at once.
        auto *box = new QWidget;
        auto *layout = new QVBoxLayout(box);
        layout->setContentsMargins(0, 0, 0, 0);
        auto *text = new QPlainTextEdit(box);
        text->setPlaceholderText(field.placeholder);
        text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
        text->setMinimumHeight(text->fontMetrics().lineSpacing() * 14);
        text->setLineWrapMode(QPlainTextEdit::NoWrap);
        auto *apply = new QPushButton(tr("Apply"), box);
        apply->setToolTip(tr("Check the JSON and apply it (Ctrl+Return)"));
        layout->addWidget(text);
        layout->addWidget(apply, 0, Qt::AlignRight);
        auto commit = [this, index, text] {
            commitText(index, text->toPlainText());
        };
        connect(apply, &QPushButton::clicked, this, commit);
        auto *shortcut = new QShortcut(QKeySequence(Qt::CTRL | Qt::Key_Return), text);
        shortcut->setContext(Qt::WidgetShortcut);
        connect(shortcut, &QShortcut::activated, this, commit);
        setEditorValue(box, field);
        return box;
    }
    default: {
        auto *edit = new QLineEdit;
        edit->setPlaceholderText(field.placeholder);
        edit->setClearButtonEnabled(field.optional);
        setEditorValue(edit, field);
        connect(edit, &QLineEdit::editingFinished, this, [this, index, edit] {
            if (edit->isModified()) {
                edit->setModified(false);
                commitText(index, edit->text());
            }
        });
        edit->installEventFilter(this);
        if (!field.pricebookPicker)
            return edit;
        // A file chooser beside the path: the window asks, the text is committed as typed.
        auto *row = new QWidget;
        auto *rowLayout = new QHBoxLayout(row);
        rowLayout->setContentsMargins(0, 0, 0, 0);
        rowLayout->addWidget(edit, 1);
        auto *browse = new QToolButton(row);
        browse->setText(QStringLiteral("…"));
        browse->setToolTip(tr("Choose a price book file"));
        rowLayout->addWidget(browse);
        connect(browse, &QToolButton::clicked, this, [this, pointer = field.pointer] {
            const QString chosen = m_pickPriceBook ? m_pickPriceBook() : QString();
            // The sheet may have been rebuilt while the dialog was open: find the field again.
            for (std::size_t i = 0; !chosen.isEmpty() && i < m_sheet.fields.size(); ++i)
                if (m_sheet.fields[i].pointer == pointer) {
                    commitText(int(i), chosen);
                    break;
                }
        });
        return row;
    }
    }
}

void PropertyEditor::setEditorValue(QWidget *editor, const PropertyField &field)
{
    const QSignalBlocker blocker(editor);
    if (auto *box = qobject_cast<QCheckBox *>(editor)) {
        box->setChecked(field.checked);
    } else if (auto *combo = qobject_cast<QComboBox *>(editor)) {
        combo->setCurrentIndex(combo->findData(field.choice));
    } else if (auto *edit = qobject_cast<QLineEdit *>(editor)) {
        if (edit->text() != field.text) {
            edit->setText(field.text);
            edit->setCursorPosition(0);
        }
        edit->setModified(false);
    } else if (auto *path = editor->findChild<QLineEdit *>();
               path && !editor->findChild<QPlainTextEdit *>()) {
        setEditorValue(path, field); // a path with its chooser
    } else if (auto *text = editor->findChild<QPlainTextEdit *>()) {
        if (text->toPlainText() != field.text)
            text->setPlainText(field.text);
    }
}

void PropertyEditor::updateValues()
{
    for (std::size_t i = 0; i < m_sheet.fields.size() && i < m_editors.size(); ++i) {
        setEditorValue(m_editors[i], m_sheet.fields[i]);
        m_editors[i]->setToolTip(m_sheet.fields[i].tooltip);
    }
}

bool PropertyEditor::eventFilter(QObject *watched, QEvent *event)
{
    // A field holding no typing of its own leaves Undo and Redo to the project: QLineEdit claims
    // the keys for its text history even then, so Ctrl+Z / Ctrl+Y in a field did nothing.
    if (event->type() == QEvent::ShortcutOverride) {
        auto *edit = qobject_cast<QLineEdit *>(watched);
        const auto *key = static_cast<QKeyEvent *>(event);
        const QKeyCombination combination = key->keyCombination();
        const bool undoRedo =
            key->matches(QKeySequence::Undo) || key->matches(QKeySequence::Redo) ||
            combination == (Qt::CTRL | Qt::Key_Z) || combination == (Qt::CTRL | Qt::Key_Y) ||
            combination == (Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
        if (edit && undoRedo && !edit->isModified()) {
            event->ignore();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

QString PropertyEditor::describe(const PropertyField &field) const
{
    return tr("Set %1 of %2").arg(field.label.toLower(), m_sheet.title);
}

void PropertyEditor::commitText(int fieldIndex, const QString &text)
{
    if (fieldIndex < 0 || fieldIndex >= int(m_sheet.fields.size()))
        return;
    const PropertyField field = m_sheet.fields[fieldIndex];
    clearRefusal();
    std::optional<nlohmann::json> value;
    try {
        value = fieldValue(field, text);
    } catch (const std::exception &e) {
        // The strict parser's message names the pointer, line and column and the problem.
        showRefusal(QString::fromUtf8(e.what()).trimmed());
        return;
    }
    emit editRequested(fieldEdit(field, value, describe(field).toStdString()));
}

void PropertyEditor::commitBool(int fieldIndex, bool checked)
{
    if (fieldIndex < 0 || fieldIndex >= int(m_sheet.fields.size()))
        return;
    const PropertyField field = m_sheet.fields[fieldIndex];
    clearRefusal();
    emit editRequested(fieldEdit(field, fieldValue(field, checked), describe(field).toStdString()));
}

} // namespace aidc::ui
