// SPDX-License-Identifier: Apache-2.0
#include "catalogloader.h"

#include "model/strictjson.h"

#include "model/enumnames.h"
#include "model/jsonreader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <type_traits>

#ifndef AIDC_SOURCE_CATALOG_DIR
#define AIDC_SOURCE_CATALOG_DIR ""
#endif

namespace aidc {

namespace {

constexpr const char *kSchema = "aidc-catalog";
constexpr int kVersion = 1;

// Generous physical ceilings: a figure above them is a typo (W for kW, an extra zero), not a
// future part. Kyber-class racks (~600 kW+ [U]) stay well inside them.
constexpr double kMaxGbps = 1.0e5;
constexpr double kMaxServerPowerW = 2.0e6;
constexpr double kMaxMassKg = 1.0e4;

const std::vector<std::string> kSwitchTechnologies = {"infiniband", "ethernet"};
const std::vector<std::string> kApplianceRoles = {"fabric-manager"};
const std::vector<std::string> kPowerStageKinds = {"switchgear", "transformer",     "ups",
                                                   "pdu",        "rack-conversion", "board"};
const std::vector<std::string> kCoolingKinds = {"cdu",  "chiller", "dry-cooler",
                                                "crah", "rdhx",    "tower"};
const std::vector<std::string> kPriceUnits = {"each",    "per-MW", "per-kW",
                                              "per-kWh", "per-m",  "per-m2"};
// Price keys that are not part ids: categories priced per unit of something.
const std::vector<std::string> kPriceCategories = {"facility/", "install/", "fibre/"};

std::string joined(const std::vector<std::string> &names)
{
    std::string out;
    for (const std::string &name : names)
        out += (out.empty() ? "" : ", ") + name;
    return out;
}

} // namespace

namespace {

// Where an entry came from, for reference errors found after all files are read.
struct Location
{
    std::string file;
    std::string path;
};
using Origins = std::map<std::string, std::map<std::string, Location>>; // kind -> id -> where

// Reads one catalog entry: its fields through JsonObjectReader, plus the entry's default
// `source` and per-field `sources`, which it assigns to every numeric field it read.
// Full mode (catalog files, new parts): every field is required. Partial mode (overrides of an
// existing part): absent fields keep their value and their source.
class EntryReader
{
public:
    EntryReader(const nlohmann::json &object, std::string path, std::string file,
                Diagnostics &diagnostics, bool partial, std::optional<FigureSource> fallback)
        : m_reader(object, std::move(path), std::move(file), diagnostics)
        , m_partial(partial)
    {
        std::string text;
        const std::size_t before = diagnostics.items().size();
        m_reader.readString("source", text, fallback ? Need::Optional : Need::Required);
        if (!text.empty()) {
            FigureSource parsed;
            if (parseFigureSource(text, parsed))
                m_default = parsed;
            else
                m_reader.error("source", untaggedMessage(text));
        } else if (fallback) {
            m_default = *fallback;
        } else if (diagnostics.items().size() == before && m_reader.has("source")) {
            m_reader.error("source", "empty source; give where the figures come from");
        }
        if (const nlohmann::json *sources = m_reader.object("sources")) {
            for (auto it = sources->begin(); it != sources->end(); ++it) {
                const std::string itemPath =
                    jsonPointerAppend(m_reader.pathOf("sources"), it.key());
                FigureSource parsed;
                if (!it->is_string()) {
                    diagnostics.error(m_reader.file(), itemPath,
                                      "expected a string, found " + jsonTypeName(*it));
                } else if (!parseFigureSource(it->get<std::string>(), parsed)) {
                    diagnostics.error(m_reader.file(), itemPath,
                                      untaggedMessage(it->get<std::string>()));
                } else {
                    m_perField[it.key()] = {parsed, itemPath};
                }
            }
        }
    }

    JsonObjectReader &reader() { return m_reader; }
    bool partial() const { return m_partial; }
    Need need() const { return m_partial ? Need::Optional : Need::Required; }

    void string(const char *key, std::string &out) { m_reader.readString(key, out, need()); }

    // A string a part may leave out even in full mode (it keeps its default).
    void optionalString(const char *key, std::string &out)
    {
        m_reader.readString(key, out, Need::Optional);
    }

    // The orderable identity every hardware and plant entry may state: manufacturer, part number
    // and lead time ("leadTimeWeeks": [min, max] with "leadTimeDate" and its own source in
    // "sources": a lead time is market news, never a datasheet figure).
    template<typename Part> void orderable(Part &part)
    {
        optionalString("manufacturer", part.manufacturer);
        optionalString("partNumber", part.partNumber);
        leadTime(part.leadTime);
    }

    void leadTime(LeadTime &out)
    {
        const char *key = "leadTimeWeeks";
        numeric(key);
        if (!m_reader.has(key)) {
            // An override may re-date or re-source a lead time only by restating it whole.
            if (m_reader.has("leadTimeDate"))
                m_reader.error("leadTimeDate", "a lead-time date without leadTimeWeeks");
            if (m_perField.count(key))
                itemError(m_perField.at(key).path,
                          "a lead-time source without leadTimeWeeks: give the weeks, date and "
                          "source together");
            return;
        }
        const nlohmann::json *range = m_reader.array(key, Need::Optional);
        if (!range)
            return; // not an array: reported by the reader
        const std::string path = m_reader.pathOf(key);
        double low = 0, high = 0;
        if (range->size() != 2) {
            itemError(path, "expected [min, max] weeks, found an array of " +
                                std::to_string(range->size()) + " values");
            return;
        }
        if (!element((*range)[0], jsonPointerAppend(path, std::size_t(0)), 0, 520, false, low) ||
            !element((*range)[1], jsonPointerAppend(path, std::size_t(1)), 0, 520, true, high))
            return;
        if (low > high) {
            itemError(path, "min weeks above max weeks");
            return;
        }
        std::string date;
        m_reader.readString("leadTimeDate", date, Need::Optional);
        if (!isIsoDate(date)) {
            m_reader.error("leadTimeDate",
                           "a lead time needs the date it was reported for (YYYY-MM-DD), found '" +
                               date + "'");
            return;
        }
        if (m_perField.count(key) == 0) {
            itemError(path, "a lead time needs its own source in sources.leadTimeWeeks (the "
                            "entry's source is the datasheet's)");
            return;
        }
        out = {low, high, date};
    }

    // A string from a fixed set; `always optional` keeps `out` (its default) when absent.
    void choice(const char *key, std::string &out, const std::vector<std::string> &allowed,
                bool alwaysOptional = false)
    {
        std::string text = out;
        const std::size_t before = m_reader.diagnostics().items().size();
        m_reader.readString(key, text, alwaysOptional ? Need::Optional : need());
        if (m_reader.diagnostics().items().size() != before || !m_reader.has(key))
            return;
        if (std::find(allowed.begin(), allowed.end(), text) == allowed.end()) {
            m_reader.error(key, "unknown value '" + text +
                                    "' (expected one of: " + joined(allowed) + ")");
            return;
        }
        out = text;
    }

    // An optional list of distinct values, each one of `allowed`.
    void choices(const char *key, std::vector<std::string> &out,
                 const std::vector<std::string> &allowed)
    {
        if (!m_reader.has(key))
            return;
        std::vector<std::string> values;
        const std::size_t before = m_reader.diagnostics().items().size();
        m_reader.readStringList(key, values);
        if (m_reader.diagnostics().items().size() != before)
            return;
        for (std::size_t i = 0; i < values.size(); ++i) {
            const std::string path = jsonPointerAppend(m_reader.pathOf(key), i);
            if (std::find(allowed.begin(), allowed.end(), values[i]) == allowed.end()) {
                itemError(path, "unknown value '" + values[i] +
                                    "' (expected one of: " + joined(allowed) + ")");
                return;
            }
            if (std::find(values.begin(), values.begin() + std::ptrdiff_t(i), values[i]) !=
                values.begin() + std::ptrdiff_t(i)) {
                itemError(path, "'" + values[i] + "' is listed twice");
                return;
            }
        }
        out = std::move(values);
    }

    void boolean(const char *key, bool &out) { m_reader.readBool(key, out, need()); }

    template<typename E> void enumeration(const char *key, E &out, const EnumNames<E> &names)
    {
        m_reader.readEnum(key, out, names, need());
    }

    void number(const char *key, double &out, double min, double max, bool minExclusive = false)
    {
        numeric(key);
        m_reader.readNumber(key, out, need(), min, max, minExclusive);
    }

    void integer(const char *key, int &out, long long min, long long max)
    {
        numeric(key);
        m_reader.readInt(key, out, need(), min, max);
    }

    // A figure a part may leave out even in full mode (it keeps its default).
    void optionalNumber(const char *key, double &out, double min, double max)
    {
        numeric(key);
        m_reader.readNumber(key, out, Need::Optional, min, max);
    }

    void optionalInteger(const char *key, int &out, long long min, long long max)
    {
        numeric(key);
        m_reader.readInt(key, out, Need::Optional, min, max);
    }

    // A list of numbers, each in [min, max], strictly ascending.
    void ascendingList(const char *key, std::vector<double> &out, double min, double max)
    {
        numeric(key);
        const nlohmann::json *array = m_reader.array(key, need());
        if (!array)
            return;
        std::vector<double> values;
        bool ok = true;
        for (std::size_t i = 0; i < array->size(); ++i) {
            double x = 0;
            ok = element((*array)[i], jsonPointerAppend(m_reader.pathOf(key), i), min, max, false,
                         x) &&
                 ok;
            if (ok && !values.empty() && x <= values.back()) {
                itemError(jsonPointerAppend(m_reader.pathOf(key), i),
                          "values must be in ascending order");
                ok = false;
            }
            values.push_back(x);
        }
        if (ok)
            out = values;
    }

    // A list of [x, y] pairs: x in [xMin, xMax], y in (yMin, yMax], x strictly monotonic.
    bool pairs(const char *key, std::vector<std::pair<double, double>> &out, double xMin,
               double xMax, double yMin, double yMax, bool descending)
    {
        numeric(key);
        const nlohmann::json *array = m_reader.array(key, need());
        if (!array)
            return false;
        std::vector<std::pair<double, double>> values;
        bool ok = true;
        if (array->empty()) {
            m_reader.error(key, "needs at least one [x, y] point");
            return false;
        }
        for (std::size_t i = 0; i < array->size(); ++i) {
            const nlohmann::json &point = (*array)[i];
            const std::string path = jsonPointerAppend(m_reader.pathOf(key), i);
            if (!point.is_array() || point.size() != 2) {
                itemError(path, "expected a pair [x, y], found " +
                                    (point.is_array()
                                         ? "an array of " + std::to_string(point.size()) + " values"
                                         : jsonTypeName(point)));
                ok = false;
                continue;
            }
            double x = 0, y = 0;
            if (!element(point[0], jsonPointerAppend(path, std::size_t(0)), xMin, xMax, false, x) ||
                !element(point[1], jsonPointerAppend(path, std::size_t(1)), yMin, yMax, true, y)) {
                ok = false;
                continue;
            }
            if (!values.empty() &&
                (descending ? x >= values.back().first : x <= values.back().first)) {
                itemError(jsonPointerAppend(path, std::size_t(0)),
                          std::string("points must be in ") +
                              (descending ? "descending" : "ascending") + " order of x");
                ok = false;
            }
            values.emplace_back(x, y);
        }
        if (ok)
            out = values;
        return ok;
    }

    // Assigns the sources of the numeric fields read, checks `sources` names only such fields
    // and reports unknown keys. Returns the default source of the entry.
    void finish(FigureSources &sources)
    {
        for (const auto &[key, entry] : m_perField) {
            if (m_numeric.count(key) == 0) {
                m_reader.diagnostics().error(
                    m_reader.file(), entry.path,
                    "source for unknown or non-numeric field '" + key + "' (numeric fields here: " +
                        joined(std::vector<std::string>(m_numeric.begin(), m_numeric.end())) + ")");
            }
        }
        for (const std::string &key : m_numeric) {
            auto perField = m_perField.find(key);
            if (perField != m_perField.end())
                sources[key] = perField->second.source;
            else if (m_reader.has(key.c_str()) && m_default)
                sources[key] = *m_default;
        }
        m_reader.finish();
    }

    std::optional<FigureSource> defaultSource() const { return m_default; }

private:
    struct PerField
    {
        FigureSource source;
        std::string path;
    };

    static std::string untaggedMessage(const std::string &text)
    {
        return "source '" + text +
               "' must start with a confidence tag: [V] vendor, [P] paper, [A] analyst, "
               "[S] secondary, [D] derived or [U] unverified";
    }

    void numeric(const char *key) { m_numeric.insert(key); }

    void itemError(const std::string &path, std::string message)
    {
        m_reader.diagnostics().error(m_reader.file(), path, std::move(message));
    }

    bool element(const nlohmann::json &value, const std::string &path, double min, double max,
                 bool minExclusive, double &out)
    {
        if (!value.is_number()) {
            itemError(path, "expected a number, found " + jsonTypeName(value));
            return false;
        }
        const double x = value.get<double>();
        const bool belowMin = minExclusive ? !(x > min) : !(x >= min);
        if (!std::isfinite(x) || belowMin || x > max) {
            std::ostringstream range;
            range << "value " << value.dump() << " is out of range (must be "
                  << (minExclusive ? "greater than " : "at least ") << nlohmann::json(min).dump()
                  << " and at most " << nlohmann::json(max).dump() << ")";
            itemError(path, range.str());
            return false;
        }
        out = x;
        return true;
    }

    JsonObjectReader m_reader;
    bool m_partial;
    std::optional<FigureSource> m_default;
    std::map<std::string, PerField> m_perField;
    std::set<std::string> m_numeric;
};

// ---------------------------------------------------------------- per-kind field tables

void read(EntryReader &e, Accelerator &a)
{
    e.string("id", a.id);
    e.string("name", a.name);
    e.string("vendor", a.vendor);
    e.number("bf16Tflops", a.bf16Tflops, 0, 1.0e5, true);
    e.number("fp8Tflops", a.fp8Tflops, 0, 2.0e5);
    e.number("hbmGB", a.hbmGB, 0, 1.0e4, true);
    e.number("hbmTBps", a.hbmTBps, 0, 1000, true);
    e.number("scaleUpGBpsPerDirection", a.scaleUpGBpsPerDirection, 0, 1.0e5);
    e.integer("scaleUpDomain", a.scaleUpDomain, 1, 1000000);
    e.number("nicGbps", a.nicGbps, 0, kMaxGbps, true);
    e.number("tdpW", a.tdpW, 0, 1.0e5, true);
    e.string("defaultServer", a.defaultServer);
    // (min GFLOP of one GEMM, efficiency), largest threshold first, as the performance model
    // takes the first row a GEMM reaches [ref:calculon-2023].
    std::vector<std::pair<double, double>> table;
    if (e.pairs("gemmEfficiency", table, 0, 1.0e9, 0, 1, true)) {
        if (table.back().first != 0) {
            e.reader().error("gemmEfficiency", "the last row must start at 0 GFLOP so that every "
                                               "GEMM size has an efficiency");
        } else {
            a.gemmEfficiency = table;
        }
    }
    e.number("attentionEfficiency", a.attentionEfficiency, 0, 1, true);
    e.number("fp8GemmEfficiency", a.fp8GemmEfficiency, 0, 1, true);
    e.number("memoryEfficiency", a.memoryEfficiency, 0, 1, true);
    e.number("scaleUpBusEfficiency", a.scaleUpBusEfficiency, 0, 1, true);
    e.number("scaleOutBusEfficiency", a.scaleOutBusEfficiency, 0, 1, true);
}

void read(EntryReader &e, Server &s)
{
    e.string("id", s.id);
    e.string("name", s.name);
    e.orderable(s);
    e.string("accelerator", s.accelerator);
    e.integer("gpus", s.gpus, 1, 10000);
    e.integer("scaleUpDomain", s.scaleUpDomain, 1, 1000000);
    e.boolean("rackScale", s.rackScale);
    e.integer("heightU", s.heightU, 1, 60);
    e.number("maxPowerW", s.maxPowerW, 0, kMaxServerPowerW, true);
    e.number("massKg", s.massKg, 0, kMaxMassKg, true);
    e.integer("backendPorts", s.backendPorts, 0, 10000);
    e.number("backendPortGbps", s.backendPortGbps, 0, kMaxGbps, true);
    e.integer("backendCages", s.backendCages, 0, 10000);
    e.optionalInteger("nodes", s.nodes, 1, 10000);
    e.integer("frontendPorts", s.frontendPorts, 0, 10000);
    e.number("frontendPortGbps", s.frontendPortGbps, 0, kMaxGbps, true);
    e.integer("storagePorts", s.storagePorts, 0, 10000);
    e.number("storagePortGbps", s.storagePortGbps, 0, kMaxGbps, true);
    e.integer("oobPorts", s.oobPorts, 0, 1000);
    e.integer("psus", s.psus, 1, 1000);
    e.integer("psusRequired", s.psusRequired, 1, 1000);
    e.string("defaultRackType", s.defaultRackType);
    e.integer("defaultServersPerRack", s.defaultServersPerRack, 1, 100);
}

void read(EntryReader &e, RackType &r)
{
    e.string("id", r.id);
    e.string("name", r.name);
    e.orderable(r);
    e.integer("heightU", r.heightU, 1, 60);
    e.number("widthMm", r.widthMm, 0, 2000, true);
    e.number("depthMm", r.depthMm, 0, 3000, true);
    e.number("maxPowerKW", r.maxPowerKW, 0, 2000, true);
    e.number("staticLoadKg", r.staticLoadKg, 0, kMaxMassKg, true);
    e.number("emptyMassKg", r.emptyMassKg, 0, 2000);
    e.integer("feet", r.feet, 1, 16);
    e.boolean("liquidCooled", r.liquidCooled);
}

void read(EntryReader &e, StorageSystem &s)
{
    e.string("id", s.id);
    e.string("name", s.name);
    e.orderable(s);
    e.number("capacityPBPerNode", s.capacityPBPerNode, 0, 100, true);
    e.number("writeGBpsPerNode", s.writeGBpsPerNode, 0, 1.0e4, true);
    e.number("readGBpsPerNode", s.readGBpsPerNode, 0, 1.0e4, true);
    e.number("powerWPerNode", s.powerWPerNode, 0, 1.0e5, true);
    e.integer("heightU", s.heightU, 1, 60);
    e.number("massKg", s.massKg, 0, 2000, true);
    e.integer("networkPorts", s.networkPorts, 1, 1000);
    e.number("portGbps", s.portGbps, 0, kMaxGbps, true);
}

void read(EntryReader &e, Appliance &a)
{
    e.string("id", a.id);
    e.string("name", a.name);
    e.orderable(a);
    e.choice("role", a.role, kApplianceRoles);
    e.choice("technology", a.technology, kSwitchTechnologies);
    e.integer("ports", a.ports, 1, 64);
    e.number("powerW", a.powerW, 0, 1.0e5, true);
    e.integer("heightU", a.heightU, 1, 60);
    e.number("massKg", a.massKg, 0, 2000, true);
}

void read(EntryReader &e, SwitchModel &s)
{
    e.string("id", s.id);
    e.string("name", s.name);
    e.orderable(s);
    e.choice("technology", s.technology, kSwitchTechnologies);
    e.integer("radix", s.radix, 1, 4096);
    e.number("portGbps", s.portGbps, 0, kMaxGbps, true);
    e.integer("maxBreakout", s.maxBreakout, 1, 16);
    e.integer("portsPerCage", s.portsPerCage, 1, 8);
    e.number("basePowerW", s.basePowerW, 0, 1.0e5, true);
    e.integer("heightU", s.heightU, 1, 60);
    e.number("massKg", s.massKg, 0, 2000, true);
    e.optionalInteger("uplinkPorts", s.uplinkPorts, 0, 64);
    e.optionalNumber("uplinkGbps", s.uplinkGbps, 0, kMaxGbps);
    if (s.uplinkPorts > 0 && !(s.uplinkGbps > 0))
        e.reader().error("uplinkGbps", "a switch with uplinkPorts needs their speed (> 0)");
}

void read(EntryReader &e, Medium &m)
{
    e.string("id", m.id);
    e.string("name", m.name);
    e.orderable(m);
    e.enumeration("kind", m.kind, mediumKindNames());
    e.number("gbps", m.gbps, 0, kMaxGbps, true);
    e.number("reachM", m.reachM, 0, 1.0e6, true);
    e.number("powerWPerEnd", m.powerWPerEnd, 0, 200);
    e.boolean("needsTransceivers", m.needsTransceivers);
    e.integer("linksPerModule", m.linksPerModule, 1, 8);
    e.choices("technologies", m.technologies, kSwitchTechnologies);
    e.ascendingList("stockLengthsM", m.stockLengthsM, 0.1, 1.0e5);
    e.number("diameterMm", m.diameterMm, 0, 100, true);
    e.number("massKgPerM", m.massKgPerM, 0, 10, true);
    e.number("relativePrice", m.relativePrice, 0, 1000, true);
}

void read(EntryReader &e, PowerStage &p)
{
    e.string("id", p.id);
    e.string("name", p.name);
    e.orderable(p);
    e.choice("stage", p.stage, kPowerStageKinds);
    e.string("variant", p.variant);
    e.pairs("efficiency", p.efficiency.points, 0, 1, 0, 1, false);
    e.boolean("insideItBoundary", p.insideItBoundary);
}

void read(EntryReader &e, Generator &g)
{
    e.string("id", g.id);
    e.string("name", g.name);
    e.orderable(g);
    e.number("ratingMW", g.ratingMW, 0, 100, true);
    e.number("usableFraction", g.usableFraction, 0, 1, true);
}

void read(EntryReader &e, CoolingUnit &c)
{
    e.string("id", c.id);
    e.string("name", c.name);
    e.orderable(c);
    e.choice("kind", c.kind, kCoolingKinds);
    e.number("capacityKW", c.capacityKW, 0, 1.0e6, true);
    e.number("cop", c.cop, 0, 50);
    e.number("powerFraction", c.powerFraction, 0, 1);
}

void read(EntryReader &e, FailureRate &f)
{
    e.string("componentClass", f.componentClass);
    e.number("failuresPerYear", f.failuresPerYear, 0, 100);
    e.number("repairHours", f.repairHours, 0, 1.0e5);
}

void read(EntryReader &e, Price &p)
{
    e.string("part", p.part);
    e.number("unitUsd", p.unitUsd, 0, 1.0e11);
    e.choice("unit", p.unit, kPriceUnits, true); // default "each"
    // Currency and date fall back to the file's (or override's) defaults, set by the caller.
    e.reader().readString("currency", p.currency);
    e.reader().readString("date", p.date);
}

FigureSources &sourcesOf(Accelerator &x)
{
    return x.sources;
}
FigureSources &sourcesOf(Server &x)
{
    return x.sources;
}
FigureSources &sourcesOf(RackType &x)
{
    return x.sources;
}
FigureSources &sourcesOf(StorageSystem &x)
{
    return x.sources;
}
FigureSources &sourcesOf(Appliance &x)
{
    return x.sources;
}
FigureSources &sourcesOf(SwitchModel &x)
{
    return x.sources;
}
FigureSources &sourcesOf(Medium &x)
{
    return x.sources;
}
FigureSources &sourcesOf(PowerStage &x)
{
    return x.sources;
}
FigureSources &sourcesOf(Generator &x)
{
    return x.sources;
}
FigureSources &sourcesOf(CoolingUnit &x)
{
    return x.sources;
}
FigureSources &sourcesOf(FailureRate &x)
{
    return x.sources;
}

template<typename T> const char *idKey()
{
    return "id";
}
template<> const char *idKey<FailureRate>()
{
    return "componentClass";
}
template<> const char *idKey<Price>()
{
    return "part";
}

template<typename T> const std::string &idOf(const T &x)
{
    return x.id;
}
template<> const std::string &idOf<FailureRate>(const FailureRate &x)
{
    return x.componentClass;
}
template<> const std::string &idOf<Price>(const Price &x)
{
    return x.part;
}

// Defaults a price list gives its entries.
struct PriceDefaults
{
    std::string currency = "USD";
    std::string date;
    // An overlay's price list also dates (and, when it names one, prices in its currency) the
    // entries that change an existing price: its figures are of that date.
    bool appliesToChanges = false;
    bool currencyGiven = false;
};

// Reads one entry into `item` and finishes its sources. Returns false if the entry had errors,
// counting from the diagnostic index `before` (taken before `e` read the entry's sources).
template<typename T>
bool readEntry(EntryReader &e, T &item, Diagnostics &diagnostics,
               const PriceDefaults *priceDefaults, std::size_t before)
{
    if constexpr (std::is_same_v<T, Price>) {
        if (!e.partial() && priceDefaults) {
            item.currency = priceDefaults->currency;
            item.date = priceDefaults->date;
        } else if (priceDefaults && priceDefaults->appliesToChanges &&
                   (e.reader().has("unitUsd") || e.reader().has("unit"))) {
            if (!priceDefaults->date.empty())
                item.date = priceDefaults->date;
            if (priceDefaults->currencyGiven)
                item.currency = priceDefaults->currency;
        }
        read(e, item);
        FigureSources sources;
        e.finish(sources);
        if (auto it = sources.find("unitUsd"); it != sources.end())
            item.source = it->second;
        if (item.date.empty() || !isIsoDate(item.date))
            e.reader().error("date", "expected an ISO date YYYY-MM-DD for the price, found '" +
                                         item.date + "'");
    } else {
        (void)priceDefaults;
        read(e, item);
        e.finish(sourcesOf(item));
    }
    return std::none_of(diagnostics.items().begin() + std::ptrdiff_t(before),
                        diagnostics.items().end(),
                        [](const Diagnostic &d) { return d.severity == Severity::Error; });
}

// Adds every item of a file's array to `out`, reporting duplicate ids within the kind.
template<typename T>
void readItems(const nlohmann::json &items, const std::string &arrayPath, const std::string &file,
               const std::string &kind, std::vector<T> &out, Origins &origins,
               Diagnostics &diagnostics, const PriceDefaults *priceDefaults = nullptr)
{
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string path = jsonPointerAppend(arrayPath, i);
        const std::size_t before = diagnostics.items().size();
        EntryReader e(items[i], path, file, diagnostics, false, std::nullopt);
        T item;
        readEntry(e, item, diagnostics, priceDefaults, before);
        const std::string &id = idOf(item);
        if (id.empty())
            continue;
        auto &byId = origins[kind];
        if (auto it = byId.find(id); it != byId.end()) {
            diagnostics.error(file, jsonPointerAppend(path, idKey<T>()),
                              "duplicate " + std::string(idKey<T>()) + " '" + id +
                                  "' (first defined in " + it->second.file + " at " +
                                  it->second.path + ")");
            continue;
        }
        byId[id] = {file, path};
        out.push_back(std::move(item));
    }
}

// Applies the override entries of one kind. See applyCatalogOverrides().
template<typename T>
void overrideItems(const nlohmann::json &items, const std::string &arrayPath,
                   const std::string &file, const std::string &kind, std::vector<T> &out,
                   Origins &origins, Diagnostics &diagnostics, const FigureSource &fallback,
                   PriceDefaults priceDefaults = {})
{
    for (std::size_t i = 0; i < items.size(); ++i) {
        const std::string path = jsonPointerAppend(arrayPath, i);
        const nlohmann::json &entry = items[i];
        if (!entry.is_object()) {
            diagnostics.error(file, path, "expected an object, found " + jsonTypeName(entry));
            continue;
        }
        const nlohmann::json::const_iterator idIt = entry.find(idKey<T>());
        if (idIt == entry.end() || !idIt->is_string() || idIt->get<std::string>().empty()) {
            diagnostics.error(file, jsonPointerAppend(path, idKey<T>()),
                              std::string("missing ") + idKey<T>() +
                                  ": every override names the part it changes or adds");
            continue;
        }
        const std::string id = idIt->get<std::string>();
        auto existing =
            std::find_if(out.begin(), out.end(), [&](const T &x) { return idOf(x) == id; });
        T item;
        bool partial = existing != out.end();
        if (partial)
            item = *existing;
        const nlohmann::json::const_iterator basedOn = entry.find("basedOn");
        if (basedOn != entry.end()) {
            const std::string basePath = jsonPointerAppend(path, "basedOn");
            if (partial) {
                diagnostics.error(file, basePath,
                                  "'" + id + "' already exists; basedOn is for new parts only");
                continue;
            }
            if (!basedOn->is_string()) {
                diagnostics.error(file, basePath,
                                  "expected a string, found " + jsonTypeName(*basedOn));
                continue;
            }
            auto base = std::find_if(out.begin(), out.end(), [&](const T &x) {
                return idOf(x) == basedOn->get<std::string>();
            });
            if (base == out.end()) {
                diagnostics.error(file, basePath,
                                  "unknown " + kind + " '" + basedOn->get<std::string>() + "'");
                continue;
            }
            item = *base;
            partial = true;
        }
        const std::size_t before = diagnostics.items().size();
        EntryReader e(entry, path, file, diagnostics, partial, fallback);
        e.reader().value("basedOn");
        if (!readEntry(e, item, diagnostics, &priceDefaults, before))
            continue;
        origins[kind][id] = {file, path};
        if (existing != out.end())
            *existing = std::move(item);
        else
            out.push_back(std::move(item));
    }
}

// ---------------------------------------------------------------- cross-references

std::vector<std::string> idsOf(const auto &items)
{
    std::vector<std::string> ids;
    for (const auto &item : items)
        ids.push_back(idOf(item));
    return ids;
}

// Checks the references and cross-field rules of the entries listed in `origins` (all entries
// after a load, the changed ones after overrides).
void checkReferences(const Catalog &catalog, const Origins &origins, bool overrides,
                     Diagnostics &diagnostics)
{
    auto each = [&](const std::string &kind,
                    const std::function<void(const std::string &, const Location &)> &check) {
        auto it = origins.find(kind);
        if (it == origins.end())
            return;
        for (const auto &[id, where] : it->second)
            check(id, where);
    };
    auto unknown = [](const std::string &what, const std::string &id,
                      const std::vector<std::string> &known) {
        return "unknown " + what + " '" + id + "' (known: " + joined(known) + ")";
    };

    each("accelerators", [&](const std::string &id, const Location &where) {
        const Accelerator *gpu = catalog.accelerator(id);
        if (!gpu)
            return;
        const std::string path = jsonPointerAppend(where.path, "defaultServer");
        const Server *server = catalog.server(gpu->defaultServer);
        if (!server)
            diagnostics.error(where.file, path,
                              unknown("server", gpu->defaultServer, idsOf(catalog.servers)));
        else if (server->accelerator != gpu->id)
            diagnostics.error(where.file, path,
                              "default server '" + server->id + "' carries '" +
                                  server->accelerator + "', not '" + gpu->id +
                                  "' (name a server that carries it)");
    });

    each("servers", [&](const std::string &id, const Location &where) {
        const Server *server = catalog.server(id);
        if (!server)
            return;
        const Accelerator *gpu = catalog.accelerator(server->accelerator);
        if (!gpu) {
            diagnostics.error(
                where.file, jsonPointerAppend(where.path, "accelerator"),
                unknown("accelerator", server->accelerator, idsOf(catalog.accelerators)));
        } else if (server->maxPowerW < server->gpus * gpu->tdpW) {
            diagnostics.error(where.file, jsonPointerAppend(where.path, "maxPowerW"),
                              "maximum power " + nlohmann::json(server->maxPowerW).dump() +
                                  " W is below its GPUs' TDP (" + std::to_string(server->gpus) +
                                  " x " + nlohmann::json(gpu->tdpW).dump() + " W)");
        }
        // After overrides, a changed server must still carry the GPUs that default to it (a
        // full load checks this from the accelerator side).
        for (const Accelerator &other : catalog.accelerators) {
            if (overrides && other.defaultServer == server->id && other.id != server->accelerator)
                diagnostics.error(where.file, jsonPointerAppend(where.path, "accelerator"),
                                  "server '" + server->id + "' is the default server of '" +
                                      other.id + "' but carries '" + server->accelerator + "'");
        }
        const RackType *rack = catalog.rackType(server->defaultRackType);
        if (!rack) {
            diagnostics.error(
                where.file, jsonPointerAppend(where.path, "defaultRackType"),
                unknown("rack type", server->defaultRackType, idsOf(catalog.rackTypes)));
        } else if (server->heightU * server->defaultServersPerRack > rack->heightU) {
            diagnostics.error(where.file, jsonPointerAppend(where.path, "defaultServersPerRack"),
                              std::to_string(server->defaultServersPerRack) + " x " +
                                  std::to_string(server->heightU) + "U does not fit the " +
                                  std::to_string(rack->heightU) + "U rack '" + rack->id + "'");
        }
        if (server->psusRequired > server->psus)
            diagnostics.error(where.file, jsonPointerAppend(where.path, "psusRequired"),
                              "needs more PSUs (" + std::to_string(server->psusRequired) +
                                  ") than it has (" + std::to_string(server->psus) + ")");
        if (server->backendCages > server->backendPorts)
            diagnostics.error(where.file, jsonPointerAppend(where.path, "backendCages"),
                              "more backend cages than backend ports");
        if (server->backendPorts % server->nodes != 0)
            diagnostics.error(where.file, jsonPointerAppend(where.path, "nodes"),
                              "the " + std::to_string(server->backendPorts) +
                                  " backend ports do not split evenly over " +
                                  std::to_string(server->nodes) + " nodes");
        if (server->scaleUpDomain < server->gpus && server->gpus % server->scaleUpDomain != 0)
            diagnostics.error(where.file, jsonPointerAppend(where.path, "scaleUpDomain"),
                              "the server's GPUs do not split into whole scale-up domains");
    });

    each("cooling", [&](const std::string &id, const Location &where) {
        const CoolingUnit *unit = catalog.coolingUnit(id);
        if (unit && unit->kind == "chiller" && unit->cop <= 0)
            diagnostics.error(where.file, jsonPointerAppend(where.path, "cop"),
                              "a chiller needs a COP greater than 0");
    });

    each("power", [&](const std::string &id, const Location &where) {
        const PowerStage *stage = catalog.powerStageById(id);
        if (!stage)
            return;
        for (const PowerStage &other : catalog.powerStages) {
            if (other.id != id && other.stage == stage->stage && other.variant == stage->variant)
                diagnostics.error(where.file, jsonPointerAppend(where.path, "variant"),
                                  "stage '" + stage->stage + "' variant '" + stage->variant +
                                      "' is also defined by '" + other.id + "'");
        }
    });

    std::set<std::string> parts;
    for (const auto &list :
         {idsOf(catalog.accelerators), idsOf(catalog.servers), idsOf(catalog.rackTypes),
          idsOf(catalog.storageSystems), idsOf(catalog.appliances), idsOf(catalog.switches),
          idsOf(catalog.media), idsOf(catalog.powerStages), idsOf(catalog.coolingUnits),
          idsOf(catalog.generators)})
        parts.insert(list.begin(), list.end());
    each("prices", [&](const std::string &part, const Location &where) {
        const bool category =
            std::any_of(kPriceCategories.begin(), kPriceCategories.end(),
                        [&](const std::string &prefix) { return part.rfind(prefix, 0) == 0; });
        if (!category && parts.count(part) == 0)
            diagnostics.error(where.file, jsonPointerAppend(where.path, "part"),
                              "price for unknown part '" + part +
                                  "' (give a catalog part id, or a category key starting with " +
                                  joined(kPriceCategories) + ")");
    });
}

// Ids are unique across all part kinds, since prices and projects name parts by id alone.
void checkGlobalIds(const Origins &origins, Diagnostics &diagnostics)
{
    std::map<std::string, std::pair<std::string, Location>> seen;
    for (const auto &[kind, byId] : origins) {
        if (kind == "prices" || kind == "failures")
            continue;
        for (const auto &[id, where] : byId) {
            auto [it, inserted] = seen.emplace(id, std::make_pair(kind, where));
            if (!inserted)
                diagnostics.error(where.file, jsonPointerAppend(where.path, "id"),
                                  "id '" + id + "' is also used by a part in " + it->second.first +
                                      " (" + it->second.second.file + " at " +
                                      it->second.second.path +
                                      "); ids must be unique across the catalog");
        }
    }
}

} // namespace

const std::vector<std::string> &catalogKinds()
{
    static const std::vector<std::string> kinds = {
        "accelerators", "servers", "racks",   "switches",   "media",    "power",
        "generators",   "cooling", "storage", "appliances", "failures", "prices"};
    return kinds;
}

const char *confidenceTag(Confidence confidence)
{
    switch (confidence) {
    case Confidence::Vendor:
        return "V";
    case Confidence::Paper:
        return "P";
    case Confidence::Analyst:
        return "A";
    case Confidence::Secondary:
        return "S";
    case Confidence::Derived:
        return "D";
    case Confidence::Unverified:
        return "U";
    }
    return "U";
}

bool parseFigureSource(const std::string &text, FigureSource &out)
{
    if (text.size() < 3 || text[0] != '[' || text[2] != ']')
        return false;
    static const std::map<char, Confidence> tags = {
        {'V', Confidence::Vendor},    {'P', Confidence::Paper},   {'A', Confidence::Analyst},
        {'S', Confidence::Secondary}, {'D', Confidence::Derived}, {'U', Confidence::Unverified}};
    auto tag = tags.find(text[1]);
    if (tag == tags.end())
        return false;
    std::string rest = text.substr(3);
    rest.erase(0, rest.find_first_not_of(' '));
    if (rest.empty())
        return false;
    out.source = rest;
    out.confidence = tag->second;
    return true;
}

namespace {

// Calls `f` with the catalog's parts of `kind` (one of catalogKinds()); false for another name.
// The one place that maps a kind's name to its parts.
template<typename C, typename F> bool withPartsOf(C &catalog, const std::string &kind, F &&f)
{
    if (kind == "accelerators")
        f(catalog.accelerators);
    else if (kind == "servers")
        f(catalog.servers);
    else if (kind == "racks")
        f(catalog.rackTypes);
    else if (kind == "switches")
        f(catalog.switches);
    else if (kind == "media")
        f(catalog.media);
    else if (kind == "power")
        f(catalog.powerStages);
    else if (kind == "generators")
        f(catalog.generators);
    else if (kind == "cooling")
        f(catalog.coolingUnits);
    else if (kind == "storage")
        f(catalog.storageSystems);
    else if (kind == "appliances")
        f(catalog.appliances);
    else if (kind == "failures")
        f(catalog.failureRates);
    else if (kind == "prices")
        f(catalog.prices);
    else
        return false;
    return true;
}

// The message for a file whose kind is none of the file kinds.
std::string unknownKind(const std::string &kind)
{
    std::vector<std::string> fileKinds;
    for (const std::string &k : catalogKinds()) {
        if (k != "generators") // generator sets sit in the power file
            fileKinds.push_back(k);
    }
    return "unknown catalog kind '" + kind + "' (expected one of: " + joined(fileKinds) + ")";
}

// Reads a catalog file's envelope: schema, version, kind and description. False when the rest
// of the file cannot be read (the problem is reported).
bool readEnvelope(JsonObjectReader &top, std::string &kind)
{
    Diagnostics &diagnostics = top.diagnostics();
    std::string schema;
    int version = 0;
    const std::size_t before = diagnostics.items().size();
    top.readString("schema", schema, Need::Required);
    top.readInt("version", version, Need::Required, 0, 1000000);
    top.readString("kind", kind, Need::Required);
    if (diagnostics.items().size() != before)
        return false; // without schema, version and kind the rest cannot be read safely
    if (schema != kSchema) {
        top.error("schema", "expected \"" + std::string(kSchema) + "\", found \"" + schema +
                                "\": not a catalog file");
        return false;
    }
    if (version > kVersion) {
        top.error("version", "catalog version " + std::to_string(version) +
                                 " is newer than this program reads (" + std::to_string(kVersion) +
                                 "); update AIDC Planner");
        return false;
    }
    if (version < kVersion) {
        top.error("version", "unknown catalog version " + std::to_string(version) +
                                 " (this program reads version " + std::to_string(kVersion) + ")");
        return false;
    }
    std::string description;
    top.readString("description", description);
    return true;
}

// Appends the parts of `origins` to `out` (when given), in kind and id order.
void recordOrigins(const Origins &origins, std::vector<PartOrigin> *out)
{
    if (!out)
        return;
    for (const auto &[kind, byId] : origins) {
        for (const auto &[id, where] : byId)
            out->push_back({kind, id, where.file, where.path});
    }
}

// After overrides or an overlay changed the parts in `origins`: a new part must not reuse an id
// of another kind, and every reference of a changed part must still resolve.
void checkChangedParts(const Catalog &catalog, const Origins &origins, Diagnostics &diagnostics)
{
    std::vector<std::pair<std::string, std::vector<std::string>>> idsByKind;
    for (const std::string &kind : catalogKinds()) {
        if (kind != "prices" && kind != "failures") // not parts: keyed by part and class
            withPartsOf(catalog, kind,
                        [&](const auto &parts) { idsByKind.emplace_back(kind, idsOf(parts)); });
    }
    for (const auto &[kind, byId] : origins) {
        if (kind == "prices" || kind == "failures")
            continue;
        for (const auto &[id, where] : byId) {
            for (const auto &[otherKind, ids] : idsByKind) {
                if (otherKind != kind && std::find(ids.begin(), ids.end(), id) != ids.end())
                    diagnostics.error(where.file, jsonPointerAppend(where.path, "id"),
                                      "id '" + id + "' is already a part in " + otherKind +
                                          "; ids must be unique across the catalog");
            }
        }
    }
    checkReferences(catalog, origins, true, diagnostics);
}

} // namespace

Catalog loadCatalog(const std::string &directory, Diagnostics &diagnostics,
                    std::vector<PartOrigin> *partOrigins)
{
    namespace fs = std::filesystem;
    Catalog catalog;
    std::error_code ec;
    if (!fs::is_directory(directory, ec)) {
        diagnostics.error(directory, "",
                          "catalog directory not found (give --catalog or set AIDC_CATALOG_DIR "
                          "to the folder holding accelerators.json, servers.json, ...)");
        return catalog;
    }
    std::vector<fs::path> files;
    for (const fs::directory_entry &entry : fs::directory_iterator(directory, ec)) {
        if (entry.is_regular_file() && entry.path().extension() == ".json")
            files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());

    Origins origins;
    std::set<std::string> kindsSeen;
    for (const fs::path &path : files) {
        const std::string file = path.string();
        const std::optional<std::string> text = readTextFile(file, "catalog file", diagnostics);
        if (!text)
            continue;
        const std::optional<nlohmann::json> root = parseStrictJson(*text, file, diagnostics);
        if (!root)
            continue;

        JsonObjectReader top(*root, "", file, diagnostics);
        std::string kind;
        if (!readEnvelope(top, kind))
            continue;
        const nlohmann::json *items = top.array("items", Need::Required);
        static const nlohmann::json empty = nlohmann::json::array();
        const nlohmann::json &list = items ? *items : empty;
        const std::string itemsPath = "/items";
        PriceDefaults defaults;
        if (kind == "prices") {
            top.readString("date", defaults.date, Need::Required);
            top.readString("currency", defaults.currency);
            if (!defaults.date.empty() && !isIsoDate(defaults.date))
                top.error("date", "expected an ISO date YYYY-MM-DD, found '" + defaults.date + "'");
        }
        const bool known =
            kind != "generators" && withPartsOf(catalog, kind, [&](auto &parts) {
                readItems(list, itemsPath, file, kind, parts, origins, diagnostics, &defaults);
            });
        if (!known) {
            top.error("kind", unknownKind(kind));
            continue;
        }
        kindsSeen.insert(kind);
        // The power file also holds the generator sets.
        if (const nlohmann::json *generators = kind == "power" ? top.array("generators") : nullptr)
            readItems(*generators, "/generators", file, "generators", catalog.generators, origins,
                      diagnostics);
        top.finish();
    }

    // Appliances are optional: without a fabric manager the reserved ports stay free (a site
    // catalog written before the kind existed still loads).
    for (const std::string &kind : catalogKinds()) {
        if (kind != "generators" && kind != "appliances" && kindsSeen.count(kind) == 0)
            diagnostics.error(directory, "",
                              "no catalog file of kind '" + kind + "' (expected " + kind +
                                  ".json or another file with \"kind\": \"" + kind + "\")");
    }
    checkGlobalIds(origins, diagnostics);
    checkReferences(catalog, origins, false, diagnostics);
    recordOrigins(origins, partOrigins);
    return catalog;
}

void applyCatalogOverrides(Catalog &catalog, const std::string &overridesJson,
                           const std::string &projectFile, Diagnostics &diagnostics,
                           std::vector<PartOrigin> *partOrigins)
{
    const std::string root = "/catalogOverrides";
    if (overridesJson.find_first_not_of(" \t\r\n") == std::string::npos)
        return;
    const std::optional<nlohmann::json> overrides =
        parseStrictJson(overridesJson, projectFile, diagnostics, root);
    if (!overrides)
        return;
    JsonObjectReader top(*overrides, root, projectFile, diagnostics);
    const FigureSource fallback{"project override in " + projectFile, Confidence::Unverified};

    Origins origins;
    for (const std::string &kind : catalogKinds()) {
        if (const nlohmann::json *list = top.array(kind.c_str()))
            withPartsOf(catalog, kind, [&](auto &parts) {
                overrideItems(*list, top.pathOf(kind.c_str()), projectFile, kind, parts, origins,
                              diagnostics, fallback);
            });
    }
    top.finish();
    checkChangedParts(catalog, origins, diagnostics);
    recordOrigins(origins, partOrigins);
}

void applyCatalogOverlay(Catalog &catalog, const std::string &file, Diagnostics &diagnostics,
                         std::vector<PartOrigin> *partOrigins)
{
    const std::optional<std::string> text = readTextFile(file, "catalog overlay", diagnostics);
    if (!text)
        return;
    const std::optional<nlohmann::json> root = parseStrictJson(*text, file, diagnostics);
    if (!root)
        return;
    JsonObjectReader top(*root, "", file, diagnostics);
    std::string kind;
    if (!readEnvelope(top, kind))
        return;
    const FigureSource fallback{"catalog overlay " + file, Confidence::Unverified};
    PriceDefaults priceDefaults;
    if (kind == "prices") {
        priceDefaults.appliesToChanges = true;
        priceDefaults.currencyGiven = top.has("currency");
        top.readString("date", priceDefaults.date);
        top.readString("currency", priceDefaults.currency);
        if (!priceDefaults.date.empty() && !isIsoDate(priceDefaults.date))
            top.error("date",
                      "expected an ISO date YYYY-MM-DD, found '" + priceDefaults.date + "'");
    }
    Origins origins;
    const nlohmann::json *list = top.array("items", Need::Required);
    const bool known = kind != "generators" && withPartsOf(catalog, kind, [&](auto &parts) {
                           if (list)
                               overrideItems(*list, "/items", file, kind, parts, origins,
                                             diagnostics, fallback, priceDefaults);
                       });
    if (!known) {
        top.error("kind", unknownKind(kind));
        return;
    }
    if (const nlohmann::json *generators = kind == "power" ? top.array("generators") : nullptr)
        overrideItems(*generators, "/generators", file, "generators", catalog.generators, origins,
                      diagnostics, fallback);
    top.finish();
    checkChangedParts(catalog, origins, diagnostics);
    recordOrigins(origins, partOrigins);
}

std::string findCatalogDirectory(const std::string &executablePath)
{
    namespace fs = std::filesystem;
    if (const char *env = std::getenv("AIDC_CATALOG_DIR"); env && *env)
        return env;
    std::error_code ec;
    fs::path exe = executablePath;
    if (exe.empty() || !exe.has_parent_path())
        exe = fs::read_symlink("/proc/self/exe", ec);
    if (!exe.empty()) {
        const fs::path installed = exe.parent_path() / ".." / "share" / "aidc-planner" / "catalogs";
        if (fs::is_regular_file(installed / "accelerators.json", ec))
            return fs::weakly_canonical(installed, ec).string();
    }
    return AIDC_SOURCE_CATALOG_DIR;
}

} // namespace aidc
