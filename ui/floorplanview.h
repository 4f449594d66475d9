// SPDX-License-Identifier: Apache-2.0
#pragma once

// The floor plan of one hall: rows and racks to scale from the LayoutResult (1 scene unit =
// 1 cm), coloured by a chosen metric. Wheel zooms about the cursor, the middle button (or the
// scroll bars, or the arrow keys) pans, a left drag on empty floor selects with a rubber band
// (Ctrl+click adds or removes one part), a left drag on a rack or a row moves it, and a drag of
// one of several selected parts moves them all:
//   - several rows move rigidly by the same offset (whole centimetres; an offset that would
//     push a row past the hall's origin is cut so the rows keep their shape): rowsMoveRequested;
//   - several racks of one row move as one block, in their order, into the row nearest to
//     where they are dropped; the leftmost of them lands where it is dropped and the others
//     follow it without gaps (as racks in a row have no gaps): racksMoveRequested;
//   - racks of different rows, or rows and racks together, are refused (moveRefused says why,
//     the parts snap back): a row's slots are not positions another row shares, so there is
//     no one offset to apply; select whole rows to move racks of several rows.
// The view never edits the project: moves become requests (rackMoveRequested,
// rowMoveRequested, racksMoveRequested, rowsMoveRequested) that the main window turns into
// undoable commands, one per drag; the scene is rebuilt from the next result.

#include "selection.h"

#include <QGraphicsView>
#include <QWidget>

#include <QList>

#include <memory>
#include <vector>

class QComboBox;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLabel;
class QToolButton;

namespace aidc::ui {

struct Evaluation;

enum class ColourBy { Role, Pool, Cooling, PowerDensity, Violations };

// Legend entry: swatch colour and its meaning.
struct LegendEntry
{
    QColor colour;
    QString label;
};

// One single-rack move of a block move (moveRack semantics: `toSlot` is the index in `toRow`
// after the rack has been taken out of `row`).
struct RackMoveStep
{
    int row = 0, slot = 0, toRow = 0, toSlot = 0;
    bool operator==(const RackMoveStep &) const = default;
};

// The single-rack moves, applied in order, that take the racks at `rackSlots` (distinct, any order)
// of row `row` (`rowSize` racks) into row `toRow` (`toRowSize` racks before the move) as one
// block in their slot order, the block starting at `toSlot` counted among the racks of `toRow`
// that do not move (0 .. toRowSize - moving ones; clamped). Empty when nothing would change.
std::vector<RackMoveStep> rackBlockMoves(int row, int rowSize, const QList<int> &rackSlots,
                                         int toRow, int toRowSize, int toSlot);

class FloorPlanView : public QGraphicsView
{
    Q_OBJECT

public:
    explicit FloorPlanView(QWidget *parent = nullptr);
    ~FloorPlanView() override;

    void setEvaluation(const Project &project, std::shared_ptr<const Evaluation> evaluation);
    void setHall(int hall);
    int hall() const { return m_hall; }
    void setColourBy(ColourBy colourBy);
    ColourBy colourBy() const { return m_colourBy; }
    const std::vector<LegendEntry> &legend() const { return m_legend; }

    // Selects the rack or row (of this hall) and scrolls it into view; other kinds clear.
    void select(const Selection &selection);
    std::vector<Selection> selectedParts() const;
    void zoomToFit();
    void zoomBy(double factor);
    int rackItemCount() const { return int(m_rackItems.size()); }
    // Rack colours as drawn (tests check the colouring), in layout rack order of this hall.
    QColor rackColour(int layoutRack) const;
    // The tooltip of layout rack `index`: id, role, pool, position, IT power, heat, mass and
    // floor load against the hall's rating, in the display's units. Composed when the pointer
    // rests on the rack, not for every rack at every evaluation.
    QString rackToolTip(int index) const;

signals:
    void partSelected(const Selection &selection);
    void rackMoveRequested(int hall, int row, int slot, int toRow, int toSlot);
    void rowMoveRequested(int hall, int row, double xM, double yM);
    // Several rows of `hall` (ascending indices) dragged together: each row's origin moves by
    // (dxM, dyM) in metres, whole centimetres. ONE edit: moveRows(hall, {row, xM + dxM,
    // yM + dyM} for each row, from the layout's row origins).
    void rowsMoveRequested(int hall, const QList<int> &rows, double dxM, double dyM);
    // Several racks of row `row` (ascending `rackSlots`) dragged together into row `toRow` as one
    // block starting at `toSlot` (counted among the racks of `toRow` that do not move). ONE
    // edit: the moveRack() operations of rackBlockMoves(row, rowSize, rackSlots, toRow, toRowSize,
    // toSlot), in order.
    void racksMoveRequested(int hall, int row, const QList<int> &rackSlots, int toRow, int toSlot);
    // A drag the view cannot turn into a move (the parts snapped back); `reason` is for the user.
    void moveRefused(const QString &reason);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    QString rackPowerTip(int index) const;
    void rebuild(const std::vector<Selection> &keep);
    void recolour();
    QColor colourFor(int layoutRack) const;
    void onSceneSelectionChanged();
    void updateHighlight();
    void updateLabels();
    void finishDrag();
    void refuseDrag(const QString &reason);

    Project m_project;
    std::shared_ptr<const Evaluation> m_evaluation;
    int m_hall = 0;
    ColourBy m_colourBy = ColourBy::Role;
    std::vector<LegendEntry> m_legend;
    std::vector<Selection> m_violationParts; // what each diagnostic names (violation colouring)
    std::vector<std::pair<int, QGraphicsRectItem *>> m_rackItems; // (layout rack, item)
    std::vector<QGraphicsRectItem *> m_rowItems;                  // by row index
    std::vector<QGraphicsSimpleTextItem *> m_rowLabels;
    double m_minRowGap = 1e18; // closest rows, scene units
    bool m_fitPending = true;
    bool m_panning = false;
    bool m_rebuilding = false;
    QPoint m_panStart;
};

// The floor plan with its tool bar (hall, colour metric, zoom, insert/delete row) and legend.
class FloorPlanPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FloorPlanPanel(QWidget *parent = nullptr);

    FloorPlanView *view() const { return m_view; }
    void setEvaluation(const Project &project, std::shared_ptr<const Evaluation> evaluation);
    void showHall(int hall);
    void setColourBy(ColourBy colourBy);

signals:
    void insertRowRequested(int hall);
    void deleteRowRequested(int hall, int row);

private:
    void updateLegend();

    FloorPlanView *m_view;
    QComboBox *m_hallBox;
    QComboBox *m_colourBox;
    QLabel *m_legend;
    QToolButton *m_deleteRow;
};

} // namespace aidc::ui
