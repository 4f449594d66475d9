// SPDX-License-Identifier: Apache-2.0
#pragma once

// Helpers shared by the GUI tests: a main window on the source tree's catalog and samples, with
// scripted answers instead of dialogs.

#include "ui/mainwindow.h"

#include <QEventLoop>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <memory>

namespace aidc::ui::test {

QString sourcePath(const QString &relative); // AIDC_SOURCE_DIR/relative

// Records every question and error instead of showing a dialog; answers as scripted.
class ScriptedPrompts : public UserPrompts
{
public:
    SaveChoice saveChoice = SaveChoice::Discard;
    bool recover = true;
    QString openPath, savePath, directoryPath;
    QString saveSuggestion; // what the last save question suggested
    QStringList errors;     // "title | text | details"
    QStringList notes;      // information messages, the same way
    bool confirm = true;
    QStringList confirmations; // the questions askConfirm was asked
    int saveQuestions = 0, recoverQuestions = 0;

    SaveChoice askSaveChanges(QWidget *, const QString &) override;
    bool askRecover(QWidget *, const QString &, const QDateTime &) override;
    void showError(QWidget *, const QString &title, const QString &text,
                   const QString &details) override;
    void showInformation(QWidget *, const QString &title, const QString &text,
                         const QString &details) override;
    bool askConfirm(QWidget *, const QString &title, const QString &text) override;
    QString openFileName(QWidget *, const QString &) override;
    QString openPriceBookName(QWidget *, const QString &) override; // openPath
    QString saveFileName(QWidget *, const QString &) override;
    QString directoryName(QWidget *, const QString &, const QString &) override;
};

struct TestWindow
{
    std::unique_ptr<MainWindow> window;
    ScriptedPrompts *prompts = nullptr; // owned by the window
};

// A window with autosave off (unless `autosaveMs` > 0) and no coalescing delay.
TestWindow makeWindow(int autosaveMs = 0, int debounceMs = 0);

// A window (as makeWindow()) with the sample `relative` (under the source tree) open and
// evaluated.
TestWindow openWindow(const QString &relative);

// Opens `relative` (under the source tree) and waits for its evaluation.
bool openAndEvaluate(MainWindow &window, const QString &path);

// The headline figure `key` (result JSON key, e.g. "gpus") as the results panel shows it.
QString figure(MainWindow &window, const char *key);

// Types `text` into the property editor's field at `pointer` and commits it as Enter would.
void typeInto(MainWindow &window, const std::string &pointer, const QString &text);

// Waits until the window's evaluator is idle and returns the latest evaluation.
std::shared_ptr<const Evaluation> settle(MainWindow &window);

// Runs `start` and processes events until `sender` emits `signal` or `timeoutMs` pass; true when
// it emitted.
template<typename Sender, typename Signal, typename Start>
bool waitForSignal(Sender *sender, Signal signal, Start start, int timeoutMs = 60000)
{
    bool emitted = false;
    QEventLoop wait;
    QObject::connect(sender, signal, &wait, [&] {
        emitted = true;
        wait.quit();
    });
    QTimer::singleShot(timeoutMs, &wait, &QEventLoop::quit);
    start();
    if (!emitted)
        wait.exec();
    return emitted;
}

} // namespace aidc::ui::test
