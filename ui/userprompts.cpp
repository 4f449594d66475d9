// SPDX-License-Identifier: Apache-2.0
#include "userprompts.h"

#include <QFileDialog>
#include <QMessageBox>

namespace aidc::ui {

UserPrompts::~UserPrompts() = default;

UserPrompts::SaveChoice UserPrompts::askSaveChanges(QWidget *parent, const QString &documentName)
{
    const auto answer = QMessageBox::warning(
        parent, QObject::tr("Unsaved changes"),
        QObject::tr("%1 has unsaved changes. Save them?").arg(documentName),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Save)
        return SaveChoice::Save;
    if (answer == QMessageBox::Discard)
        return SaveChoice::Discard;
    return SaveChoice::Cancel;
}

bool UserPrompts::askRecover(QWidget *parent, const QString &filePath, const QDateTime &savedAt)
{
    return QMessageBox::question(
               parent, QObject::tr("Recover unsaved work?"),
               QObject::tr("AIDC Planner closed without saving changes to %1. An automatic "
                           "copy from %2 is available.\n\nOpen the recovered copy? (Your file "
                           "stays as it is until you save.)")
                   .arg(filePath, QLocale().toString(savedAt, QLocale::ShortFormat)),
               QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes;
}

namespace {

void showMessage(QMessageBox::Icon icon, QWidget *parent, const QString &title, const QString &text,
                 const QString &details)
{
    QMessageBox box(icon, title, text, QMessageBox::Ok, parent);
    if (!details.isEmpty()) {
        box.setInformativeText(details.section(QLatin1Char('\n'), 0, 4));
        box.setDetailedText(details);
    }
    box.exec();
}

} // namespace

bool UserPrompts::askConfirm(QWidget *parent, const QString &title, const QString &text)
{
    return QMessageBox::question(parent, title, text, QMessageBox::Yes | QMessageBox::No,
                                 QMessageBox::No) == QMessageBox::Yes;
}

void UserPrompts::showError(QWidget *parent, const QString &title, const QString &text,
                            const QString &details)
{
    showMessage(QMessageBox::Critical, parent, title, text, details);
}

void UserPrompts::showInformation(QWidget *parent, const QString &title, const QString &text,
                                  const QString &details)
{
    showMessage(QMessageBox::Information, parent, title, text, details);
}

QString UserPrompts::openFileName(QWidget *parent, const QString &directory)
{
    return QFileDialog::getOpenFileName(parent, QObject::tr("Open project"), directory,
                                        QObject::tr("AIDC projects (*.json);;All files (*)"));
}

QString UserPrompts::openPriceBookName(QWidget *parent, const QString &directory)
{
    return QFileDialog::getOpenFileName(parent, QObject::tr("Choose a price book"), directory,
                                        QObject::tr("Price books (*.db *.sqlite);;All files (*)"));
}

QString UserPrompts::saveFileName(QWidget *parent, const QString &suggestion)
{
    return QFileDialog::getSaveFileName(parent, QObject::tr("Save project as"), suggestion,
                                        QObject::tr("AIDC projects (*.json)"));
}

QString UserPrompts::directoryName(QWidget *parent, const QString &title, const QString &start)
{
    return QFileDialog::getExistingDirectory(parent, title, start);
}

} // namespace aidc::ui
