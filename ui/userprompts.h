// SPDX-License-Identifier: Apache-2.0
#pragma once

// The questions the main window asks the user (unsaved changes, recovery) and the files it asks
// for, behind one interface so that GUI tests answer them without modal dialogs.

#include <QDateTime>
#include <QString>

class QWidget;

namespace aidc::ui {

class UserPrompts
{
public:
    enum class SaveChoice { Save, Discard, Cancel };

    virtual ~UserPrompts();

    virtual SaveChoice askSaveChanges(QWidget *parent, const QString &documentName);
    virtual bool askRecover(QWidget *parent, const QString &filePath, const QDateTime &savedAt);
    // `details`: every problem, one per line (file: JSON pointer: message).
    virtual void showError(QWidget *parent, const QString &title, const QString &text,
                           const QString &details);
    // Yes/No before a large change the user may not mean (deleting a hall of racks).
    virtual bool askConfirm(QWidget *parent, const QString &title, const QString &text);
    // A message that reports no problem (About): an information icon, not an error's.
    virtual void showInformation(QWidget *parent, const QString &title, const QString &text,
                                 const QString &details);
    virtual QString openFileName(QWidget *parent, const QString &directory);
    // A SQLite price book (`aidc pricebook`) for /cost/priceBook; empty when cancelled.
    virtual QString openPriceBookName(QWidget *parent, const QString &directory);
    virtual QString saveFileName(QWidget *parent, const QString &suggestion);
    // A directory to write into (drawings); empty when the user cancels.
    virtual QString directoryName(QWidget *parent, const QString &title, const QString &start);
};

} // namespace aidc::ui
