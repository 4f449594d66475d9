// SPDX-License-Identifier: Apache-2.0
#include "safeapplication.h"

#include <QMessageBox>
#include <QTimer>

#include <cstdio>
#include <exception>

namespace aidc::ui {

SafeApplication::SafeApplication(int &argc, char **argv)
    : QApplication(argc, argv)
{
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

void SafeApplication::report(const QString &message)
{
    m_errors.append(message);
    std::fprintf(stderr, "aidc-planner: unexpected error: %s\n", message.toUtf8().constData());
    emit errorReported(message);
    if (!m_showsDialogs)
        return;
    // Shown from the event loop, not from inside the handler that failed.
    QTimer::singleShot(0, this, [message] {
        auto *box = new QMessageBox(
            QMessageBox::Critical, tr("Unexpected error"),
            tr("The last action stopped with an unexpected error:\n\n%1\n\nAIDC Planner goes on. "
               "Save your work under a new name (File ▸ Save As) to be safe, and please report "
               "the problem with the steps that led to it.")
                .arg(message));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

} // namespace aidc::ui
