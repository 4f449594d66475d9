// SPDX-License-Identifier: Apache-2.0
#pragma once

// The view that draws a rack elevation (solvers/handoff/rackelevation.h says what is where).

#include "solvers/handoff/rackelevation.h"

#include <QWidget>

namespace aidc::ui {

class RackElevationView : public QWidget
{
    Q_OBJECT

public:
    explicit RackElevationView(QWidget *parent = nullptr);

    void setElevation(const RackElevation &elevation);
    void clear();
    const RackElevation &elevation() const { return m_elevation; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    RackElevation m_elevation;
    bool m_empty = true;
};

} // namespace aidc::ui
