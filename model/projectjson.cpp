// SPDX-License-Identifier: Apache-2.0
#include "projectjson.h"

#include "csv.h"
#include "isodate.h"

#include "enumnames.h"
#include "jsonreader.h"
#include "projectfields.h"
#include "softwarestack.h"
#include "strictjson.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <set>
#include <stdexcept>

namespace aidc {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr const char *kSchema = "aidc-project";

// ------------------------------------------------------------------------------ parsing

// ------------------------------------------------------------------------------ reading

// Where a name was read from, for duplicate and reference messages.
struct NamedAt
{
    std::string name;
    std::string path;
};

class ProjectReader
{
public:
    ProjectReader(std::string file, Diagnostics &diagnostics)
        : m_file(std::move(file))
        , m_diagnostics(diagnostics)
    {
    }

    Project read(const Json &root);

private:
    JsonObjectReader child(const Json &value, std::string path)
    {
        return JsonObjectReader(value, std::move(path), m_file, m_diagnostics);
    }

    // Reads one declared field: type, requiredness and range come from its projectfields.h
    // entry (the one declaration of every field); a key missing from the table is a bug.
    static const ProjectField &spec(const JsonObjectReader &r, const char *key);
    static Need need(const ProjectField &f) { return f.required ? Need::Required : Need::Optional; }
    static double lo(const ProjectField &f)
    {
        return f.minimum.value_or(-std::numeric_limits<double>::max());
    }
    static double hi(const ProjectField &f)
    {
        return f.maximum.value_or(std::numeric_limits<double>::max());
    }
    static long long loInt(const ProjectField &f)
    {
        return f.minimum ? std::llround(*f.minimum) : std::numeric_limits<int>::min();
    }
    static long long hiInt(const ProjectField &f)
    {
        return f.maximum ? std::llround(*f.maximum) : std::numeric_limits<int>::max();
    }
    void field(JsonObjectReader &r, const char *key, double &out)
    {
        const ProjectField &f = spec(r, key);
        r.readNumber(key, out, need(f), lo(f), hi(f), f.minimumExclusive);
    }
    void field(JsonObjectReader &r, const char *key, std::optional<double> &out)
    {
        const ProjectField &f = spec(r, key);
        r.readNumber(key, out, lo(f), hi(f), f.minimumExclusive);
    }
    void field(JsonObjectReader &r, const char *key, int &out)
    {
        const ProjectField &f = spec(r, key);
        r.readInt(key, out, need(f), loInt(f), hiInt(f));
    }
    void field(JsonObjectReader &r, const char *key, std::optional<int> &out)
    {
        const ProjectField &f = spec(r, key);
        r.readInt(key, out, loInt(f), hiInt(f));
    }
    void field(JsonObjectReader &r, const char *key, bool &out)
    {
        r.readBool(key, out, need(spec(r, key)));
    }
    void field(JsonObjectReader &r, const char *key, std::string &out)
    {
        r.readString(key, out, need(spec(r, key)));
    }
    void field(JsonObjectReader &r, const char *key, std::vector<double> &out)
    {
        const ProjectField &f = spec(r, key);
        r.readNumberList(key, out, lo(f), hi(f));
    }
    void field(JsonObjectReader &r, const char *key, std::vector<std::string> &out)
    {
        spec(r, key);
        r.readStringList(key, out);
    }
    template<typename E>
    void field(JsonObjectReader &r, const char *key, E &out, const EnumNames<E> &names)
    {
        r.readEnum(key, out, names, need(spec(r, key)));
    }
    template<typename E>
    void field(JsonObjectReader &r, const char *key, std::optional<E> &out,
               const EnumNames<E> &names)
    {
        spec(r, key);
        if (!r.has(key))
            return;
        E value{};
        const std::size_t before = m_diagnostics.items().size();
        r.readEnum(key, value, names, Need::Required);
        if (m_diagnostics.items().size() == before)
            out = value;
    }
    void field(JsonObjectReader &r, const char *key, std::optional<bool> &out)
    {
        spec(r, key);
        if (!r.has(key))
            return;
        bool value = false;
        const std::size_t before = m_diagnostics.items().size();
        r.readBool(key, value, Need::Required);
        if (m_diagnostics.items().size() == before)
            out = value;
    }
    // A list of enum names, each known and listed once.
    template<typename E>
    void field(JsonObjectReader &r, const char *key, std::vector<E> &out, const EnumNames<E> &names)
    {
        std::vector<std::string> texts;
        field(r, key, texts);
        if (!r.has(key))
            return;
        std::string known;
        for (const auto &[name, value] : names)
            known += std::string(known.empty() ? "" : ", ") + name;
        out.clear();
        for (std::size_t i = 0; i < texts.size(); ++i) {
            const std::string path = jsonPointerAppend(r.pathOf(key), i);
            auto it = std::find_if(names.begin(), names.end(),
                                   [&](const auto &n) { return texts[i] == n.first; });
            if (it == names.end())
                m_diagnostics.error(m_file, path,
                                    "unknown value '" + texts[i] + "' (expected one of: " + known +
                                        ")");
            else if (std::find(out.begin(), out.end(), it->second) != out.end())
                m_diagnostics.error(m_file, path, "'" + texts[i] + "' is listed twice");
            else
                out.push_back(it->second);
        }
    }
    void readMediaPolicy(JsonObjectReader &r, MediaPolicy &media);
    void readNonEmptyString(JsonObjectReader &r, const char *key, std::string &out);
    void readSite(JsonObjectReader &r, Site &site);
    void readPowerSupply(JsonObjectReader &r, Site &site);
    void readHall(JsonObjectReader &r, Hall &hall);
    void readPower(JsonObjectReader &r, PowerDesign &power);
    void readCooling(JsonObjectReader &r, CoolingDesign &cooling);
    void readPool(JsonObjectReader &r, ComputePool &pool);
    void readPlane(JsonObjectReader &r, FabricPlane &plane);
    void readStorage(JsonObjectReader &r, StorageDesign &storage);
    void readWorkload(JsonObjectReader &r, Workload &workload);
    void readModel(JsonObjectReader &r, ModelArchitecture &model);
    void readParallelism(JsonObjectReader &r, Parallelism &parallelism);
    void readCheckpoint(JsonObjectReader &r, CheckpointPolicy &checkpoint);
    void readStack(JsonObjectReader &r, SoftwareStack &stack);
    void readReliability(JsonObjectReader &r, ReliabilitySettings &reliability);
    void readCost(JsonObjectReader &r, CostSettings &cost);

    void checkUnique(const std::vector<NamedAt> &names, const char *what);
    void checkReferences(const Project &project);

    std::string m_file;
    Diagnostics &m_diagnostics;
    std::vector<NamedAt> m_poolNames;
    std::vector<NamedAt> m_hallIds;
    std::vector<NamedAt> m_rackIds;
    std::vector<NamedAt> m_planeNames;
    std::vector<NamedAt> m_rackPools;  // pool references of racks
    std::vector<NamedAt> m_planePools; // pool references of planes
    std::vector<NamedAt> m_poolHalls;  // hall references of pools
};

const ProjectField &ProjectReader::spec(const JsonObjectReader &r, const char *key)
{
    const std::string pointer = r.pathOf(key);
    const ProjectField *field = findProjectField(pointer);
    if (!field)
        throw std::logic_error("project field missing from model/projectfields.cpp: " +
                               projectFieldPattern(pointer));
    return *field;
}

void ProjectReader::readNonEmptyString(JsonObjectReader &r, const char *key, std::string &out)
{
    const Need need = ProjectReader::need(spec(r, key));
    const bool present = r.has(key);
    std::string value = out;
    const std::size_t before = m_diagnostics.items().size();
    r.readString(key, value, need);
    if (m_diagnostics.items().size() != before)
        return;
    if (present && value.empty()) {
        r.error(key, "must not be empty");
        return;
    }
    out = value;
}

void ProjectReader::readPowerSupply(JsonObjectReader &r, Site &site)
{
    auto date = [&](JsonObjectReader &o, const char *key, std::string &out) {
        field(o, key, out);
        if (!out.empty() && !isIsoDate(out))
            o.error(key, "expected a date as YYYY-MM-DD, found \"" + out + "\"");
    };
    date(r, "startDate", site.startDate);
    if (const Json *steps = r.array("utilitySteps")) {
        for (std::size_t i = 0; i < steps->size(); ++i) {
            UtilityStep step;
            JsonObjectReader o = child((*steps)[i], jsonPointerAppend(r.pathOf("utilitySteps"), i));
            date(o, "date", step.date);
            field(o, "utilityMW", step.utilityMW);
            // ISO dates compare as text.
            if (isIsoDate(step.date) && isIsoDate(site.startDate) && step.date < site.startDate)
                o.error("date", "capacity step " + step.date + " is before the start date " +
                                    site.startDate + " (/site/startDate)");
            if (!site.utilitySteps.empty() && isIsoDate(step.date) &&
                step.date <= site.utilitySteps.back().date)
                o.error("date", "capacity steps must be in date order (" + step.date +
                                    " is not after " + site.utilitySteps.back().date + ")");
            o.finish();
            site.utilitySteps.push_back(std::move(step));
        }
        if (!site.utilitySteps.empty() && site.startDate.empty())
            r.error("utilitySteps", "capacity steps need the start date (/site/startDate)");
    }
    if (const Json *blocks = r.array("generation")) {
        if (blocks->size() > 0 && site.startDate.empty())
            r.error("generation", "on-site generation needs the start date (/site/startDate)");
        for (std::size_t i = 0; i < blocks->size(); ++i) {
            OnsiteGeneration g;
            JsonObjectReader o = child((*blocks)[i], jsonPointerAppend(r.pathOf("generation"), i));
            field(o, "name", g.name);
            field(o, "type", g.type);
            field(o, "ratingMW", g.ratingMW);
            field(o, "units", g.units);
            field(o, "role", g.role, generationRoleNames());
            date(o, "from", g.from);
            date(o, "until", g.until);
            field(o, "heatRateMJPerKWh", g.heatRateMJPerKWh);
            field(o, "fuelUsdPerGJ", g.fuelUsdPerGJ);
            field(o, "co2KgPerGJ", g.co2KgPerGJ);
            field(o, "availability", g.availability);
            field(o, "fixedOmUsdPerKWYear", g.fixedOmUsdPerKWYear);
            field(o, "variableOmUsdPerMWh", g.variableOmUsdPerMWh);
            if (isIsoDate(g.from) && isIsoDate(g.until) && g.until <= g.from)
                o.error("until",
                        "runs until " + g.until + ", not after it starts (" + g.from + ")");
            else if (isIsoDate(g.until) && isIsoDate(site.startDate) && g.until <= site.startDate)
                o.error("until", "runs until " + g.until + ", not after the start date (" +
                                     site.startDate + "): it would never count");
            o.finish();
            site.generation.push_back(std::move(g));
        }
    }
}

void ProjectReader::readSite(JsonObjectReader &r, Site &site)
{
    field(r, "name", site.name);
    field(r, "electricityUsdPerKWh", site.electricityUsdPerKWh);
    field(r, "demandChargeUsdPerKWMonth", site.demandChargeUsdPerKWMonth);
    field(r, "gridCo2KgPerKWh", site.gridCo2KgPerKWh);
    field(r, "utilityFeedMW", site.utilityFeedMW);
    field(r, "rampLimitMWPerS", site.rampLimitMWPerS);
    field(r, "designDryBulbC", site.designDryBulbC);
    field(r, "designWetBulbC", site.designWetBulbC);
    field(r, "designConditionsSource", site.designConditionsSource);
    if (site.designDryBulbC.has_value() != site.designWetBulbC.has_value())
        r.error(site.designDryBulbC ? "designDryBulbC" : "designWetBulbC",
                "the cooling design conditions need both the dry bulb (designDryBulbC) and the "
                "wet bulb (designWetBulbC)");
    else if (site.designDryBulbC && *site.designWetBulbC > *site.designDryBulbC)
        r.error("designWetBulbC", "the design wet bulb is above the design dry bulb");
    field(r, "renewableFraction", site.renewableFraction);
    readPowerSupply(r, site);
    field(r, "batteryMWh", site.batteryMWh);
    field(r, "batteryMW", site.batteryMW);
    if (site.batteryMWh.has_value() != site.batteryMW.has_value())
        r.error(site.batteryMWh ? "batteryMWh" : "batteryMW",
                "a site battery needs both its energy (batteryMWh) and its power (batteryMW)");
    field(r, "batteryRoundTripEfficiency", site.batteryRoundTripEfficiency);
    field(r, "utilityInterruptionsPerYear", site.utilityInterruptionsPerYear);
    field(r, "utilityOutageHours", site.utilityOutageHours);
    if (const Json *climate = r.object("climate")) {
        JsonObjectReader c = child(*climate, r.pathOf("climate"));
        std::array<double, 12> *tables[] = {&site.climate.dryBulbC, &site.climate.wetBulbC};
        const char *keys[] = {"monthlyDryBulbC", "monthlyWetBulbC"};
        const Json *arrays[2] = {nullptr, nullptr}; // the tables of 12 values
        for (int t = 0; t < 2; ++t) {
            const Json *array = c.array(keys[t], Need::Required);
            if (!array)
                continue;
            if (array->size() != 12) {
                c.error(keys[t], "expected 12 monthly values (January first), found " +
                                     std::to_string(array->size()));
                continue;
            }
            arrays[t] = array;
            std::vector<double> values;
            field(c, keys[t], values);
            if (values.size() == 12)
                std::copy(values.begin(), values.end(), tables[t]->begin());
        }
        // Month by month from the file's values, so a month out of range elsewhere in a table
        // does not hide an inverted one.
        const Json *dryArray = arrays[0];
        const Json *wetArray = arrays[1];
        if (dryArray && wetArray) {
            for (std::size_t m = 0; m < 12; ++m) {
                const Json &dry = (*dryArray)[m];
                const Json &wet = (*wetArray)[m];
                // The wet bulb equals the dry bulb at saturation and cannot exceed it.
                if (dry.is_number() && wet.is_number() && wet.get<double>() > dry.get<double>()) {
                    m_diagnostics.error(m_file, jsonPointerAppend(c.pathOf("monthlyWetBulbC"), m),
                                        "wet-bulb temperature exceeds the dry-bulb temperature "
                                        "of the same month");
                }
            }
        }
        c.finish();
    }
}

void ProjectReader::readHall(JsonObjectReader &r, Hall &hall)
{
    readNonEmptyString(r, "id", hall.id);
    if (r.has("id"))
        m_hallIds.push_back({hall.id, r.pathOf("id")});
    field(r, "name", hall.name);
    field(r, "widthM", hall.widthM);
    field(r, "lengthM", hall.lengthM);
    field(r, "usableAreaM2", hall.usableAreaM2);
    if (hall.usableAreaM2 && hall.widthM > 0 && hall.lengthM > 0 &&
        *hall.usableAreaM2 > hall.widthM * hall.lengthM * (1 + 1e-9)) {
        r.error("usableAreaM2", "usable area exceeds the hall's width x length");
    }
    field(r, "floorLoadKPa", hall.floorLoadKPa);
    field(r, "powerCapacityMW", hall.powerCapacityMW);
    field(r, "coolingCapacityMW", hall.coolingCapacityMW);
    field(r, "rowPitchM", hall.rowPitchM);

    const Json *rows = r.array("rows");
    if (!rows)
        return;
    std::vector<NamedAt> rowIds;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        Row row;
        JsonObjectReader rr = child((*rows)[i], jsonPointerAppend(r.pathOf("rows"), i));
        readNonEmptyString(rr, "id", row.id);
        if (rr.has("id"))
            rowIds.push_back({row.id, rr.pathOf("id")});
        field(rr, "xM", row.xM);
        field(rr, "yM", row.yM);
        if (hall.widthM > 0 && row.xM > hall.widthM)
            rr.error("xM", "row origin lies outside the hall (x beyond widthM)");
        if (hall.lengthM > 0 && row.yM > hall.lengthM)
            rr.error("yM", "row origin lies outside the hall (y beyond lengthM)");
        field(rr, "rackPitchM", row.rackPitchM);
        if (const Json *racks = rr.array("racks")) {
            for (std::size_t k = 0; k < racks->size(); ++k) {
                RackSlot rack;
                JsonObjectReader rk = child((*racks)[k], jsonPointerAppend(rr.pathOf("racks"), k));
                readNonEmptyString(rk, "id", rack.id);
                if (rk.has("id"))
                    m_rackIds.push_back({rack.id, rk.pathOf("id")});
                field(rk, "role", rack.role, rackRoleNames());
                field(rk, "rackType", rack.rackType);
                field(rk, "pool", rack.pool);
                if (!rack.pool.empty())
                    m_rackPools.push_back({rack.pool, rk.pathOf("pool")});
                field(rk, "servers", rack.servers);
                rk.finish();
                row.racks.push_back(std::move(rack));
            }
        }
        rr.finish();
        hall.rows.push_back(std::move(row));
    }
    std::set<std::string> seen;
    for (const NamedAt &id : rowIds) {
        if (!seen.insert(id.name).second)
            m_diagnostics.error(m_file, id.path,
                                "duplicate row id '" + id.name + "' in hall '" + hall.id + "'");
    }
}

void ProjectReader::readPower(JsonObjectReader &r, PowerDesign &power)
{
    field(r, "utilityVoltageKV", power.utilityVoltageKV);
    field(r, "transformer", power.transformer);
    if (const Json *ups = r.object("ups")) {
        JsonObjectReader u = child(*ups, r.pathOf("ups"));
        field(u, "type", power.ups.type, upsTypeNames());
        field(u, "redundancy", power.ups.redundancy, redundancyNames());
        field(u, "modules", power.ups.modules);
        field(u, "distributedX", power.ups.distributedX);
        field(u, "distributedY", power.ups.distributedY);
        if (power.ups.redundancy == Redundancy::Distributed &&
            power.ups.distributedY >= power.ups.distributedX) {
            u.error("distributedY", "distributed redundancy needs fewer modules to carry the load "
                                    "(distributedY) than installed (distributedX)");
        }
        u.finish();
    }
    field(r, "distribution", power.distribution, distributionNames());
    field(r, "gpuLoadFactor", power.gpuLoadFactor);
    field(r, "averageLoadFactor", power.averageLoadFactor);
    field(r, "gpuWaitPowerFraction", power.gpuWaitPowerFraction);
    field(r, "gpuPowerFloorFraction", power.gpuPowerFloorFraction);
    field(r, "rackStorageJPerGpu", power.rackStorageJPerGpu);
    field(r, "otherItFraction", power.otherItFraction);
    field(r, "generators", power.generators);
    field(r, "generatorStartReliability", power.generatorStartReliability);
    field(r, "generatorRedundancy", power.generatorRedundancy, redundancyNames());
    field(r, "pue", power.pueOverride);
}

void ProjectReader::readCooling(JsonObjectReader &r, CoolingDesign &cooling)
{
    field(r, "type", cooling.type, coolingTypeNames());
    field(r, "liquidFraction", cooling.liquidFraction);
    field(r, "supplyWaterC", cooling.supplyWaterC);
    field(r, "designDeltaTK", cooling.designDeltaTK);
    field(r, "cdu", cooling.cdu);
    field(r, "cduRedundancy", cooling.cduRedundancy, redundancyNames());
    field(r, "chiller", cooling.chiller);
    field(r, "towerCyclesOfConcentration", cooling.towerCyclesOfConcentration);
    field(r, "heatReuseFraction", cooling.heatReuseFraction);
    field(r, "heatReuseSupplyC", cooling.heatReuseSupplyC);
    field(r, "economizer", cooling.economizer);
    field(r, "liquidHeatRejection", cooling.liquidHeatRejection, heatRejectionNames());
    field(r, "airHeatRejection", cooling.airHeatRejection, heatRejectionNames());
    field(r, "cduApproachK", cooling.cduApproachK);
    field(r, "coolant", cooling.coolant, coolantNames());
    field(r, "facilityPumpHeadKPa", cooling.facilityPumpHeadKPa);
    field(r, "facilityWaterClass", cooling.facilityWaterClass, waterClassNames());
    if (!cooling.facilityWaterClass)
        return;
    // The class is the IT's: it says how warm the facility water may be, so it contradicts air
    // cooling (no liquid-cooled IT) and rear doors (their coils cool the room air) above W27.
    const WaterClass waterClass = *cooling.facilityWaterClass;
    const std::optional<double> limitC = waterClassLimitC(waterClass);
    if (cooling.type == CoolingType::Air)
        r.error("facilityWaterClass", "an air-cooled design has no liquid-cooled IT for a "
                                      "facility-water class to describe");
    else if (cooling.type == CoolingType::RearDoor && (!limitC || *limitC > 27.0))
        r.error("facilityWaterClass",
                std::string("rear-door coils cool the room air, which needs W17 or W27 water, "
                            "not ") +
                    toString(waterClass));
    else if (!r.has("supplyWaterC")) {
        if (limitC)
            cooling.supplyWaterC = *limitC;
        else
            r.error("facilityWaterClass",
                    "W+ has no upper limit: state the supply temperature (supplyWaterC)");
    } else if (limitC && cooling.supplyWaterC > *limitC)
        r.error("supplyWaterC", "the supply water " + formatCsvNumber(cooling.supplyWaterC) +
                                    " degC is above class " + toString(waterClass) + "'s " +
                                    formatCsvNumber(*limitC) + " degC");
}

void ProjectReader::readPool(JsonObjectReader &r, ComputePool &pool)
{
    readNonEmptyString(r, "gpu", pool.gpu);
    pool.name = pool.gpu;
    readNonEmptyString(r, "name", pool.name);
    if (!pool.name.empty())
        m_poolNames.push_back({pool.name, r.has("name") ? r.pathOf("name") : r.path()});
    field(r, "server", pool.server);
    field(r, "gpuCount", pool.gpuCount);
    field(r, "serversPerRack", pool.serversPerRack);
    field(r, "hall", pool.hall);
    if (!pool.hall.empty())
        m_poolHalls.push_back({pool.hall, r.pathOf("hall")});
}

void ProjectReader::readPlane(JsonObjectReader &r, FabricPlane &plane)
{
    field(r, "role", plane.role, planeRoleNames());
    plane.name = toString(plane.role);
    readNonEmptyString(r, "name", plane.name);
    m_planeNames.push_back({plane.name, r.has("name") ? r.pathOf("name") : r.path()});
    field(r, "technology", plane.technology, technologyNames());
    field(r, "switch", plane.switchModel);
    field(r, "portGbps", plane.portGbps);
    field(r, "parallelPlanes", plane.parallelPlanes);
    field(r, "endpointsPerServer", plane.endpointsPerServer);
    field(r, "railOptimized", plane.railOptimized);
    field(r, "leafPlacement", plane.leafPlacement, leafPlacementNames());
    if (const Json *tiers = r.value("tiers")) {
        if (tiers->is_string()) {
            if (tiers->get<std::string>() != "auto")
                r.error("tiers",
                        "expected 1 to 6 or \"auto\", found '" + tiers->get<std::string>() + "'");
        } else if (tiers->is_number()) {
            field(r, "tiers", plane.tiers);
        } else {
            r.error("tiers", "expected 1 to 6 or \"auto\", found " + jsonTypeName(*tiers));
        }
    }
    field(r, "oversubscription", plane.oversubscription);
    const std::size_t boundaries = plane.tiers ? std::size_t(*plane.tiers - 1) : 3;
    if (plane.oversubscription.size() > boundaries) {
        r.error("oversubscription",
                std::to_string(plane.oversubscription.size()) + " entries, but " +
                    (plane.tiers ? "a " + std::to_string(*plane.tiers) + "-tier fabric has "
                                 : std::string("an automatic fabric of at most 4 tiers has ")) +
                    std::to_string(boundaries) + " tier boundaries (leaf->spine first)");
    }
    field(r, "islandGpus", plane.islandGpus);
    field(r, "islandOversubscription", plane.islandOversubscription);
    field(r, "pools", plane.pools);
    std::set<std::string> seen;
    for (std::size_t j = 0; j < plane.pools.size(); ++j) {
        const std::string path = jsonPointerAppend(r.pathOf("pools"), j);
        if (!seen.insert(plane.pools[j]).second)
            m_diagnostics.error(m_file, path,
                                "pool '" + plane.pools[j] + "' is listed twice in this plane");
        else
            m_planePools.push_back({plane.pools[j], path});
    }
    field(r, "allowAoc", plane.allowAoc);
    if (const Json *media = r.object("media")) {
        JsonObjectReader m = child(*media, r.pathOf("media"));
        readMediaPolicy(m, plane.media);
        const std::size_t levels = plane.tiers ? std::size_t(*plane.tiers) : 4;
        if (plane.media.boundaries.size() > levels)
            m.error("boundaries",
                    std::to_string(plane.media.boundaries.size()) + " entries, but " +
                        (plane.tiers ? "a " + std::to_string(*plane.tiers) + "-tier fabric has "
                                     : std::string("an automatic fabric of at most 4 tiers has ")) +
                        std::to_string(levels) +
                        " link levels (endpoint->leaf first, then one per tier boundary)");
        m.finish();
    }
    field(r, "fabricManagerPorts", plane.fabricManagerPorts);
    field(r, "railGroupServers", plane.railGroupServers);
    field(r, "spinesPerRail", plane.spinesPerRail);
}

void ProjectReader::readMediaPolicy(JsonObjectReader &r, MediaPolicy &media)
{
    field(r, "allowed", media.allowed, mediumKindNames());
    field(r, "opticsRequired", media.opticsRequired);
    field(r, "order", media.order, mediaOrderNames());
    if (const Json *boundaries = r.array("boundaries")) {
        for (std::size_t i = 0; i < boundaries->size(); ++i) {
            MediaBoundaryRule rule;
            JsonObjectReader o =
                child((*boundaries)[i], jsonPointerAppend(r.pathOf("boundaries"), i));
            if (o.has("allowed")) {
                std::vector<MediumKind> allowed;
                field(o, "allowed", allowed, mediumKindNames());
                const Json *list = o.value("allowed");
                if (list && list->is_array() && list->empty())
                    o.error("allowed", "an empty list would allow no medium; leave the key out "
                                       "to take the plane's classes");
                rule.allowed = std::move(allowed);
            }
            field(o, "opticsRequired", rule.opticsRequired);
            o.finish();
            media.boundaries.push_back(std::move(rule));
        }
    }
}

void ProjectReader::readStorage(JsonObjectReader &r, StorageDesign &storage)
{
    field(r, "capacityPB", storage.capacityPB);
    field(r, "writeTBps", storage.writeTBps);
    field(r, "readTBps", storage.readTBps);
    field(r, "system", storage.system);
    field(r, "checkpointBandwidthFraction", storage.checkpointBandwidthFraction);
    field(r, "driveWritesPerDay", storage.driveWritesPerDay);
}

void ProjectReader::readModel(JsonObjectReader &r, ModelArchitecture &model)
{
    field(r, "name", model.name);
    field(r, "layers", model.layers);
    field(r, "hidden", model.hidden);
    field(r, "ffnHidden", model.ffnHidden);
    field(r, "heads", model.heads);
    std::optional<int> kvHeads;
    field(r, "kvHeads", kvHeads);
    model.kvHeads = kvHeads.value_or(model.heads);
    if (kvHeads && model.heads > 0 && (*kvHeads > model.heads || model.heads % *kvHeads != 0))
        r.error("kvHeads", "must divide heads (" + std::to_string(model.heads) + ")");
    field(r, "headDim", model.headDim);
    if (model.headDim == 0 && model.heads > 0 && model.hidden % model.heads != 0)
        r.error("heads", "hidden (" + std::to_string(model.hidden) +
                             ") is not a multiple of heads; set headDim");
    field(r, "vocab", model.vocab);
    field(r, "seqLen", model.seqLen);
    field(r, "ffn", model.ffn, ffnTypeNames());
    field(r, "tiedEmbeddings", model.tiedEmbeddings);
    if (const Json *moe = r.object("moe")) {
        JsonObjectReader m = child(*moe, r.pathOf("moe"));
        MoeSpec spec;
        field(m, "experts", spec.experts);
        field(m, "topK", spec.topK);
        if (spec.experts > 0 && spec.topK > spec.experts)
            m.error("topK",
                    "more active experts than experts (" + std::to_string(spec.experts) + ")");
        field(m, "sharedExperts", spec.sharedExperts);
        field(m, "expertFfnHidden", spec.expertFfnHidden);
        field(m, "layerFrequency", spec.layerFrequency);
        field(m, "firstDenseLayers", spec.firstDenseLayers);
        if (model.layers > 0 && spec.firstDenseLayers >= model.layers)
            m.error("firstDenseLayers",
                    "must be less than layers (" + std::to_string(model.layers) + ")");
        field(m, "loadImbalance", spec.loadImbalance);
        m.finish();
        model.moe = spec;
    }
}

void ProjectReader::readParallelism(JsonObjectReader &r, Parallelism &parallelism)
{
    const Json *value = r.value("parallelism");
    if (!value)
        return;
    if (value->is_string()) {
        if (value->get<std::string>() != "auto")
            r.error("parallelism",
                    "expected \"auto\" or an object, found '" + value->get<std::string>() + "'");
        return;
    }
    if (!value->is_object()) {
        r.error("parallelism", "expected \"auto\" or an object, found " + jsonTypeName(*value));
        return;
    }
    JsonObjectReader p = child(*value, r.pathOf("parallelism"));
    field(p, "tp", parallelism.tp);
    field(p, "pp", parallelism.pp);
    field(p, "dp", parallelism.dp);
    field(p, "cp", parallelism.cp);
    field(p, "ep", parallelism.ep);
    field(p, "microBatch", parallelism.microBatch);
    field(p, "virtualStages", parallelism.virtualStages);
    field(p, "schedule", parallelism.schedule, pipelineScheduleNames());
    field(p, "zeroStage", parallelism.zeroStage);
    field(p, "recompute", parallelism.recompute, recomputeNames());
    p.finish();
}

void ProjectReader::readStack(JsonObjectReader &r, SoftwareStack &stack)
{
    std::string preset;
    field(r, "preset", preset);
    if (!preset.empty() && !findStackPreset(preset)) {
        std::string known;
        for (const StackPreset &p : stackPresets())
            known += (known.empty() ? "" : ", ") + p.name;
        r.error("preset",
                "unknown software stack '" + preset + "' (expected one of: " + known + ")");
    } else {
        stack.preset = preset;
    }
    field(r, "flashAttention", stack.flashAttention);
    field(r, "dropout", stack.dropout);
    field(r, "distributedOptimizer", stack.distributedOptimizer);
    field(r, "zeroBubble", stack.zeroBubble);
    field(r, "dualPipe", stack.dualPipe);
    field(r, "tpOverlap", stack.tpOverlap);
    field(r, "dpOverlap", stack.dpOverlap);
    field(r, "ppOverlap", stack.ppOverlap);
    field(r, "cpOverlap", stack.cpOverlap);
    field(r, "epOverlap", stack.epOverlap);
}

void ProjectReader::readCheckpoint(JsonObjectReader &r, CheckpointPolicy &checkpoint)
{
    if (const Json *interval = r.value("interval")) {
        if (interval->is_string()) {
            if (interval->get<std::string>() != "auto")
                r.error("interval", "expected \"auto\" or minutes, found '" +
                                        interval->get<std::string>() + "'");
        } else if (interval->is_number()) {
            const std::size_t before = m_diagnostics.items().size();
            field(r, "interval", checkpoint.intervalMinutes);
            if (m_diagnostics.items().size() == before)
                checkpoint.automaticInterval = false;
        } else {
            r.error("interval", "expected \"auto\" or minutes, found " + jsonTypeName(*interval));
        }
    }
    field(r, "minIntervalMinutes", checkpoint.minIntervalMinutes);
    field(r, "retained", checkpoint.retained);
    field(r, "asynchronous", checkpoint.asynchronous);
    field(r, "tier", checkpoint.tier, checkpointTierNames());
    field(r, "bytesPerParameter", checkpoint.bytesPerParameter);
}

void ProjectReader::readWorkload(JsonObjectReader &r, Workload &workload)
{
    if (const Json *model = r.object("model", Need::Required)) {
        JsonObjectReader m = child(*model, r.pathOf("model"));
        readModel(m, workload.model);
        m.finish();
    }
    field(r, "trainingTokens", workload.trainingTokens);
    field(r, "globalBatchSequences", workload.globalBatchSequences);
    field(r, "precision", workload.precision, precisionNames());
    field(r, "pool", workload.pool);
    field(r, "gpus", workload.gpus);
    readParallelism(r, workload.parallelism);
    if (const Json *stack = r.object("stack")) {
        JsonObjectReader s = child(*stack, r.pathOf("stack"));
        readStack(s, workload.stack);
        s.finish();
    }
    if (const Json *checkpoint = r.object("checkpoint")) {
        JsonObjectReader c = child(*checkpoint, r.pathOf("checkpoint"));
        readCheckpoint(c, workload.checkpoint);
        c.finish();
    }
}

void ProjectReader::readReliability(JsonObjectReader &r, ReliabilitySettings &reliability)
{
    if (const Json *rates = r.object("failuresPerYear")) {
        JsonObjectReader f = child(*rates, r.pathOf("failuresPerYear"));
        for (auto it = rates->begin(); it != rates->end(); ++it) {
            if (it.key().empty()) {
                f.error("", "component class must not be empty");
                f.value("");
                continue;
            }
            double rate = 0;
            const std::size_t before = m_diagnostics.items().size();
            const ProjectField &declared = *findProjectField("/reliability/failuresPerYear");
            f.readNumber(it.key().c_str(), rate, Need::Optional, lo(declared), hi(declared));
            if (m_diagnostics.items().size() == before)
                reliability.failuresPerYearOverride[it.key()] = rate;
        }
        f.finish();
    }
    field(r, "detectionMinutes", reliability.detectionMinutes);
    field(r, "restartMinutes", reliability.restartMinutes);
    field(r, "repairHours", reliability.repairHours);
    field(r, "spareConfidence", reliability.spareConfidence);
    if (reliability.spareConfidence >= 1)
        r.error("spareConfidence", "must be less than 1 (certainty would need unlimited spares)");
    field(r, "spareNodes", reliability.spareNodes);
    field(r, "noSpareRecovery", reliability.noSpareRecovery, noSpareRecoveryNames());
    field(r, "repairCrews", reliability.repairCrews);
}

void ProjectReader::readCost(JsonObjectReader &r, CostSettings &cost)
{
    field(r, "horizonYears", cost.horizonYears);
    field(r, "costOfCapital", cost.costOfCapital);
    field(r, "staffUsdPerYear", cost.staffUsdPerYear);
    field(r, "networkServicesUsdPerYear", cost.networkServicesUsdPerYear);
    field(r, "priceBook", cost.priceBook);
}

void ProjectReader::checkUnique(const std::vector<NamedAt> &names, const char *what)
{
    std::map<std::string, std::string> first;
    for (const NamedAt &n : names) {
        auto [it, inserted] = first.emplace(n.name, n.path);
        if (!inserted)
            m_diagnostics.error(m_file, n.path,
                                std::string("duplicate ") + what + " '" + n.name +
                                    "' (first used at " + it->second + ")");
    }
}

void ProjectReader::checkReferences(const Project &project)
{
    checkUnique(m_poolNames, "pool name");
    checkUnique(m_hallIds, "hall id");
    checkUnique(m_rackIds, "rack id");
    checkUnique(m_planeNames, "plane name");

    auto poolKnown = [&](const std::string &name) {
        return project.findPool(name) != nullptr;
    };
    for (const NamedAt &ref : m_rackPools) {
        if (!poolKnown(ref.name))
            m_diagnostics.error(m_file, ref.path, "unknown pool '" + ref.name + "'");
    }
    for (const NamedAt &ref : m_planePools) {
        if (!poolKnown(ref.name))
            m_diagnostics.error(m_file, ref.path, "unknown pool '" + ref.name + "'");
    }
    for (const NamedAt &ref : m_poolHalls) {
        bool found = false;
        for (const Hall &hall : project.halls)
            found = found || hall.id == ref.name;
        if (!found)
            m_diagnostics.error(
                m_file, ref.path,
                "unknown hall '" + ref.name + "'" +
                    (project.halls.empty() ? " (the project defines no halls)" : ""));
    }

    long long total = 0;
    for (const ComputePool &pool : project.pools)
        total += pool.gpuCount;
    if (total > kMaxGpus)
        m_diagnostics.error(m_file, "/compute/pools",
                            "the pools hold " + std::to_string(total) + " GPUs in all (at most " +
                                std::to_string(kMaxGpus) + ")");

    if (project.workload) {
        const Workload &w = *project.workload;
        const ComputePool *pool = nullptr;
        if (!w.pool.empty()) {
            pool = project.findPool(w.pool);
            if (!pool)
                m_diagnostics.error(m_file, "/workload/pool", "unknown pool '" + w.pool + "'");
        } else {
            for (const ComputePool &p : project.pools) {
                if (!pool || p.gpuCount > pool->gpuCount)
                    pool = &p;
            }
        }
        if (pool && w.gpus > pool->gpuCount)
            m_diagnostics.error(m_file, "/workload/gpus",
                                "the job uses " + std::to_string(w.gpus) + " GPUs but pool '" +
                                    pool->name + "' has " + std::to_string(pool->gpuCount));
    }
}

Project ProjectReader::read(const Json &root)
{
    Project project;
    JsonObjectReader r = child(root, "");
    r.value("schema");
    r.value("version");
    field(r, "$schema", project.schemaLocation);
    field(r, "name", project.name);
    field(r, "description", project.description);

    if (const Json *site = r.object("site")) {
        JsonObjectReader s = child(*site, r.pathOf("site"));
        readSite(s, project.site);
        s.finish();
    }
    if (const Json *halls = r.array("halls")) {
        for (std::size_t i = 0; i < halls->size(); ++i) {
            Hall hall;
            JsonObjectReader h = child((*halls)[i], jsonPointerAppend(r.pathOf("halls"), i));
            readHall(h, hall);
            h.finish();
            project.halls.push_back(std::move(hall));
        }
    }
    if (const Json *power = r.object("power")) {
        JsonObjectReader p = child(*power, r.pathOf("power"));
        readPower(p, project.power);
        p.finish();
    }
    if (const Json *cooling = r.object("cooling")) {
        JsonObjectReader c = child(*cooling, r.pathOf("cooling"));
        readCooling(c, project.cooling);
        c.finish();
    }
    if (const Json *compute = r.object("compute", Need::Required)) {
        JsonObjectReader c = child(*compute, r.pathOf("compute"));
        if (const Json *pools = c.array("pools", Need::Required)) {
            if (pools->empty())
                c.error("pools", "at least one compute pool is required");
            for (std::size_t i = 0; i < pools->size(); ++i) {
                ComputePool pool;
                JsonObjectReader p = child((*pools)[i], jsonPointerAppend(c.pathOf("pools"), i));
                readPool(p, pool);
                p.finish();
                project.pools.push_back(std::move(pool));
            }
        }
        c.finish();
    }
    if (const Json *network = r.object("network")) {
        JsonObjectReader n = child(*network, r.pathOf("network"));
        if (const Json *planes = n.array("planes")) {
            for (std::size_t i = 0; i < planes->size(); ++i) {
                FabricPlane plane;
                JsonObjectReader p = child((*planes)[i], jsonPointerAppend(n.pathOf("planes"), i));
                readPlane(p, plane);
                p.finish();
                project.planes.push_back(std::move(plane));
            }
        }
        if (const Json *cabling = n.object("cabling")) {
            JsonObjectReader c = child(*cabling, n.pathOf("cabling"));
            field(c, "copperTraysPerRow", project.cabling.copperTraysPerRow);
            field(c, "fibreTraysPerRow", project.cabling.fibreTraysPerRow);
            c.finish();
        }
        n.finish();
    }
    if (const Json *storage = r.object("storage")) {
        JsonObjectReader s = child(*storage, r.pathOf("storage"));
        readStorage(s, project.storage);
        s.finish();
    }
    if (const Json *workload = r.object("workload")) {
        JsonObjectReader w = child(*workload, r.pathOf("workload"));
        Workload wl;
        readWorkload(w, wl);
        w.finish();
        project.workload = std::move(wl);
    }
    if (const Json *reliability = r.object("reliability")) {
        JsonObjectReader rl = child(*reliability, r.pathOf("reliability"));
        readReliability(rl, project.reliability);
        rl.finish();
    }
    if (const Json *cost = r.object("cost")) {
        JsonObjectReader c = child(*cost, r.pathOf("cost"));
        readCost(c, project.cost);
        c.finish();
    }
    if (const Json *uncertainty = r.object("uncertainty")) {
        JsonObjectReader u = child(*uncertainty, r.pathOf("uncertainty"));
        UncertaintySettings &s = project.uncertainty;
        field(u, "vendor", s.vendor);
        field(u, "paper", s.paper);
        field(u, "analyst", s.analyst);
        field(u, "secondary", s.secondary);
        field(u, "derived", s.derived);
        field(u, "unverified", s.unverified);
        field(u, "project", s.project);
        u.finish();
    }
    if (const Json *acks = r.array("acknowledgedWarnings")) {
        for (std::size_t i = 0; i < acks->size(); ++i) {
            WarningAcknowledgement ack;
            JsonObjectReader a =
                child((*acks)[i], jsonPointerAppend(r.pathOf("acknowledgedWarnings"), i));
            field(a, "path", ack.path);
            if (a.has("path") && !ack.path.empty() && ack.path.front() != '/')
                a.error("path", "a JSON pointer starts with '/' (\"" + ack.path + "\")");
            readNonEmptyString(a, "contains", ack.contains);
            readNonEmptyString(a, "reason", ack.reason);
            a.finish();
            project.acknowledgedWarnings.push_back(std::move(ack));
        }
    }
    if (const Json *overrides = r.object("catalogOverrides"))
        project.catalogOverridesJson = overrides->dump();
    r.finish();

    checkReferences(project);
    return project;
}

// Checks "schema" and "version"; returns the file's version, or -1 when reading must stop.
int checkFormat(const Json &root, const std::string &file, Diagnostics &diagnostics)
{
    auto schema = root.find("schema");
    if (schema == root.end()) {
        diagnostics.error(file, "/schema",
                          std::string("missing required field (expected \"") + kSchema + "\")");
    } else if (!schema->is_string() || schema->get<std::string>() != kSchema) {
        diagnostics.error(file, "/schema",
                          "not an AIDC Planner project: schema is " + schema->dump() +
                              ", expected \"" + kSchema + "\"");
        return -1;
    }
    auto version = root.find("version");
    if (version == root.end()) {
        diagnostics.error(file, "/version",
                          "missing required field (the format version, " +
                              std::to_string(kProjectFormatVersion) + " for this build)");
        return -1;
    }
    if (!version->is_number_integer()) {
        diagnostics.error(file, "/version",
                          "expected a whole number, found " +
                              (version->is_number() ? version->dump() : jsonTypeName(*version)));
        return -1;
    }
    const long long v = version->get<long long>();
    if (v > kProjectFormatVersion) {
        diagnostics.error(file, "/version",
                          "written by a newer AIDC Planner (format " + std::to_string(v) +
                              "); this build reads up to " + std::to_string(kProjectFormatVersion));
        return -1;
    }
    if (v < 0) {
        diagnostics.error(file, "/version",
                          "invalid format version " + std::to_string(v) + " (must be 0 to " +
                              std::to_string(kProjectFormatVersion) + ")");
        return -1;
    }
    return int(v);
}

// ------------------------------------------------------------------------------ writing

// Whole numbers are written without a fraction ("400", not "400.0").
OrderedJson number(double value)
{
    if (std::isfinite(value) && std::floor(value) == value && std::abs(value) < 9.0e15)
        return OrderedJson(static_cast<long long>(value));
    return OrderedJson(value);
}

void putNumber(OrderedJson &o, const char *key, double value, double defaultValue)
{
    if (value != defaultValue)
        o[key] = number(value);
}

void putNumber(OrderedJson &o, const char *key, const std::optional<double> &value)
{
    if (value)
        o[key] = number(*value);
}

void putInt(OrderedJson &o, const char *key, int value, int defaultValue)
{
    if (value != defaultValue)
        o[key] = value;
}

void putInt(OrderedJson &o, const char *key, const std::optional<int> &value)
{
    if (value)
        o[key] = *value;
}

void putBool(OrderedJson &o, const char *key, bool value, bool defaultValue)
{
    if (value != defaultValue)
        o[key] = value;
}

void putString(OrderedJson &o, const char *key, const std::string &value)
{
    if (!value.empty())
        o[key] = value;
}

template<typename E> void putEnum(OrderedJson &o, const char *key, E value, E defaultValue)
{
    if (value != defaultValue)
        o[key] = toString(value);
}

void putObject(OrderedJson &o, const char *key, OrderedJson child)
{
    if (!child.empty())
        o[key] = std::move(child);
}

OrderedJson siteJson(const Site &site)
{
    const Site d;
    OrderedJson o = OrderedJson::object();
    putString(o, "name", site.name);
    putNumber(o, "electricityUsdPerKWh", site.electricityUsdPerKWh, d.electricityUsdPerKWh);
    putNumber(o, "demandChargeUsdPerKWMonth", site.demandChargeUsdPerKWMonth,
              d.demandChargeUsdPerKWMonth);
    putNumber(o, "gridCo2KgPerKWh", site.gridCo2KgPerKWh, d.gridCo2KgPerKWh);
    putNumber(o, "utilityFeedMW", site.utilityFeedMW);
    putNumber(o, "rampLimitMWPerS", site.rampLimitMWPerS);
    putNumber(o, "designDryBulbC", site.designDryBulbC);
    putNumber(o, "designWetBulbC", site.designWetBulbC);
    putString(o, "designConditionsSource", site.designConditionsSource);
    putNumber(o, "renewableFraction", site.renewableFraction, d.renewableFraction);
    putString(o, "startDate", site.startDate);
    if (!site.utilitySteps.empty()) {
        OrderedJson steps = OrderedJson::array();
        for (const UtilityStep &step : site.utilitySteps)
            steps.push_back({{"date", step.date}, {"utilityMW", number(step.utilityMW)}});
        o["utilitySteps"] = std::move(steps);
    }
    if (!site.generation.empty()) {
        const OnsiteGeneration dg;
        OrderedJson blocks = OrderedJson::array();
        for (const OnsiteGeneration &g : site.generation) {
            OrderedJson b = OrderedJson::object();
            putString(b, "name", g.name);
            putString(b, "type", g.type);
            b["ratingMW"] = number(g.ratingMW);
            putInt(b, "units", g.units, dg.units);
            putEnum(b, "role", g.role, dg.role);
            putString(b, "from", g.from);
            putString(b, "until", g.until);
            putNumber(b, "heatRateMJPerKWh", g.heatRateMJPerKWh, dg.heatRateMJPerKWh);
            putNumber(b, "fuelUsdPerGJ", g.fuelUsdPerGJ, dg.fuelUsdPerGJ);
            putNumber(b, "co2KgPerGJ", g.co2KgPerGJ, dg.co2KgPerGJ);
            putNumber(b, "availability", g.availability, dg.availability);
            putNumber(b, "fixedOmUsdPerKWYear", g.fixedOmUsdPerKWYear, dg.fixedOmUsdPerKWYear);
            putNumber(b, "variableOmUsdPerMWh", g.variableOmUsdPerMWh, dg.variableOmUsdPerMWh);
            blocks.push_back(std::move(b));
        }
        o["generation"] = std::move(blocks);
    }
    putNumber(o, "batteryMWh", site.batteryMWh);
    putNumber(o, "batteryMW", site.batteryMW);
    putNumber(o, "batteryRoundTripEfficiency", site.batteryRoundTripEfficiency,
              d.batteryRoundTripEfficiency);
    putNumber(o, "utilityInterruptionsPerYear", site.utilityInterruptionsPerYear,
              d.utilityInterruptionsPerYear);
    putNumber(o, "utilityOutageHours", site.utilityOutageHours, d.utilityOutageHours);
    if (!(site.climate == d.climate)) {
        OrderedJson dry = OrderedJson::array();
        OrderedJson wet = OrderedJson::array();
        for (std::size_t m = 0; m < 12; ++m) {
            dry.push_back(number(site.climate.dryBulbC[m]));
            wet.push_back(number(site.climate.wetBulbC[m]));
        }
        o["climate"] = {{"monthlyDryBulbC", dry}, {"monthlyWetBulbC", wet}};
    }
    return o;
}

OrderedJson hallJson(const Hall &hall)
{
    const Hall d;
    const Row dRow;
    const RackSlot dRack;
    OrderedJson o = OrderedJson::object();
    o["id"] = hall.id;
    putString(o, "name", hall.name);
    o["widthM"] = number(hall.widthM);
    o["lengthM"] = number(hall.lengthM);
    putNumber(o, "usableAreaM2", hall.usableAreaM2);
    putNumber(o, "floorLoadKPa", hall.floorLoadKPa, d.floorLoadKPa);
    putNumber(o, "powerCapacityMW", hall.powerCapacityMW);
    putNumber(o, "coolingCapacityMW", hall.coolingCapacityMW);
    putNumber(o, "rowPitchM", hall.rowPitchM, d.rowPitchM);
    if (!hall.rows.empty()) {
        OrderedJson rows = OrderedJson::array();
        for (const Row &row : hall.rows) {
            OrderedJson r = OrderedJson::object();
            r["id"] = row.id;
            r["xM"] = number(row.xM);
            r["yM"] = number(row.yM);
            putNumber(r, "rackPitchM", row.rackPitchM, dRow.rackPitchM);
            OrderedJson racks = OrderedJson::array();
            for (const RackSlot &rack : row.racks) {
                OrderedJson k = OrderedJson::object();
                k["id"] = rack.id;
                putEnum(k, "role", rack.role, dRack.role);
                putString(k, "rackType", rack.rackType);
                putString(k, "pool", rack.pool);
                putInt(k, "servers", rack.servers, dRack.servers);
                racks.push_back(std::move(k));
            }
            if (!racks.empty())
                r["racks"] = std::move(racks);
            rows.push_back(std::move(r));
        }
        o["rows"] = std::move(rows);
    }
    return o;
}

OrderedJson powerJson(const PowerDesign &power)
{
    const PowerDesign d;
    OrderedJson o = OrderedJson::object();
    putNumber(o, "utilityVoltageKV", power.utilityVoltageKV, d.utilityVoltageKV);
    putString(o, "transformer", power.transformer);
    OrderedJson ups = OrderedJson::object();
    putEnum(ups, "type", power.ups.type, d.ups.type);
    putEnum(ups, "redundancy", power.ups.redundancy, d.ups.redundancy);
    putInt(ups, "modules", power.ups.modules, d.ups.modules);
    putInt(ups, "distributedX", power.ups.distributedX, d.ups.distributedX);
    putInt(ups, "distributedY", power.ups.distributedY, d.ups.distributedY);
    putObject(o, "ups", std::move(ups));
    putEnum(o, "distribution", power.distribution, d.distribution);
    putNumber(o, "gpuLoadFactor", power.gpuLoadFactor, d.gpuLoadFactor);
    putNumber(o, "averageLoadFactor", power.averageLoadFactor, d.averageLoadFactor);
    putNumber(o, "gpuWaitPowerFraction", power.gpuWaitPowerFraction, d.gpuWaitPowerFraction);
    putNumber(o, "gpuPowerFloorFraction", power.gpuPowerFloorFraction, d.gpuPowerFloorFraction);
    putNumber(o, "rackStorageJPerGpu", power.rackStorageJPerGpu, d.rackStorageJPerGpu);
    putNumber(o, "otherItFraction", power.otherItFraction, d.otherItFraction);
    putBool(o, "generators", power.generators, d.generators);
    putNumber(o, "generatorStartReliability", power.generatorStartReliability,
              d.generatorStartReliability);
    putEnum(o, "generatorRedundancy", power.generatorRedundancy, d.generatorRedundancy);
    putNumber(o, "pue", power.pueOverride);
    return o;
}

OrderedJson coolingJson(const CoolingDesign &cooling)
{
    const CoolingDesign d;
    OrderedJson o = OrderedJson::object();
    putEnum(o, "type", cooling.type, d.type);
    putNumber(o, "liquidFraction", cooling.liquidFraction, d.liquidFraction);
    // With a class, an unstated supply is the class's limit: write the supply when it differs.
    if (!cooling.facilityWaterClass)
        putNumber(o, "supplyWaterC", cooling.supplyWaterC, d.supplyWaterC);
    else if (waterClassLimitC(*cooling.facilityWaterClass) != cooling.supplyWaterC)
        o["supplyWaterC"] = cooling.supplyWaterC;
    putNumber(o, "designDeltaTK", cooling.designDeltaTK, d.designDeltaTK);
    putString(o, "cdu", cooling.cdu);
    putEnum(o, "cduRedundancy", cooling.cduRedundancy, d.cduRedundancy);
    putString(o, "chiller", cooling.chiller);
    putBool(o, "economizer", cooling.economizer, d.economizer);
    putNumber(o, "towerCyclesOfConcentration", cooling.towerCyclesOfConcentration,
              d.towerCyclesOfConcentration);
    putNumber(o, "heatReuseFraction", cooling.heatReuseFraction, d.heatReuseFraction);
    putNumber(o, "heatReuseSupplyC", cooling.heatReuseSupplyC);
    putEnum(o, "liquidHeatRejection", cooling.liquidHeatRejection, d.liquidHeatRejection);
    putEnum(o, "airHeatRejection", cooling.airHeatRejection, d.airHeatRejection);
    putNumber(o, "cduApproachK", cooling.cduApproachK, d.cduApproachK);
    putEnum(o, "coolant", cooling.coolant, d.coolant);
    putNumber(o, "facilityPumpHeadKPa", cooling.facilityPumpHeadKPa, d.facilityPumpHeadKPa);
    if (cooling.facilityWaterClass)
        o["facilityWaterClass"] = toString(*cooling.facilityWaterClass);
    return o;
}

OrderedJson poolJson(const ComputePool &pool)
{
    OrderedJson o = OrderedJson::object();
    if (pool.name != pool.gpu)
        o["name"] = pool.name;
    o["gpu"] = pool.gpu;
    putString(o, "server", pool.server);
    o["gpuCount"] = pool.gpuCount;
    putInt(o, "serversPerRack", pool.serversPerRack);
    putString(o, "hall", pool.hall);
    return o;
}

OrderedJson mediumKindsJson(const std::vector<MediumKind> &kinds)
{
    OrderedJson list = OrderedJson::array();
    for (MediumKind kind : kinds)
        list.push_back(toString(kind));
    return list;
}

OrderedJson mediaPolicyJson(const MediaPolicy &media)
{
    const MediaPolicy d;
    OrderedJson o = OrderedJson::object();
    if (!media.allowed.empty())
        o["allowed"] = mediumKindsJson(media.allowed);
    putBool(o, "opticsRequired", media.opticsRequired, d.opticsRequired);
    putEnum(o, "order", media.order, d.order);
    if (!media.boundaries.empty()) {
        OrderedJson list = OrderedJson::array();
        for (const MediaBoundaryRule &rule : media.boundaries) {
            OrderedJson b = OrderedJson::object();
            if (rule.allowed)
                b["allowed"] = mediumKindsJson(*rule.allowed);
            if (rule.opticsRequired)
                b["opticsRequired"] = *rule.opticsRequired;
            list.push_back(std::move(b));
        }
        o["boundaries"] = std::move(list);
    }
    return o;
}

OrderedJson planeJson(const FabricPlane &plane)
{
    const FabricPlane d;
    OrderedJson o = OrderedJson::object();
    if (plane.name != toString(plane.role))
        o["name"] = plane.name;
    putEnum(o, "role", plane.role, d.role);
    putEnum(o, "technology", plane.technology, d.technology);
    putString(o, "switch", plane.switchModel);
    putNumber(o, "portGbps", plane.portGbps, d.portGbps);
    putInt(o, "parallelPlanes", plane.parallelPlanes, d.parallelPlanes);
    putInt(o, "endpointsPerServer", plane.endpointsPerServer);
    putBool(o, "railOptimized", plane.railOptimized, d.railOptimized);
    putEnum(o, "leafPlacement", plane.leafPlacement, d.leafPlacement);
    putInt(o, "tiers", plane.tiers);
    if (!plane.oversubscription.empty()) {
        OrderedJson list = OrderedJson::array();
        for (double x : plane.oversubscription)
            list.push_back(number(x));
        o["oversubscription"] = std::move(list);
    }
    putInt(o, "islandGpus", plane.islandGpus);
    putNumber(o, "islandOversubscription", plane.islandOversubscription, d.islandOversubscription);
    if (!plane.pools.empty())
        o["pools"] = plane.pools;
    putBool(o, "allowAoc", plane.allowAoc, d.allowAoc);
    if (plane.media != d.media)
        o["media"] = mediaPolicyJson(plane.media);
    putInt(o, "fabricManagerPorts", plane.fabricManagerPorts);
    putInt(o, "railGroupServers", plane.railGroupServers);
    putBool(o, "spinesPerRail", plane.spinesPerRail, d.spinesPerRail);
    return o;
}

OrderedJson cablingJson(const CablingDesign &cabling)
{
    const CablingDesign d;
    OrderedJson o = OrderedJson::object();
    putInt(o, "copperTraysPerRow", cabling.copperTraysPerRow, d.copperTraysPerRow);
    putInt(o, "fibreTraysPerRow", cabling.fibreTraysPerRow, d.fibreTraysPerRow);
    return o;
}

OrderedJson storageJson(const StorageDesign &storage)
{
    const StorageDesign d;
    OrderedJson o = OrderedJson::object();
    putNumber(o, "capacityPB", storage.capacityPB, d.capacityPB);
    putNumber(o, "writeTBps", storage.writeTBps, d.writeTBps);
    putNumber(o, "readTBps", storage.readTBps, d.readTBps);
    putString(o, "system", storage.system);
    putNumber(o, "checkpointBandwidthFraction", storage.checkpointBandwidthFraction,
              d.checkpointBandwidthFraction);
    putNumber(o, "driveWritesPerDay", storage.driveWritesPerDay, d.driveWritesPerDay);
    return o;
}

OrderedJson workloadJson(const Workload &workload)
{
    const Workload d;
    const ModelArchitecture &model = workload.model;
    OrderedJson m = OrderedJson::object();
    putString(m, "name", model.name);
    m["layers"] = model.layers;
    m["hidden"] = model.hidden;
    m["ffnHidden"] = model.ffnHidden;
    m["heads"] = model.heads;
    putInt(m, "kvHeads", model.kvHeads, model.heads);
    putInt(m, "headDim", model.headDim, d.model.headDim);
    m["vocab"] = model.vocab;
    m["seqLen"] = model.seqLen;
    putEnum(m, "ffn", model.ffn, d.model.ffn);
    putBool(m, "tiedEmbeddings", model.tiedEmbeddings, d.model.tiedEmbeddings);
    if (model.moe) {
        const MoeSpec dm;
        const MoeSpec &moe = *model.moe;
        OrderedJson e = OrderedJson::object();
        e["experts"] = moe.experts;
        e["topK"] = moe.topK;
        putInt(e, "sharedExperts", moe.sharedExperts, dm.sharedExperts);
        putInt(e, "expertFfnHidden", moe.expertFfnHidden, dm.expertFfnHidden);
        putInt(e, "layerFrequency", moe.layerFrequency, dm.layerFrequency);
        putInt(e, "firstDenseLayers", moe.firstDenseLayers, dm.firstDenseLayers);
        putNumber(e, "loadImbalance", moe.loadImbalance, dm.loadImbalance);
        m["moe"] = std::move(e);
    }

    OrderedJson o = OrderedJson::object();
    o["model"] = std::move(m);
    o["trainingTokens"] = number(workload.trainingTokens);
    o["globalBatchSequences"] = workload.globalBatchSequences;
    putEnum(o, "precision", workload.precision, d.precision);
    putString(o, "pool", workload.pool);
    putInt(o, "gpus", workload.gpus, d.gpus);
    if (workload.parallelism.fixesAnything()) {
        const Parallelism &p = workload.parallelism;
        OrderedJson j = OrderedJson::object();
        putInt(j, "tp", p.tp);
        putInt(j, "pp", p.pp);
        putInt(j, "dp", p.dp);
        putInt(j, "cp", p.cp);
        putInt(j, "ep", p.ep);
        putInt(j, "microBatch", p.microBatch);
        putInt(j, "virtualStages", p.virtualStages);
        if (p.schedule)
            j["schedule"] = toString(*p.schedule);
        putInt(j, "zeroStage", p.zeroStage);
        if (p.recompute)
            j["recompute"] = toString(*p.recompute);
        o["parallelism"] = std::move(j);
    }
    {
        const SoftwareStack &s = workload.stack;
        OrderedJson j = OrderedJson::object();
        putString(j, "preset", s.preset);
        auto putFlag = [&](const char *key, const std::optional<bool> &value) {
            if (value)
                j[key] = *value;
        };
        putFlag("flashAttention", s.flashAttention);
        putFlag("dropout", s.dropout);
        putFlag("distributedOptimizer", s.distributedOptimizer);
        putFlag("zeroBubble", s.zeroBubble);
        putFlag("dualPipe", s.dualPipe);
        putNumber(j, "tpOverlap", s.tpOverlap);
        putNumber(j, "dpOverlap", s.dpOverlap);
        putNumber(j, "ppOverlap", s.ppOverlap);
        putNumber(j, "cpOverlap", s.cpOverlap);
        putNumber(j, "epOverlap", s.epOverlap);
        putObject(o, "stack", std::move(j));
    }
    const CheckpointPolicy &c = workload.checkpoint;
    OrderedJson cj = OrderedJson::object();
    if (!c.automaticInterval)
        cj["interval"] = number(c.intervalMinutes);
    putNumber(cj, "minIntervalMinutes", c.minIntervalMinutes, d.checkpoint.minIntervalMinutes);
    putInt(cj, "retained", c.retained, d.checkpoint.retained);
    putBool(cj, "asynchronous", c.asynchronous, d.checkpoint.asynchronous);
    putEnum(cj, "tier", c.tier, d.checkpoint.tier);
    putNumber(cj, "bytesPerParameter", c.bytesPerParameter, d.checkpoint.bytesPerParameter);
    putObject(o, "checkpoint", std::move(cj));
    return o;
}

OrderedJson reliabilityJson(const ReliabilitySettings &reliability)
{
    const ReliabilitySettings d;
    OrderedJson o = OrderedJson::object();
    if (!reliability.failuresPerYearOverride.empty()) {
        OrderedJson rates = OrderedJson::object();
        for (const auto &[component, rate] : reliability.failuresPerYearOverride)
            rates[component] = number(rate);
        o["failuresPerYear"] = std::move(rates);
    }
    putNumber(o, "detectionMinutes", reliability.detectionMinutes, d.detectionMinutes);
    putNumber(o, "restartMinutes", reliability.restartMinutes, d.restartMinutes);
    putNumber(o, "repairHours", reliability.repairHours, d.repairHours);
    putNumber(o, "spareConfidence", reliability.spareConfidence, d.spareConfidence);
    putInt(o, "spareNodes", reliability.spareNodes);
    putEnum(o, "noSpareRecovery", reliability.noSpareRecovery, d.noSpareRecovery);
    putInt(o, "repairCrews", reliability.repairCrews);
    return o;
}

OrderedJson costJson(const CostSettings &cost)
{
    const CostSettings d;
    OrderedJson o = OrderedJson::object();
    putNumber(o, "horizonYears", cost.horizonYears, d.horizonYears);
    putNumber(o, "costOfCapital", cost.costOfCapital, d.costOfCapital);
    putNumber(o, "staffUsdPerYear", cost.staffUsdPerYear, d.staffUsdPerYear);
    putNumber(o, "networkServicesUsdPerYear", cost.networkServicesUsdPerYear,
              d.networkServicesUsdPerYear);
    putString(o, "priceBook", cost.priceBook);
    return o;
}

} // namespace

std::optional<nlohmann::json> currentFormatProjectJson(std::string_view text,
                                                       const std::string &fileName,
                                                       Diagnostics &diagnostics, int *fileVersion)
{
    std::optional<Json> parsed = parseStrictJson(text, fileName, diagnostics);
    if (!parsed)
        return std::nullopt;
    Json &root = *parsed;
    if (!root.is_object()) {
        diagnostics.error(fileName, "/", "expected a project object, found " + jsonTypeName(root));
        return std::nullopt;
    }
    const int version = checkFormat(root, fileName, diagnostics);
    if (version < 0)
        return std::nullopt;
    if (version < kProjectFormatVersion)
        upgradeProject(root, version);
    root["version"] = kProjectFormatVersion;
    if (fileVersion)
        *fileVersion = version;
    return parsed;
}

Project parseProjectJson(std::string_view text, const std::string &fileName, ProjectLoadInfo *info)
{
    Diagnostics diagnostics;
    int version = kProjectFormatVersion;
    const std::optional<Json> root =
        currentFormatProjectJson(text, fileName, diagnostics, &version);
    if (!root)
        throw LoadError(std::move(diagnostics));
    ProjectReader reader(fileName, diagnostics);
    Project project = reader.read(*root);
    if (diagnostics.hasErrors())
        throw LoadError(std::move(diagnostics));
    if (info)
        info->fileVersion = version;
    return project;
}

Project loadProjectFile(const std::string &path, ProjectLoadInfo *info)
{
    Diagnostics diagnostics;
    const std::optional<std::string> text = readTextFile(path, "project", diagnostics);
    if (!text)
        throw LoadError(std::move(diagnostics));
    return parseProjectJson(*text, path, info);
}

std::string projectToJson(const Project &project)
{
    OrderedJson o = OrderedJson::object();
    putString(o, "$schema", project.schemaLocation);
    o["schema"] = kSchema;
    o["version"] = kProjectFormatVersion;
    putString(o, "name", project.name);
    putString(o, "description", project.description);
    putObject(o, "site", siteJson(project.site));
    if (!project.halls.empty()) {
        OrderedJson halls = OrderedJson::array();
        for (const Hall &hall : project.halls)
            halls.push_back(hallJson(hall));
        o["halls"] = std::move(halls);
    }
    putObject(o, "power", powerJson(project.power));
    putObject(o, "cooling", coolingJson(project.cooling));
    OrderedJson pools = OrderedJson::array();
    for (const ComputePool &pool : project.pools)
        pools.push_back(poolJson(pool));
    o["compute"] = {{"pools", std::move(pools)}};
    OrderedJson network = OrderedJson::object();
    if (!project.planes.empty()) {
        OrderedJson planes = OrderedJson::array();
        for (const FabricPlane &plane : project.planes)
            planes.push_back(planeJson(plane));
        network["planes"] = std::move(planes);
    }
    putObject(network, "cabling", cablingJson(project.cabling));
    putObject(o, "network", std::move(network));
    putObject(o, "storage", storageJson(project.storage));
    if (project.workload)
        o["workload"] = workloadJson(*project.workload);
    putObject(o, "reliability", reliabilityJson(project.reliability));
    putObject(o, "cost", costJson(project.cost));
    {
        const UncertaintySettings d;
        const UncertaintySettings &s = project.uncertainty;
        OrderedJson u = OrderedJson::object();
        putNumber(u, "vendor", s.vendor, d.vendor);
        putNumber(u, "paper", s.paper, d.paper);
        putNumber(u, "analyst", s.analyst, d.analyst);
        putNumber(u, "secondary", s.secondary, d.secondary);
        putNumber(u, "derived", s.derived, d.derived);
        putNumber(u, "unverified", s.unverified, d.unverified);
        putNumber(u, "project", s.project, d.project);
        putObject(o, "uncertainty", std::move(u));
    }
    if (!project.acknowledgedWarnings.empty()) {
        OrderedJson acks = OrderedJson::array();
        for (const WarningAcknowledgement &ack : project.acknowledgedWarnings)
            acks.push_back(
                {{"path", ack.path}, {"contains", ack.contains}, {"reason", ack.reason}});
        o["acknowledgedWarnings"] = std::move(acks);
    }
    if (!project.catalogOverridesJson.empty()) {
        OrderedJson overrides;
        try {
            overrides = OrderedJson::parse(project.catalogOverridesJson);
        } catch (const OrderedJson::parse_error &e) {
            throw std::invalid_argument(std::string("catalog overrides are not valid JSON: ") +
                                        e.what());
        }
        if (!overrides.is_object())
            throw std::invalid_argument("catalog overrides must be a JSON object");
        o["catalogOverrides"] = std::move(overrides);
    }
    return o.dump(2, ' ', false, OrderedJson::error_handler_t::replace) + '\n';
}

Diagnostics checkProjectFields(const Project &project)
{
    std::string text;
    try {
        text = projectToJson(project);
    } catch (const std::invalid_argument &e) {
        Diagnostics diagnostics;
        diagnostics.error("", "/catalogOverrides", e.what());
        return diagnostics;
    }
    try {
        parseProjectJson(text, "");
    } catch (const LoadError &e) {
        return e.diagnostics();
    }
    return {};
}

SaveResult saveProjectFile(const Project &project, const std::string &path)
{
    std::string text;
    try {
        text = projectToJson(project);
    } catch (const std::invalid_argument &e) {
        return {false, path + ": cannot save: " + e.what()};
    }
    return saveFileAtomically(path, text);
}

} // namespace aidc
