// SPDX-License-Identifier: Apache-2.0
// aidc-planner: the GUI of AIDC Planner. Creates the application, parses [FILE] and shows the
// main window; everything else lives in aidc::ui. --help and --version answer without a display;
// without one the GUI says so and exits 2 instead of aborting in the platform plugin.

#include "app/cliargs.h"
#include "ui/displaysettings.h"
#include "ui/mainwindow.h"
#include "ui/safeapplication.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

const QCommandLineOption &screenshotOption()
{
    static const QCommandLineOption option(
        QStringLiteral("screenshot"),
        QStringLiteral("write a PNG of every view into DIR once the project is evaluated, "
                       "then quit"),
        QStringLiteral("DIR"));
    return option;
}

const QCommandLineOption &startupTimeOption()
{
    static const QCommandLineOption option(
        QStringLiteral("startup-time"),
        QStringLiteral("print the time from start to the shown window (and to the first "
                       "results), then quit"));
    return option;
}

const QString kDescription =
    QStringLiteral("Plans AI-training datacenters: layout, fabric, power, cost, "
                   "performance and reliability from one JSON project.");

// The options beyond --help and --version, for the parser and the man page alike.
std::vector<const QCommandLineOption *> programOptions()
{
    return {&screenshotOption(), &startupTimeOption()};
}

// The man page (`aidc-planner --man`), from the option table behind --help.
std::string manual()
{
    aidc::cli::ProgramManual m;
    m.program = "aidc-planner";
    m.summary = "the desktop application of AIDC Planner";
    m.synopsis = "[options] [FILE]";
    m.description =
        kDescription.toStdString() +
        " Opens the project FILE (or a sample) in a window with the project tree, the property "
        "editor, the floor plan and rack elevations, the results with their uncertainty, the "
        "charts, the BOM, cable and rack tables, scenario compare and the Explore dock; every "
        "edit is undoable and re-evaluates in the background. Without FILE it opens the minimal "
        "sample and the Getting Started window, which offers the samples by title; Help opens "
        "the user guide (F1) and the keyboard shortcuts. The headless command line of the same "
        "evaluation is aidc(1).";
    m.options.push_back({"--help", false, "", "show the options and exit (no display needed)"});
    m.options.push_back({"--version", false, "", "show the version and exit (no display needed)"});
    for (const QCommandLineOption *option : programOptions())
        m.options.push_back({"--" + option->names().front().toStdString(),
                             !option->valueName().isEmpty(), option->valueName().toStdString(),
                             option->description().toStdString()});
    m.options.push_back({"--man", false, "", "print this manual page (roff) and exit"});
    m.exitCodes = {{0, "the window was closed, or --help, --version, --man answered"},
                   {1, "--screenshot wrote no picture"},
                   {2, "no display: neither DISPLAY nor WAYLAND_DISPLAY nor QT_QPA_PLATFORM is "
                       "set (set QT_QPA_PLATFORM=offscreen for --screenshot)"}};
    m.environment = aidc::cli::catalogEnvironment();
    m.environment.push_back(
        {"QT_QPA_PLATFORM",
         "the Qt platform plugin; offscreen runs --screenshot without a display"});
    m.seeAlso = "aidc(1); the documentation in /usr/share/doc/aidc-planner/docs (gui.md).";
    return aidc::cli::manPage(m);
}

// The one command line of the GUI, for the display-less --help/--version pass and the real one.
void describe(QCommandLineParser &parser)
{
    QCoreApplication::setApplicationName(QStringLiteral("aidc-planner"));
    QCoreApplication::setOrganizationName(QStringLiteral("AIDC Planner"));
    QCoreApplication::setApplicationVersion(QStringLiteral(AIDC_VERSION));
    parser.setApplicationDescription(kDescription);
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("file"), QStringLiteral("project to open"),
                                 QStringLiteral("[FILE]"));
    for (const QCommandLineOption *option : programOptions())
        parser.addOption(*option);
    parser.addOption(QCommandLineOption(QStringLiteral("man"),
                                        QStringLiteral("print the manual page (roff) and exit")));
}

bool asksOnlyForText(int argc, char *argv[])
{
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i];
        if (!std::strcmp(a, "--help") || !std::strcmp(a, "-h") || !std::strcmp(a, "-?") ||
            !std::strcmp(a, "--help-all") || !std::strcmp(a, "--version") || !std::strcmp(a, "-v"))
            return true;
    }
    return false;
}

// Qt picks xcb or wayland from the environment and aborts when neither is reachable.
bool hasDisplay()
{
    return !qEnvironmentVariableIsEmpty("DISPLAY") ||
           !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY") ||
           !qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM");
}

} // namespace

int main(int argc, char *argv[])
{
    QElapsedTimer startup;
    startup.start();
    if (argc == 2 && !std::strcmp(argv[1], "--man")) {
        std::fputs(manual().c_str(), stdout);
        return 0;
    }
    if (asksOnlyForText(argc, argv)) {
        QCoreApplication core(argc, argv);
        QCommandLineParser parser;
        describe(parser);
        parser.process(core); // prints and exits
        return 0;
    }
    if (!hasDisplay()) {
        std::fprintf(stderr, "aidc-planner: no display (DISPLAY and WAYLAND_DISPLAY are unset); "
                             "set QT_QPA_PLATFORM=offscreen for --screenshot, or use the "
                             "command line, aidc\n");
        return 2;
    }
    aidc::ui::SafeApplication app(argc, argv);
    QApplication::setApplicationDisplayName(QStringLiteral("AIDC Planner"));

    QCommandLineParser parser;
    describe(parser);
    parser.process(app);
    const QCommandLineOption &screenshot = screenshotOption();
    const QCommandLineOption &startupTime = startupTimeOption();

    // View ▸ Units as the user left them; screenshots for the documentation in SI and USD.
    if (!parser.isSet(screenshot))
        aidc::ui::loadDisplayUnits();
    aidc::ui::MainWindow window;
    const QStringList files = parser.positionalArguments();
    window.show();
    // The first project opens from the event loop, like every later one, so that an exception
    // nobody expected becomes the application's error dialog (ui/safeapplication.h), not a
    // termination. A file that fails to load has shown the loader's message; start from the
    // sample then.
    // Started without a file, for a person (not a screenshot or timing run): getting started.
    const bool welcome =
        files.isEmpty() && !parser.isSet(screenshotOption()) && !parser.isSet(startupTimeOption());
    QTimer::singleShot(0, &window, [&window, files, welcome] {
        if (files.isEmpty() || !window.openFile(files.front()))
            window.startWithoutFile();
        if (welcome)
            window.showWelcomeAtStart();
    });

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
