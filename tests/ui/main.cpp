// SPDX-License-Identifier: Apache-2.0
// The GUI tests' own Catch2 main: the offscreen platform must be chosen before the QApplication
// exists, and settings and data paths go to test locations (never the user's).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include "ui/safeapplication.h"

#include <QApplication>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>

#include <cstdio>

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    aidc::ui::SafeApplication app(argc, argv); // as the program runs, without its dialogs
    app.setShowsDialogs(false);
    QApplication::setOrganizationName(QStringLiteral("AIDC Planner Tests"));
    // ctest runs test cases as parallel processes: each gets its own settings file, so one case's
    // recent-files list never lands in another's.
    QApplication::setApplicationName(
        QStringLiteral("test_ui-%1").arg(QCoreApplication::applicationPid()));
    QSettings().clear();
    int status = Catch::Session().run(argc, argv);
    // An exception the net caught is a failure of the case that raised it (the net's own tests
    // clear what they expect).
    if (!app.reportedErrors().isEmpty()) {
        std::fprintf(stderr, "unexpected errors reported to the GUI: %s\n",
                     app.reportedErrors().join(QStringLiteral("; ")).toUtf8().constData());
        status = status == 0 ? 1 : status;
    }
    QFile::remove(QSettings().fileName());
    return status;
}
