#pragma once

// Rack elevation: what sits at which U of one rack, and a view that draws it.
//
// The contents follow the layout and the catalog: compute racks hold their servers (catalog
// height) from U1 up, a 1U fibre patch panel and one 1U leaf per plane whose leaves sit top of
// rack; network racks hold patch panels and the switch slots the layout reserves
// (LayoutOptions::switchesPerNetworkRack, switch height from the plane's catalog switch);
// storage racks hold storage nodes. Racks on 48 V busbar or 800 V DC get two 1U power shelves
// (N+N) at the bottom; 12 V racks feed each server's PSUs from zero-U PDUs. Switch counts per
// network rack are the layout's reservation, not the fabric solver's count.

#include "catalogs/catalog.h"
#include "model/project.h"
#include "solvers/layout/layout.h"

#include <QWidget>

#include <string>
#include <vector>

namespace aidc::ui {

struct ElevationItem
{
    enum class Kind { Server, Switch, PatchPanel, PowerShelf, Storage, Blank };
    int firstU = 1; // bottom U, 1-based
    int heightU = 1;
    Kind kind = Kind::Blank;
    std::string label;
};

struct RackElevation
{
    std::string rackId;
    std::string rackType;
    int heightU = 42;
    std::vector<ElevationItem> items; // bottom to top, not overlapping
    std::vector<std::string> notes;   // zero-U parts, overflow
};

RackElevation rackElevation(const PlacedRack &rack, const Project &project,
                            const LayoutResult &layout, const Catalog *catalog,
                            const LayoutOptions &options = {});

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
