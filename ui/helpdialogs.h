// SPDX-License-Identifier: Apache-2.0
#pragma once

// The Help menu's windows (issue 23 item 26): a getting-started window that offers the sample
// projects by their titles, the keyboard shortcuts as the menus define them, and the user guide
// (docs/gui.md) rendered from the installed documents. The sample list also feeds File › New
// from Sample, so titles are read in one place.

#include <QDialog>
#include <QString>

#include <vector>

class QCheckBox;
class QListWidget;
class QMainWindow;
class QTextBrowser;

namespace aidc::ui {

struct SampleProject
{
    QString path;
    QString fileName;    // "h100-1k-infiniband.json"
    QString title;       // the project's "name", else the file name
    QString description; // the project's "description", may be empty
};

// The sample projects (*.json) in `directory`, sorted by title. A file that is not a JSON
// object is listed by its file name (opening it shows the loader's message).
std::vector<SampleProject> listSamples(const QString &directory);

// A file name for `projectName` ("GB200 NVL72 hall" -> "gb200-nvl72-hall.json"), for Save As
// to suggest; "project.json" when the name has no letter or digit.
QString suggestedFileName(const QString &projectName);

struct ShortcutEntry
{
    QString command; // "Edit › Redo"
    QString keys;    // "Ctrl+Y, Ctrl+Shift+Z"
};

// Every action of `window` that has a key: its menus' actions by menu path, then the window's
// own actions (Go to …), in menu order.
std::vector<ShortcutEntry> shortcutList(const QMainWindow &window);

// Getting started: the samples by title with their descriptions; signals the user's choice.
class WelcomeDialog : public QDialog
{
    Q_OBJECT

public:
    WelcomeDialog(const std::vector<SampleProject> &samples, bool showAtStart,
                  QWidget *parent = nullptr);

    QListWidget *sampleList() const { return m_list; }
    bool showAtStart() const;

signals:
    void sampleChosen(const QString &path);
    void openFileRequested();

private:
    void chooseCurrent();

    std::vector<SampleProject> m_samples;
    QListWidget *m_list;
    QCheckBox *m_showAtStart;
};

// Help › Keyboard Shortcuts.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    ShortcutsDialog(const std::vector<ShortcutEntry> &entries, QWidget *parent = nullptr);
};

// Help › User Guide: a Markdown document with its links and pictures, Back and Forward.
class UserGuideDialog : public QDialog
{
    Q_OBJECT

public:
    UserGuideDialog(const QString &markdownPath, QWidget *parent = nullptr);
    QTextBrowser *browser() const { return m_browser; }

private:
    QTextBrowser *m_browser;
};

} // namespace aidc::ui
