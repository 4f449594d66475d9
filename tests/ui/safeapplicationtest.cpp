// SPDX-License-Identifier: Apache-2.0
// Issue 18 (item 6): an exception that escapes an event handler is reported and the program goes
// on; it never terminates the GUI.

#include "ui/safeapplication.h"

#include <catch2/catch.hpp>

#include <QApplication>
#include <QCoreApplication>
#include <QEvent>
#include <QMessageBox>
#include <QTimer>

#include <stdexcept>

namespace {

// An object whose handler of user events fails as an unexpected parse error would.
class Throwing : public QObject
{
public:
    bool event(QEvent *event) override
    {
        if (event->type() == QEvent::User)
            throw std::runtime_error("/compute/pools/0/gpuCount: 1e309 is out of range");
        return QObject::event(event);
    }
};

QMessageBox *findBox()
{
    for (QWidget *widget : QApplication::topLevelWidgets())
        if (auto *box = qobject_cast<QMessageBox *>(widget); box && box->isVisible())
            return box;
    return nullptr;
}

} // namespace

TEST_CASE("an exception out of an event handler is reported, and the program goes on", "[ui]")
{
    auto *app = qobject_cast<aidc::ui::SafeApplication *>(QCoreApplication::instance());
    REQUIRE(app);
    app->clearReportedErrors();
    const int before = 0;
    Throwing object;
    QEvent event(QEvent::User);
    CHECK_FALSE(QCoreApplication::sendEvent(&object, &event));
    REQUIRE(app->reportedErrors().size() == before + 1);
    CHECK(app->reportedErrors().back().contains(QStringLiteral("1e309 is out of range")));

    // The same through the event loop (a posted event, as a queued signal delivers it).
    QCoreApplication::postEvent(&object, new QEvent(QEvent::User));
    QCoreApplication::processEvents();
    CHECK(app->reportedErrors().size() == before + 2);
    // And the loop still runs events afterwards.
    bool ran = false;
    QTimer::singleShot(0, [&] { ran = true; });
    QCoreApplication::processEvents();
    CHECK(ran);
    app->clearReportedErrors(); // expected: the test main fails a case that leaves any behind
}

TEST_CASE("the program shows the unexpected error in a dialog, not from inside the handler", "[ui]")
{
    auto *app = qobject_cast<aidc::ui::SafeApplication *>(QCoreApplication::instance());
    REQUIRE(app);
    app->setShowsDialogs(true);
    Throwing object;
    QEvent event(QEvent::User);
    QCoreApplication::sendEvent(&object, &event);
    CHECK(findBox() == nullptr); // not yet: shown from the event loop
    QCoreApplication::processEvents();
    QMessageBox *box = findBox();
    app->setShowsDialogs(false);
    REQUIRE(box);
    CHECK(box->text().contains(QStringLiteral("1e309 is out of range")));
    CHECK(box->text().contains(QStringLiteral("Save As")));
    // A second error while the dialog is open goes into it, not into a second dialog.
    app->setShowsDialogs(true);
    QCoreApplication::sendEvent(&object, &event);
    QCoreApplication::processEvents();
    app->setShowsDialogs(false);
    int boxes = 0;
    for (QWidget *widget : QApplication::topLevelWidgets())
        boxes += qobject_cast<QMessageBox *>(widget) && widget->isVisible() ? 1 : 0;
    CHECK(boxes == 1);
    CHECK(box->informativeText().contains(QStringLiteral("1e309")));
    box->close();
    QCoreApplication::processEvents();
    app->clearReportedErrors();
}
