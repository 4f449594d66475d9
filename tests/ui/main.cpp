// The GUI tests' own Catch2 main: the offscreen platform must be chosen before the QApplication
// exists, and settings and data paths go to test locations (never the user's).
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <QApplication>
#include <QSettings>
#include <QStandardPaths>

int main(int argc, char *argv[])
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QStandardPaths::setTestModeEnabled(true);
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("AIDC Planner Tests"));
    QApplication::setApplicationName(QStringLiteral("test_ui"));
    QSettings().clear();
    return Catch::Session().run(argc, argv);
}
