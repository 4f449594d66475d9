// SPDX-License-Identifier: Apache-2.0
#include "solvers/uncertainty/assumptions.h"

#include "solvers/common/defaults.h"

#include <algorithm>
#include <map>

namespace aidc {

const char *toString(AssumptionClass c)
{
    switch (c) {
    case AssumptionClass::Vendor:
        return "V";
    case AssumptionClass::Paper:
        return "P";
    case AssumptionClass::Analyst:
        return "A";
    case AssumptionClass::Secondary:
        return "S";
    case AssumptionClass::Derived:
        return "D";
    case AssumptionClass::Unverified:
        return "U";
    case AssumptionClass::Project:
        return "project";
    }
    return "U";
}

AssumptionClass assumptionClass(Confidence confidence)
{
    switch (confidence) {
    case Confidence::Vendor:
        return AssumptionClass::Vendor;
    case Confidence::Paper:
        return AssumptionClass::Paper;
    case Confidence::Analyst:
        return AssumptionClass::Analyst;
    case Confidence::Secondary:
        return AssumptionClass::Secondary;
    case Confidence::Derived:
        return AssumptionClass::Derived;
    case Confidence::Unverified:
        return AssumptionClass::Unverified;
    }
    return AssumptionClass::Unverified;
}

namespace {

// The +/- share a sensitivity run applies to a figure of each class.
double rangeOf(const UncertaintySettings &settings, AssumptionClass c)
{
    switch (c) {
    case AssumptionClass::Vendor:
        return settings.vendor;
    case AssumptionClass::Paper:
        return settings.paper;
    case AssumptionClass::Analyst:
        return settings.analyst;
    case AssumptionClass::Secondary:
        return settings.secondary;
    case AssumptionClass::Derived:
        return settings.derived;
    case AssumptionClass::Unverified:
        return settings.unverified;
    case AssumptionClass::Project:
        return settings.project;
    }
    return settings.unverified;
}

FigureSource sourceOf(const FigureSources &sources, const std::string &field)
{
    auto it = sources.find(field);
    return it != sources.end() ? it->second
                               : FigureSource{"no source recorded", Confidence::Unverified};
}

class RegisterBuilder
{
public:
    explicit RegisterBuilder(const UncertaintySettings &settings)
        : m_settings(settings)
    {
    }

    // A project input: stated when it differs from the format's default.
    void projectInput(const std::string &pointer, const std::string &label, double value,
                      double defaultValue, const std::string &unit, const std::string &drives,
                      std::function<void(Project &, double)> set)
    {
        Assumption a;
        a.id = pointer;
        a.label = label;
        a.value = value;
        a.unit = unit;
        a.stated = value != defaultValue;
        a.confidence = a.stated ? AssumptionClass::Project : AssumptionClass::Unverified;
        a.source = a.stated ? "project file" : "format default (docs/project-format.md)";
        a.drives = drives;
        a.scale = [set, value](Project &p, Catalog &, double factor) {
            set(p, value * factor);
        };
        add(std::move(a));
    }

    void catalogFigure(std::string id, std::string label, double value, std::string unit,
                       const FigureSource &source, bool stated, std::string drives,
                       std::function<void(Project &, Catalog &, double)> scale)
    {
        Assumption a;
        a.id = std::move(id);
        a.label = std::move(label);
        a.value = value;
        a.unit = std::move(unit);
        a.source = source.source;
        a.confidence = stated ? AssumptionClass::Project : assumptionClass(source.confidence);
        a.stated = stated;
        a.drives = std::move(drives);
        a.scale = std::move(scale);
        add(std::move(a));
    }

    std::vector<Assumption> take() { return std::move(m_out); }

private:
    void add(Assumption a)
    {
        a.relativeRange = a.scale ? rangeOf(m_settings, a.confidence) : 0.0;
        m_out.push_back(std::move(a));
    }

    const UncertaintySettings &m_settings;
    std::vector<Assumption> m_out;
};

// "each" -> "USD", "per-MW" -> "USD/MW", "MW" -> "USD/MW".
std::string priceUnit(const std::string &unit)
{
    if (unit.empty() || unit == "each")
        return "USD";
    return "USD/" + (unit.rfind("per-", 0) == 0 ? unit.substr(4) : unit);
}

bool sameSource(const FigureSources &a, const FigureSources &b, const std::string &field)
{
    auto x = a.find(field), y = b.find(field);
    if (x == a.end() || y == b.end())
        return x == a.end() && y == b.end();
    return x->second.source == y->second.source;
}

} // namespace

std::vector<Assumption> assumptionRegister(const Project &project, const Catalog &base,
                                           const Catalog &catalog, const Result &result)
{
    RegisterBuilder b(project.uncertainty);
    const Site site;
    const CostSettings cost;
    const ReliabilitySettings reliability;
    const StorageDesign storage;

    // ---- project inputs that are estimates
    b.projectInput("/site/electricityUsdPerKWh", "Electricity price",
                   project.site.electricityUsdPerKWh, site.electricityUsdPerKWh, "USD/kWh",
                   "energy cost, opex, TCO",
                   [](Project &p, double v) { p.site.electricityUsdPerKWh = v; });
    b.projectInput("/cost/costOfCapital", "Cost of capital", project.cost.costOfCapital,
                   cost.costOfCapital, "1/year", "TCO, cost per GPU-hour",
                   [](Project &p, double v) { p.cost.costOfCapital = v; });
    if (project.workload) {
        b.projectInput("/reliability/detectionMinutes", "Failure detection time",
                       project.reliability.detectionMinutes, reliability.detectionMinutes, "min",
                       "goodput, effective time to train",
                       [](Project &p, double v) { p.reliability.detectionMinutes = v; });
        b.projectInput("/reliability/restartMinutes", "Restart time",
                       project.reliability.restartMinutes, reliability.restartMinutes, "min",
                       "goodput, effective time to train",
                       [](Project &p, double v) { p.reliability.restartMinutes = v; });
        b.projectInput("/reliability/repairHours", "Repair time", project.reliability.repairHours,
                       reliability.repairHours, "h", "spares, goodput",
                       [](Project &p, double v) { p.reliability.repairHours = v; });
        b.projectInput(
            "/storage/checkpointBandwidthFraction", "Checkpoint share of storage bandwidth",
            project.storage.checkpointBandwidthFraction, storage.checkpointBandwidthFraction, "1",
            "checkpoint time, goodput",
            [](Project &p, double v) { p.storage.checkpointBandwidthFraction = std::min(1.0, v); });
    }

    // ---- the pools' accelerators and servers
    std::vector<std::string> seenGpus, seenServers;
    const bool fp8 = project.workload && project.workload->precision == Precision::Fp8;
    for (const ComputePool &pool : project.pools) {
        const Accelerator *gpu = catalog.accelerator(pool.gpu);
        const Accelerator *baseGpu = base.accelerator(pool.gpu);
        if (gpu && std::find(seenGpus.begin(), seenGpus.end(), gpu->id) == seenGpus.end()) {
            seenGpus.push_back(gpu->id);
            const std::string field = fp8 ? "fp8Tflops" : "bf16Tflops";
            const double peak = fp8 ? gpu->fp8Tflops : gpu->bf16Tflops;
            const bool stated = !baseGpu || !sameSource(gpu->sources, baseGpu->sources, field);
            const std::string id = gpu->id;
            if (peak > 0)
                b.catalogFigure("catalog:" + id + "/" + field,
                                id + " dense " + (fp8 ? "FP8" : "BF16") + " peak", peak, "TFLOP/s",
                                sourceOf(gpu->sources, field), stated, "tokens/s, time to train",
                                [id, fp8](Project &, Catalog &c, double f) {
                                    for (Accelerator &a : c.accelerators)
                                        if (a.id == id)
                                            (fp8 ? a.fp8Tflops : a.bf16Tflops) *= f;
                                });
            b.catalogFigure("catalog:" + id + "/tdpW", id + " TDP", gpu->tdpW, "W",
                            sourceOf(gpu->sources, "tdpW"),
                            !baseGpu || !sameSource(gpu->sources, baseGpu->sources, "tdpW"),
                            "IT power, energy, facility size",
                            [id](Project &, Catalog &c, double f) {
                                for (Accelerator &a : c.accelerators)
                                    if (a.id == id)
                                        a.tdpW *= f;
                            });
        }
        const std::string serverId =
            !pool.server.empty() ? pool.server : (gpu ? gpu->defaultServer : std::string());
        const Server *server = catalog.server(serverId);
        const Server *baseServer = base.server(serverId);
        if (server &&
            std::find(seenServers.begin(), seenServers.end(), server->id) == seenServers.end()) {
            seenServers.push_back(server->id);
            const std::string id = server->id;
            b.catalogFigure(
                "catalog:" + id + "/maxPowerW", id + " nameplate power", server->maxPowerW, "W",
                sourceOf(server->sources, "maxPowerW"),
                !baseServer || !sameSource(server->sources, baseServer->sources, "maxPowerW"),
                "IT power, energy, facility size", [id](Project &, Catalog &c, double f) {
                    for (Server &s : c.servers)
                        if (s.id == id)
                            s.maxPowerW *= f;
                });
        }
    }

    // ---- failure rates (the reliability solver reads every class)
    if (project.workload) {
        for (const FailureRate &rate : catalog.failureRates) {
            if (rate.failuresPerYear <= 0)
                continue;
            const std::string cls = rate.componentClass;
            auto stated = project.reliability.failuresPerYearOverride.find(cls);
            const bool byProject = stated != project.reliability.failuresPerYearOverride.end();
            const FailureRate *baseRate = base.failureRate(cls);
            b.catalogFigure("failures:" + cls, "Failure rate: " + cls,
                            byProject ? stated->second : rate.failuresPerYear, "failures/unit-year",
                            sourceOf(rate.sources, "failuresPerYear"),
                            byProject || !baseRate ||
                                !sameSource(rate.sources, baseRate->sources, "failuresPerYear"),
                            "interruptions, goodput, spares",
                            [cls](Project &p, Catalog &c, double f) {
                                auto it = p.reliability.failuresPerYearOverride.find(cls);
                                if (it != p.reliability.failuresPerYearOverride.end()) {
                                    it->second *= f;
                                    return;
                                }
                                for (FailureRate &r : c.failureRates)
                                    if (r.componentClass == cls)
                                        r.failuresPerYear *= f;
                            });
        }
    }

    // ---- prices behind at least 0.5 % of capex, largest first
    std::map<std::string, double> byPart;
    std::map<std::string, const CostLine *> firstLine;
    for (const CostLine &line : result.cost.lines) {
        if (line.part.empty() || line.extendedUsd <= 0)
            continue;
        byPart[line.part] += line.extendedUsd;
        firstLine.emplace(line.part, &line);
    }
    std::vector<std::pair<std::string, double>> parts(byPart.begin(), byPart.end());
    std::sort(parts.begin(), parts.end(), [](const auto &x, const auto &y) {
        return x.second != y.second ? x.second > y.second : x.first < y.first;
    });
    for (const auto &[part, usd] : parts) {
        if (result.cost.capexUsd <= 0 || usd < 0.005 * result.cost.capexUsd)
            break;
        const CostLine &line = *firstLine.at(part);
        const Price *price = catalog.price(part);
        const bool quoted = line.origin == PriceOrigin::PriceBook;
        if (!price && !quoted)
            continue;
        const Price *basePrice = base.price(part);
        FigureSource source{line.priceSource, Confidence::Unverified};
        if (price && !quoted)
            source.confidence = price->source.confidence;
        const bool stated =
            quoted || !basePrice || basePrice->source.source != price->source.source;
        const std::string key = part;
        // A quote from the price book is the project's figure: listed, not varied here.
        std::function<void(Project &, Catalog &, double)> scale;
        if (!quoted)
            scale = [key](Project &, Catalog &c, double f) {
                for (Price &p : c.prices)
                    if (p.part == key)
                        p.unitUsd *= f;
            };
        b.catalogFigure("price:" + part, "Price: " + line.description.substr(0, 60),
                        quoted ? line.unitPriceUsd : price->unitUsd,
                        priceUnit(quoted ? line.unit : price->unit), source, stated,
                        "capex, TCO, cost per GPU-hour", std::move(scale));
    }
    return b.take();
}

} // namespace aidc
