// SPDX-License-Identifier: Apache-2.0
#include "uitestutil.h"

#include "ui/propertyeditor.h"
#include "ui/summarymodel.h"

#include <catch2/catch.hpp>

#include <QCoreApplication>
#include <QDir>
#include <QLineEdit>

namespace aidc::ui::test {

QString sourcePath(const QString &relative)
{
    return QDir(QStringLiteral(AIDC_SOURCE_DIR)).filePath(relative);
}

UserPrompts::SaveChoice ScriptedPrompts::askSaveChanges(QWidget *, const QString &)
{
    ++saveQuestions;
    return saveChoice;
}

bool ScriptedPrompts::askRecover(QWidget *, const QString &, const QDateTime &)
{
    ++recoverQuestions;
    return recover;
}

void ScriptedPrompts::showError(QWidget *, const QString &title, const QString &text,
                                const QString &details)
{
    errors << title + " | " + text + " | " + details;
}

bool ScriptedPrompts::askConfirm(QWidget *, const QString &, const QString &text)
{
    confirmations << text;
    return confirm;
}

void ScriptedPrompts::showInformation(QWidget *, const QString &title, const QString &text,
                                      const QString &details)
{
    notes << title + " | " + text + " | " + details;
}

QString ScriptedPrompts::openFileName(QWidget *, const QString &)
{
    return openPath;
}

QString ScriptedPrompts::openPriceBookName(QWidget *, const QString &)
{
    return openPath;
}

QString ScriptedPrompts::saveFileName(QWidget *, const QString &suggestion)
{
    saveSuggestion = suggestion;
    return savePath;
}

QString ScriptedPrompts::directoryName(QWidget *, const QString &, const QString &)
{
    return directoryPath;
}

TestWindow makeWindow(int autosaveMs, int debounceMs)
{
    MainWindow::Options options;
    options.catalogDirectory = sourcePath(QStringLiteral("catalogs/data"));
    options.samplesDirectory = sourcePath(QStringLiteral("projects"));
    options.autosaveIntervalMs = autosaveMs > 0 ? autosaveMs : 24 * 3600 * 1000;
    options.autosaveDebounceMs = debounceMs > 0 ? debounceMs : options.autosaveIntervalMs;
    options.coalesceMs = 0;
    options.restoreSettings = false;
    TestWindow t;
    t.window = std::make_unique<MainWindow>(options);
    auto prompts = std::make_unique<ScriptedPrompts>();
    t.prompts = prompts.get();
    t.window->setPrompts(std::move(prompts));
    return t;
}

QString figure(MainWindow &window, const char *key)
{
    const SummaryModel &m = *window.summaryModel();
    return m.index(m.rowOf(key), 1).data().toString();
}

void typeInto(MainWindow &window, const std::string &pointer, const QString &text)
{
    auto *edit = qobject_cast<QLineEdit *>(window.propertyEditor()->editorFor(pointer));
    REQUIRE(edit);
    edit->setText(text);
    edit->setModified(true);
    emit edit->editingFinished();
}

std::shared_ptr<const Evaluation> settle(MainWindow &window)
{
    window.evaluator()->waitForIdle(60000);
    QCoreApplication::processEvents();
    return window.evaluation();
}

TestWindow openWindow(const QString &relative)
{
    TestWindow t = makeWindow();
    REQUIRE(openAndEvaluate(*t.window, sourcePath(relative)));
    return t;
}

bool openAndEvaluate(MainWindow &window, const QString &path)
{
    if (!window.openFile(path))
        return false;
    return settle(window) != nullptr;
}

} // namespace aidc::ui::test
