// SPDX-License-Identifier: Apache-2.0
#pragma once

// The site at a glance (View ▸ Site dock): every hall at its place on the site (the layout's
// hall origins), its rows, and per hall its racks and IT power against its rated capacity, so a
// campus of several halls can be reviewed whole. Under the drawing, the rectilinear distance
// between each pair of hall origins (what a backbone cable along the corridors would run), next
// to the fixed inter-hall run the fabric's cable lengths assume. Clicking a hall selects it (the
// floor plan then shows it).

#include <QGraphicsView>
#include <QWidget>

#include <memory>

class QLabel;

namespace aidc {
struct LayoutResult;
}

namespace aidc::ui {

struct Evaluation;

class SiteView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit SiteView(QWidget *parent = nullptr);
    void setEvaluation(std::shared_ptr<const Evaluation> evaluation);
    int hallItemCount() const { return m_halls; }

signals:
    void hallChosen(int hall);

protected:
    void mousePressEvent(QMouseEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void rebuild();

    std::shared_ptr<const Evaluation> m_evaluation;
    int m_halls = 0;
};

// The view and, under it, the distances between halls.
class SitePanel : public QWidget
{
    Q_OBJECT

public:
    explicit SitePanel(QWidget *parent = nullptr);
    SiteView *view() const { return m_view; }
    void setEvaluation(std::shared_ptr<const Evaluation> evaluation);
    QString distancesText() const;

private:
    SiteView *m_view;
    QLabel *m_distances;
};

// The rectilinear distance in metres between the origins of halls `a` and `b` of `layout`.
double hallDistanceM(const LayoutResult &layout, int a, int b);

} // namespace aidc::ui
