// SPDX-License-Identifier: Apache-2.0
#include "safeapplication.h"

#include <clocale>

#include <QMessageBox>
#include <QMetaObject>

#include <cstdio>
#include <exception>

namespace aidc::ui {

SafeApplication::SafeApplication(int &argc, char **argv)
    : QApplication(argc, argv)
{
    keepCNumericLocale();
}

void keepCNumericLocale()
{
    // QApplication sets the C locale from the environment on Unix; the solvers and writers
    // format numbers with the C library (snprintf "%.2f"), so a German locale would write
    // "PUE 1,232" beside "1,024 GPUs" and decimal commas into CSV. Numbers stay in the "C"
    // notation, as Qt's documentation advises; the GUI's own text uses QLocale.
    std::setlocale(LC_NUMERIC, "C");
}

bool SafeApplication::notify(QObject *receiver, QEvent *event)
{
    try {
        return QApplication::notify(receiver, event);
    } catch (const std::exception &error) {
        report(QString::fromUtf8(error.what()));
    } catch (...) {
        report(tr("an unknown exception"));
    }
    return false;
}

QStringList SafeApplication::reportedErrors() const
{
    const QMutexLocker lock(&m_mutex);
    return m_errors;
}

void SafeApplication::clearReportedErrors()
{
    const QMutexLocker lock(&m_mutex);
    m_errors.clear();
}

void SafeApplication::report(const QString &message)
{
    {
        const QMutexLocker lock(&m_mutex);
        m_errors.append(message);
    }
    std::fprintf(stderr, "aidc-planner: unexpected error: %s\n", message.toUtf8().constData());
    emit errorReported(message);
    if (!m_showsDialogs)
        return;
    // Shown from the GUI thread's event loop, not from inside the handler that failed.
    QMetaObject::invokeMethod(
        this, [this, message] { showDialog(message); }, Qt::QueuedConnection);
}

// One dialog at a time: an error repeated by a repaint or a timer is added to the open one
// rather than stacking dialogs.
void SafeApplication::showDialog(const QString &message)
{
    if (m_dialog && m_dialog->isVisible()) {
        m_dialog->setInformativeText(tr("Later: %1").arg(message));
        return;
    }
    m_dialog = new QMessageBox(
        QMessageBox::Critical, tr("Unexpected error"),
        tr("The last action stopped with an unexpected error:\n\n%1\n\nAIDC Planner goes on. "
           "Save your work under a new name (File ▸ Save As) to be safe, and please report the "
           "problem with the steps that led to it.")
            .arg(message),
        QMessageBox::Ok, activeWindow());
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    m_dialog->open();
}

} // namespace aidc::ui
