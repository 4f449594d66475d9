// SPDX-License-Identifier: Apache-2.0
#pragma once

// The application object of the GUI (issue 18). It keeps number formatting in the "C" notation
// (LC_NUMERIC, which QApplication would take from the environment). An exception that escapes an
// event handler — a parse or solver failure the code did not expect — becomes an error dialog, and
// the program goes on, instead of terminating and losing unsaved work. Qt does not carry exceptions
// through its event loop; QApplication::notify() is the one place every event passes, so it is
// where they are caught. Every handler that expects a failure still handles it itself (the loader's
// messages, the evaluator's error results); this is the net under them. It covers exceptions
// out of event handlers, the first project's opening included (app/planner/main.cpp runs it
// from the event loop), not those of other threads' own code, which catch their own; Qt leaves
// an exception that unwinds through signal delivery or painting undefined, so a handler that
// can fail still catches its own.

#include <QApplication>
#include <QMessageBox>
#include <QMutex>
#include <QPointer>
#include <QStringList>

namespace aidc::ui {

// Puts LC_NUMERIC back to "C" (SafeApplication's constructor calls it).
void keepCNumericLocale();

class SafeApplication : public QApplication
{
    Q_OBJECT
public:
    SafeApplication(int &argc, char **argv);

    bool notify(QObject *receiver, QEvent *event) override;

    // Every message reported so far, oldest first; clearReportedErrors() forgets them (tests).
    QStringList reportedErrors() const;
    void clearReportedErrors();
    // Tests turn the dialog off (it would wait for a click); the message is still printed to
    // standard error and reported.
    void setShowsDialogs(bool shows) { m_showsDialogs = shows; }

signals:
    void errorReported(const QString &message);

private:
    void report(const QString &message);

    void showDialog(const QString &message);

    mutable QMutex m_mutex; // notify() runs on every thread that has events
    QStringList m_errors;
    bool m_showsDialogs = true;
    QPointer<QMessageBox> m_dialog; // one dialog; later errors are added to it
};

} // namespace aidc::ui
