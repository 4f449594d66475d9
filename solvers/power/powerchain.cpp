// SPDX-License-Identifier: Apache-2.0
#include "solvers/power/powerchain.h"

#include "model/enumnames.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <initializer_list>

namespace aidc {

namespace {

bool sameName(const std::string &a, const std::string &b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) ==
                      std::tolower(static_cast<unsigned char>(y));
           });
}

bool isDcVariant(const std::string &variant)
{
    return sameName(variant, "800VDC") || sameName(variant, "sst") ||
           sameName(variant, "solid-state");
}

StageModel fromCatalog(const PowerStage &stage)
{
    StageModel model;
    model.stage = stage.stage;
    model.variant = stage.variant;
    model.part = stage.id;
    model.curve = stage.efficiency;
    model.insideItBoundary = stage.insideItBoundary;
    return model;
}

const PowerStage *findStage(const Catalog &catalog, const std::string &stage,
                            std::initializer_list<const char *> variants)
{
    for (const char *variant : variants) {
        for (const PowerStage &candidate : catalog.powerStages) {
            if (sameName(candidate.stage, stage) && sameName(candidate.variant, variant))
                return &candidate;
        }
    }
    return nullptr;
}

// Any variant of an AC stage (not the 800 V DC one), for stages whose AC variants the catalog
// may name freely ("dry-type", "busway", "").
const PowerStage *findAcStage(const Catalog &catalog, const std::string &stage)
{
    for (const PowerStage &candidate : catalog.powerStages) {
        if (sameName(candidate.stage, stage) && !isDcVariant(candidate.variant))
            return &candidate;
    }
    return nullptr;
}

StageModel defaultStage(const std::string &stage, const std::string &variant, bool insideIt,
                        std::vector<std::pair<double, double>> points, const std::string &source,
                        std::vector<std::string> &assumptions)
{
    StageModel model;
    model.stage = stage;
    model.variant = variant;
    model.curve.points = std::move(points);
    model.insideItBoundary = insideIt;
    std::string text = stage + (variant.empty() ? "" : " " + variant) +
                       ": no catalog entry, default curve (load, efficiency)";
    for (const auto &[load, efficiency] : model.curve.points) {
        char point[32];
        std::snprintf(point, sizeof point, " %.2f:%.3f", load, efficiency);
        text += point;
    }
    assumptions.push_back(text + " " + source);
    return model;
}

StageModel stageOrDefault(const PowerStage *found, const std::string &stage,
                          const std::string &variant, bool insideIt,
                          std::vector<std::pair<double, double>> points, const std::string &source,
                          std::vector<std::string> &assumptions)
{
    if (found)
        return fromCatalog(*found);
    return defaultStage(stage, variant, insideIt, std::move(points), source, assumptions);
}

} // namespace

double efficiencyAt(const EfficiencyCurve &curve, double loadFraction)
{
    const auto &points = curve.points;
    if (points.empty())
        return 1.0;
    if (loadFraction <= points.front().first)
        return points.front().second;
    if (loadFraction >= points.back().first)
        return points.back().second;
    for (size_t i = 1; i < points.size(); ++i) {
        const auto &[x1, y1] = points[i];
        if (loadFraction <= x1) {
            const auto &[x0, y0] = points[i - 1];
            if (x1 <= x0)
                return y1;
            return y0 + (y1 - y0) * (loadFraction - x0) / (x1 - x0);
        }
    }
    return points.back().second;
}

double redundancyFactor(Redundancy redundancy, const UpsDesign &ups)
{
    switch (redundancy) {
    case Redundancy::N:
        return 1.0;
    case Redundancy::NPlus1:
        return ups.modules > 0 ? (ups.modules + 1.0) / ups.modules : 2.0;
    case Redundancy::TwoN:
        return 2.0;
    case Redundancy::Distributed:
        return ups.distributedY > 0 ? double(ups.distributedX) / ups.distributedY : 1.0;
    }
    return 1.0;
}

int unitsWithRedundancy(int needed, Redundancy redundancy, const UpsDesign &ups)
{
    if (needed <= 0)
        return 0;
    switch (redundancy) {
    case Redundancy::N:
        return needed;
    case Redundancy::NPlus1:
        return needed + 1;
    case Redundancy::TwoN:
        return 2 * needed;
    case Redundancy::Distributed:
        return int(std::ceil(needed * redundancyFactor(redundancy, ups) - 1e-9));
    }
    return needed;
}

double nominalVoltageV(Distribution distribution)
{
    switch (distribution) {
    case Distribution::Ac12V:
        return 12.0;
    case Distribution::Dc48V:
        return 48.0;
    case Distribution::Dc800V:
        return 800.0;
    }
    return 48.0;
}

FacilityStages facilityStages(const Catalog &catalog, const PowerDesign &design,
                              Distribution distribution, std::vector<std::string> &assumptions)
{
    const bool dc = distribution == Distribution::Dc800V;
    FacilityStages stages;
    stages.switchgear = stageOrDefault(
        findAcStage(catalog, "switchgear"), "switchgear", "mv", false, {{0.0, 0.997}},
        "[U: MV switchgear ~99.5%+, no source recorded]", assumptions);

    const PowerStage *transformer = nullptr;
    if (!design.transformer.empty()) {
        for (const PowerStage &candidate : catalog.powerStages) {
            if (candidate.id == design.transformer)
                transformer = &candidate;
        }
        if (!transformer)
            assumptions.push_back("transformer '" + design.transformer +
                                  "' is not in the catalog: the default is used");
    }
    if (dc) {
        if (!transformer)
            transformer = findStage(catalog, "transformer", {"800VDC", "solid-state", "sst"});
        stages.transformer = stageOrDefault(
            transformer, "transformer", "sst", false, {{0.25, 0.980}, {0.5, 0.985}, {1.0, 0.985}},
            "[U: solid-state transformer rectifying once to 800 V DC] [ref:nvidia-800vdc-2025]",
            assumptions);
    } else {
        if (!transformer)
            transformer = findAcStage(catalog, "transformer");
        stages.transformer = stageOrDefault(
            transformer, "transformer", "mv-lv", false,
            {{0.25, 0.990}, {0.35, 0.992}, {0.5, 0.992}, {0.75, 0.991}, {1.0, 0.989}},
            "[V: 99.0-99.5%, DOE 10 CFR 431.196 at 35% load] [ref:doe-10cfr431-196]", assumptions);
    }

    if (dc) {
        if (const PowerStage *ups = findStage(catalog, "ups", {"800VDC"})) {
            stages.ups = fromCatalog(*ups);
        } else {
            stages.ups.stage = "ups";
            stages.ups.variant = "dc-bus-storage";
            stages.ups.present = false;
            assumptions.push_back("ups: 800 V DC keeps its storage on the DC bus, so no UPS "
                                  "conversion is in the path [ref:nvidia-800vdc-2025]");
        }
    } else if (design.ups.type == UpsType::None) {
        stages.ups.stage = "ups";
        stages.ups.variant = "none";
        stages.ups.present = false;
    } else if (design.ups.type == UpsType::Eco) {
        stages.ups = stageOrDefault(findStage(catalog, "ups", {"eco"}), "ups", "eco", false,
                                    {{0.25, 0.980}, {0.5, 0.985}, {1.0, 0.990}},
                                    "[V: eco 98-99%] [ref:schneider-wp157]", assumptions);
    } else {
        stages.ups = stageOrDefault(
            findStage(catalog, "ups", {"double-conversion"}), "ups", "double-conversion", false,
            {{0.25, 0.940}, {0.5, 0.960}, {0.75, 0.965}, {1.0, 0.965}},
            "[S: 94-97%, lower at 25% load] [ref:schneider-wp157]", assumptions);
    }

    if (dc) {
        stages.pdu = stageOrDefault(findStage(catalog, "pdu", {"800VDC"}), "pdu", "800VDC", false,
                                    {{0.0, 0.995}}, "[U: 800 V DC busway]", assumptions);
    } else {
        stages.pdu =
            stageOrDefault(findAcStage(catalog, "pdu"), "pdu", "busway", false, {{0.0, 0.990}},
                           "[U: PDU/RPP/busway ~98.5-99.5%, no source recorded]", assumptions);
    }
    return stages;
}

RackPath rackPath(const Catalog &catalog, Distribution distribution, const PowerOptions &options,
                  std::vector<std::string> &assumptions)
{
    RackPath path;
    path.distribution = distribution;
    path.busVoltageV = distribution == Distribution::Dc800V ? options.dc800RackBusV
                                                            : nominalVoltageV(distribution);
    path.busbarResistanceOhm = options.rackBusbarResistanceOhm;
    const std::string variant = toString(distribution);
    const PowerStage *conversion = findStage(catalog, "rack-conversion", {variant.c_str()});
    const PowerStage *board = findStage(catalog, "board", {variant.c_str()});
    switch (distribution) {
    case Distribution::Ac12V:
        path.conversion = stageOrDefault(
            conversion, "rack-conversion", variant, true,
            {{0.1, 0.90}, {0.2, 0.94}, {0.5, 0.96}, {1.0, 0.91}},
            "[V: 80 PLUS Titanium 230 V redundant 90/94/96/91%] [ref:80plus]", assumptions);
        if (board) {
            path.board = fromCatalog(*board);
        } else {
            path.board.stage = "board";
            path.board.variant = variant;
            path.board.insideItBoundary = true;
            path.board.present = false; // the 12 V bus feeds the VRMs directly
        }
        break;
    case Distribution::Dc48V:
        path.conversion = stageOrDefault(
            conversion, "rack-conversion", variant, true,
            {{0.1, 0.92}, {0.2, 0.955}, {0.5, 0.975}, {1.0, 0.96}},
            "[U: ORv3 48 V shelf ~97.5% at its best, no source recorded]", assumptions);
        path.board =
            stageOrDefault(board, "board", variant, true, {{0.0, 0.975}},
                           "[U: 48->12 V bus converter 97-98%, no source recorded]", assumptions);
        break;
    case Distribution::Dc800V:
        path.conversion = stageOrDefault(
            conversion, "rack-conversion", variant, true, {{0.25, 0.975}, {0.5, 0.98}},
            "[U: one DC-DC step, 800 V to the rack busbar] [ref:nvidia-800vdc-2025]", assumptions);
        path.board =
            stageOrDefault(board, "board", variant, true, {{0.0, 0.975}},
                           "[U: bus converter to 12 V 97-98%, no source recorded]", assumptions);
        break;
    }
    return path;
}

RackPathFlow rackPathFromInput(const RackPath &path, double inputW, double loadFraction)
{
    RackPathFlow flow;
    flow.inputW = inputW;
    const double busW = inputW * path.conversion.efficiency(loadFraction);
    flow.conversionLossW = inputW - busW;
    flow.busCurrentA = busW / path.busVoltageV;
    flow.conductorLossW = flow.busCurrentA * flow.busCurrentA * path.busbarResistanceOhm;
    if (flow.conductorLossW > busW) {
        flow.feasible = false;
        flow.conductorLossW = busW;
    }
    const double deliveredW = busW - flow.conductorLossW;
    flow.railW = deliveredW * path.board.efficiency(loadFraction);
    flow.boardLossW = deliveredW - flow.railW;
    return flow;
}

RackPathFlow rackPathForRails(const RackPath &path, double railW, double loadFraction)
{
    RackPathFlow flow;
    flow.railW = railW;
    const double deliveredW = railW / path.board.efficiency(loadFraction);
    flow.boardLossW = deliveredW - railW;
    const double a = path.busbarResistanceOhm / (path.busVoltageV * path.busVoltageV);
    const double discriminant = 1.0 - 4.0 * a * deliveredW;
    double busW = deliveredW;
    if (discriminant < 0) {
        flow.feasible = false;
    } else {
        // 2 P / (1 + sqrt(1 - 4 a P)) is the small root of a x^2 - x + P = 0, stable as a -> 0.
        busW = 2.0 * deliveredW / (1.0 + std::sqrt(discriminant));
    }
    flow.conductorLossW = busW - deliveredW;
    flow.busCurrentA = busW / path.busVoltageV;
    flow.inputW = busW / path.conversion.efficiency(loadFraction);
    flow.conversionLossW = flow.inputW - busW;
    return flow;
}

} // namespace aidc
