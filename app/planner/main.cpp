// aidc-planner: the GUI of AIDC Planner. Creates the application, parses [FILE] and shows the
// main window; everything else lives in aidc::ui.

#include "ui/mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace {

// Peak resident memory (VmHWM) in MB, 0 where /proc is not available.
long peakMemoryMB()
{
    std::FILE *status = std::fopen("/proc/self/status", "r");
    if (!status)
        return 0;
    char line[256];
    long kb = 0;
    while (std::fgets(line, sizeof line, status)) {
        if (std::strncmp(line, "VmHWM:", 6) == 0)
            kb = std::strtol(line + 6, nullptr, 10);
    }
    std::fclose(status);
    return kb / 1024;
}

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer startup;
    startup.start();
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("aidc-planner"));
    QApplication::setOrganizationName(QStringLiteral("AIDC Planner"));
    QApplication::setApplicationVersion(QStringLiteral(AIDC_VERSION));
    QApplication::setApplicationDisplayName(QStringLiteral("AIDC Planner"));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Plans AI-training datacenters: layout, fabric, power, cost, "
                       "performance and reliability from one JSON project."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("project to open"),
                                 QStringLiteral("[FILE]"));
    const QCommandLineOption screenshot(
        QStringLiteral("screenshot"),
        QStringLiteral("write a PNG of every view into DIR once the project is evaluated, "
                       "then quit"),
        QStringLiteral("DIR"));
    const QCommandLineOption startupTime(
        QStringLiteral("startup-time"),
        QStringLiteral("print the time from start to the shown window (and to the first "
                       "results), then quit"));
    parser.addOption(screenshot);
    parser.addOption(startupTime);
    parser.process(app);

    aidc::ui::MainWindow window;
    const QStringList files = parser.positionalArguments();
    // A file that fails to load has shown the loader's message; start from the sample then.
    if (files.isEmpty() || !window.openFile(files.front()))
        window.startWithoutFile();
    window.show();

    if (parser.isSet(startupTime)) {
        QTimer::singleShot(0, &window, [&] {
            std::printf("window shown after %lld ms\n", static_cast<long long>(startup.elapsed()));
            window.evaluator()->waitForIdle(60000);
            std::printf("first results after %lld ms (peak memory %ld MB)\n",
                        static_cast<long long>(startup.elapsed()), peakMemoryMB());
            std::fflush(stdout);
            QApplication::quit();
        });
    }
    if (parser.isSet(screenshot)) {
        const QString directory = parser.value(screenshot);
        QTimer::singleShot(200, &window, [&window, directory] {
            const QStringList written = window.saveScreenshots(directory);
            for (const QString &path : written)
                std::printf("%s\n", qPrintable(path));
            std::fflush(stdout);
            QApplication::exit(written.isEmpty() ? 1 : 0);
        });
    }
    return QApplication::exec();
}
