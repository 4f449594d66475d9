// SPDX-License-Identifier: Apache-2.0
#pragma once

// What the charts and tables show, as plain vectors built from one evaluation. chartData() and
// resultTables() are the only places that read solver results for them: wiring a further
// solver output into the GUI means filling a slot here (the widgets take these vectors as they
// are). A slot stays empty when its solver did not run (the chart then says so).

#include "catalogs/catalog.h"
#include "model/csv.h"
#include "model/project.h"
#include "solvers/common/bom.h"
#include "solvers/pipeline/pipeline.h"

#include <string>
#include <vector>

namespace aidc::ui {

struct LabelledValue
{
    std::string label;
    double value = 0;
};

struct XY
{
    double x = 0, y = 0;
};

struct CurveSeries
{
    std::string name;
    std::vector<XY> points;
    bool markers = true; // a dot on every point (off for dense sampled curves)
};

struct ChartData
{
    // Power at peak by consumer, W: GPUs, rest of the servers, network, storage, cooling and
    // conversion losses (power solver); GPUs and rest of servers from the catalog without it.
    std::vector<LabelledValue> powerBreakdownW;
    std::vector<LabelledValue> poolGpus;           // GPUs per pool
    std::vector<LabelledValue> poolItNameplateMW;  // servers at nameplate per pool, MW
    std::vector<LabelledValue> capexBreakdownUsd;  // by category (cost solver)
    std::vector<LabelledValue> stepTimeBreakdownS; // compute, exposed TP/PP/DP/EP, bubble, I/O
    std::vector<CurveSeries> scalingCurve;         // x: GPUs; y: MFU (0..1) per series
    std::vector<LabelledValue> failuresPerDay;     // by component class (reliability solver)
    std::vector<CurveSeries> goodputVsInterval;    // x: checkpoint interval, min; y: goodput 0..1
    // x: time, s; y: MW at the IT meter and at the utility, over the window `aidc profile`
    // writes (load-profile solver), at most ~2,000 points.
    std::vector<CurveSeries> loadProfileMW;
};

ChartData chartData(const Project &project, const Result &result, const Catalog &catalog);

struct ResultTables
{
    CsvTable racks; // every placed rack (layout)
    CsvTable halls; // every hall against its ratings (`aidc halls`)
    CsvTable pools; // per-pool counts and power (summary)
    CsvTable bom;   // network + facility BOM with prices (as `aidc bom` writes it)
    // The cable schedule (`aidc cables`) is built on demand: ~600k rows for 100k GPUs.
};

ResultTables resultTables(const Result &result);

} // namespace aidc::ui
