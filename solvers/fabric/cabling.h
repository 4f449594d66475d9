// SPDX-License-Identifier: Apache-2.0
#pragma once

// Cabling of one placed plane (docs/fabric-model.md §5-§7):
//   length   L = (rise + |dx| + |dy| (+ crossover detour) + drop + 2 slack) (1 + dressing);
//            within one rack the vertical port distance replaces rise/run/drop; between
//            adjacent racks of a row the run goes over the rack tops, else through the tray
//            (Manhattan routing: a [U] engineering rule);
//   medium   the first medium of the plane's ladder (the catalog media of the link's speed and
//            the plane's technology, ranked by the media policy's order) that the link's level
//            may use, with reach >= L + max(10% L, 1 m) [U] and a stock length >= L; all
//            links of one switch cage share the medium the cage's longest link needs;
//   parts    one transceiver module per optical end (a twin-port module serves two links of
//            one cage), one cable per copper/AOC link or per switch cage when a cage carries
//            several links (splitter), MPO jumpers; runs leaving the row or longer than
//            structuredAboveM become jumper + trunk + jumper through a patch panel per rack;
//   power    a switch draws its base power plus its modules' power per used cage (a twin-port
//            module with one link used draws its whole power) and powerWPerEnd for every active
//            cable end, so a DAC-fed QM9700 stays at ~747 W and one full of optics approaches
//            ~1,500 W [ref:zomi-100k-slides];
//   trays    per row, the copper and the fibre tray's fill (cable cross-section / tray area)
//            and mass per metre at its busiest point.

#include "model/diagnostics.h"
#include "solvers/fabric/fabric.h"
#include "solvers/fabric/placement.h"

#include <vector>

namespace aidc {

// Where a switch that found no rack is assumed to be (centroid of what it connects).
struct SwitchSpot
{
    double xM = 0, yM = 0;
    int hall = 0;
};

// Tray load per row, shared by every plane of a site.
class TrayLoads
{
public:
    explicit TrayLoads(const RackSpace &space);

    // A run along `row` between x0 and x1 of `areaMm2` cross-section and `kgPerM` per metre.
    void addRun(int row, double x0M, double x1M, double areaMm2, double kgPerM, bool fibre);

    // Peak fill per row; over-full rows (fill > limit, load > limit) become warnings.
    // Fill per row over the project's stacked trays of each kind; over-full rows become
    // warnings that say how many trays would do.
    std::vector<TrayFill> fills(const CablingOptions &options, const CablingDesign &design,
                                Diagnostics &diagnostics) const;

private:
    int slotOf(int row, double xM) const;

    const RackSpace &m_space;
    std::vector<std::vector<double>> m_copper, m_fibre, m_mass; // difference arrays per row
};

// Lengths, media, module/cable counts, power, BOM lines and tray loads of one plane whose
// switches are placed. Fills the plane's topology lengths/media, media usage, power figures,
// copper shares, tier power and BOM, and adds violations to plane.diagnostics.
void cablePlane(PlaneResult &plane, const FabricPlane &settings, const SwitchModel &switchModel,
                const std::vector<SwitchSpot> &spots, const Catalog &catalog,
                const FabricOptions &options, const RackSpace &space, TrayLoads &trays,
                std::vector<double> &rackPowerW, double &unplacedPowerW);

// The uplinks that leave a plane of leaves only (plane.externalUplinks: a management switch's
// 100G ports into the in-band network): each runs from its leaf's rack to the nearest network
// rack of the hall (where the in-band switches stand; no such rack: the far end of the row),
// on the cheapest medium of the catalog's ladder at the uplink speed that reaches. Adds the
// modules (both ends) and cables to the plane's BOM, their power to the switch power, and a
// warning when no medium of that speed reaches.
void cableExternalUplinks(PlaneResult &plane, const Catalog &catalog, const FabricOptions &options,
                          const RackSpace &space, std::vector<double> &rackPowerW);

// What one link on medium `m` costs over the service life, in USD (the "lifecycle" media
// order): the parts (a cable; or both ends' share of their modules and one jumper), the energy
// of both ends over o.lifecycle.years at its tariff times the facility overhead, and the parts
// expected to fail and be replaced (catalog failure rates: "transceiver" per module, an AOC's
// two optical ends replace the whole cable, "cable" for copper and jumpers). Infinite when the
// medium has no price "each": an unpriced medium cannot be ranked and goes last. A twin-port
// module serves at most `cagePorts` links (a switch with single-port cages takes one module per
// link end).
double lifecycleUsdPerLink(const Medium &m, const Catalog &catalog, const CablingOptions &o,
                           int cagePorts = 2);

// The stock length a run of `lengthM` is cut to: the smallest of `stockM` >= the run, or the
// run rounded up to `stepM` when `stockM` is empty; 0 when the run is longer than every stock.
double stockLength(double lengthM, const std::vector<double> &stockM, double stepM);

} // namespace aidc
