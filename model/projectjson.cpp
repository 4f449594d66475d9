#include "projectjson.h"

#include "enumnames.h"
#include "jsonreader.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>

namespace aidc {

namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

constexpr const char *kSchema = "aidc-project";
constexpr int kMaxGpus = 2'000'000;

// ------------------------------------------------------------------------------ parsing

struct ParseFrame
{
    bool isArray = false;
    std::size_t index = 0; // arrays: elements seen so far
    std::string key;       // objects: the current key
    std::set<std::string> keys;
};

// nlohmann's parser keeps the last of two equal keys silently; a project with "pools" twice is
// almost certainly a mistake, so the parse callback tracks the path and reports duplicates.
class DuplicateKeyFinder
{
public:
    DuplicateKeyFinder(const std::string &file, Diagnostics &diagnostics)
        : m_file(file)
        , m_diagnostics(diagnostics)
    {
    }

    bool operator()(int, Json::parse_event_t event, Json &parsed)
    {
        switch (event) {
        case Json::parse_event_t::object_start:
        case Json::parse_event_t::array_start:
            countElement();
            m_stack.push_back({event == Json::parse_event_t::array_start, 0, {}, {}});
            break;
        case Json::parse_event_t::object_end:
        case Json::parse_event_t::array_end:
            if (!m_stack.empty())
                m_stack.pop_back();
            break;
        case Json::parse_event_t::key:
            if (!m_stack.empty() && parsed.is_string()) {
                ParseFrame &top = m_stack.back();
                top.key = parsed.get<std::string>();
                if (!top.keys.insert(top.key).second) {
                    m_diagnostics.error(m_file, pointer(),
                                        "duplicate key '" + top.key +
                                            "' (only one value per key is allowed)");
                }
            }
            break;
        case Json::parse_event_t::value:
            countElement();
            break;
        }
        return true;
    }

private:
    void countElement()
    {
        if (!m_stack.empty() && m_stack.back().isArray)
            ++m_stack.back().index;
    }

    std::string pointer() const
    {
        std::string path;
        for (const ParseFrame &frame : m_stack) {
            path = frame.isArray ? jsonPointerAppend(path, frame.index - 1)
                                 : jsonPointerAppend(path, frame.key);
        }
        return path;
    }

    const std::string &m_file;
    Diagnostics &m_diagnostics;
    std::vector<ParseFrame> m_stack;
};

// "malformed JSON at line 3, column 7: syntax error while parsing ..." from the parse_error's
// byte offset (the 1-based count of characters read when the error was seen).
std::string describeParseError(std::string_view text, const Json::parse_error &e)
{
    const std::size_t at = std::min<std::size_t>(e.byte == 0 ? 0 : e.byte - 1, text.size());
    std::size_t line = 1;
    std::size_t lineStart = 0;
    for (std::size_t i = 0; i < at; ++i) {
        if (text[i] == '\n') {
            ++line;
            lineStart = i + 1;
        }
    }
    const std::size_t column = at - lineStart + 1;
    // nlohmann's text is "[json.exception.parse_error.101] parse error at line 1, column 2: ...";
    // keep only the part after the position.
    std::string detail = e.what();
    const std::size_t colon = detail.find(": ", detail.find("column"));
    if (colon != std::string::npos)
        detail = detail.substr(colon + 2);
    return "malformed JSON at line " + std::to_string(line) + ", column " + std::to_string(column) +
           ": " + detail;
}

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

    void readNonEmptyString(JsonObjectReader &r, const char *key, std::string &out, Need need);
    void readSite(JsonObjectReader &r, Site &site);
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

void ProjectReader::readNonEmptyString(JsonObjectReader &r, const char *key, std::string &out,
                                       Need need)
{
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

void ProjectReader::readSite(JsonObjectReader &r, Site &site)
{
    r.readString("name", site.name);
    r.readNumber("electricityUsdPerKWh", site.electricityUsdPerKWh, Need::Optional, 0, 10);
    r.readNumber("demandChargeUsdPerKWMonth", site.demandChargeUsdPerKWMonth, Need::Optional, 0,
                 1000);
    r.readNumber("gridCo2KgPerKWh", site.gridCo2KgPerKWh, Need::Optional, 0, 2);
    r.readNumber("utilityFeedMW", site.utilityFeedMW, 0, 100000, true);
    if (const Json *climate = r.object("climate")) {
        JsonObjectReader c = child(*climate, r.pathOf("climate"));
        std::array<double, 12> *tables[] = {&site.climate.dryBulbC, &site.climate.wetBulbC};
        const char *keys[] = {"monthlyDryBulbC", "monthlyWetBulbC"};
        bool complete = true;
        for (int t = 0; t < 2; ++t) {
            const Json *array = c.array(keys[t], Need::Required);
            if (!array) {
                complete = false;
                continue;
            }
            if (array->size() != 12) {
                c.error(keys[t], "expected 12 monthly values (January first), found " +
                                     std::to_string(array->size()));
                complete = false;
                continue;
            }
            std::vector<double> values;
            c.readNumberList(keys[t], values, -90, 60);
            if (values.size() != 12) {
                complete = false;
                continue;
            }
            std::copy(values.begin(), values.end(), tables[t]->begin());
        }
        if (complete) {
            for (std::size_t m = 0; m < 12; ++m) {
                // The wet bulb equals the dry bulb at saturation and cannot exceed it.
                if (site.climate.wetBulbC[m] > site.climate.dryBulbC[m]) {
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
    readNonEmptyString(r, "id", hall.id, Need::Required);
    if (r.has("id"))
        m_hallIds.push_back({hall.id, r.pathOf("id")});
    r.readString("name", hall.name);
    r.readNumber("widthM", hall.widthM, Need::Required, 0, 5000, true);
    r.readNumber("lengthM", hall.lengthM, Need::Required, 0, 5000, true);
    r.readNumber("usableAreaM2", hall.usableAreaM2, 0, 25e6, true);
    if (hall.usableAreaM2 && hall.widthM > 0 && hall.lengthM > 0 &&
        *hall.usableAreaM2 > hall.widthM * hall.lengthM * (1 + 1e-9)) {
        r.error("usableAreaM2", "usable area exceeds the hall's width x length");
    }
    r.readNumber("floorLoadKPa", hall.floorLoadKPa, Need::Optional, 0, 100, true);
    r.readNumber("powerCapacityMW", hall.powerCapacityMW, 0, 10000, true);
    r.readNumber("coolingCapacityMW", hall.coolingCapacityMW, 0, 10000, true);
    r.readNumber("rowPitchM", hall.rowPitchM, Need::Optional, 1, 20);

    const Json *rows = r.array("rows");
    if (!rows)
        return;
    std::vector<NamedAt> rowIds;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        Row row;
        JsonObjectReader rr = child((*rows)[i], jsonPointerAppend(r.pathOf("rows"), i));
        readNonEmptyString(rr, "id", row.id, Need::Required);
        if (rr.has("id"))
            rowIds.push_back({row.id, rr.pathOf("id")});
        rr.readNumber("xM", row.xM, Need::Optional, 0, 5000);
        rr.readNumber("yM", row.yM, Need::Optional, 0, 5000);
        if (hall.widthM > 0 && row.xM > hall.widthM)
            rr.error("xM", "row origin lies outside the hall (x beyond widthM)");
        if (hall.lengthM > 0 && row.yM > hall.lengthM)
            rr.error("yM", "row origin lies outside the hall (y beyond lengthM)");
        rr.readNumber("rackPitchM", row.rackPitchM, Need::Optional, 0.3, 3);
        if (const Json *racks = rr.array("racks")) {
            for (std::size_t k = 0; k < racks->size(); ++k) {
                RackSlot rack;
                JsonObjectReader rk = child((*racks)[k], jsonPointerAppend(rr.pathOf("racks"), k));
                readNonEmptyString(rk, "id", rack.id, Need::Required);
                if (rk.has("id"))
                    m_rackIds.push_back({rack.id, rk.pathOf("id")});
                rk.readEnum("role", rack.role, rackRoleNames());
                rk.readString("rackType", rack.rackType);
                rk.readString("pool", rack.pool);
                if (!rack.pool.empty())
                    m_rackPools.push_back({rack.pool, rk.pathOf("pool")});
                rk.readInt("servers", rack.servers, Need::Optional, 0, 256);
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
    r.readNumber("utilityVoltageKV", power.utilityVoltageKV, Need::Optional, 0, 1000, true);
    r.readString("transformer", power.transformer);
    if (const Json *ups = r.object("ups")) {
        JsonObjectReader u = child(*ups, r.pathOf("ups"));
        u.readEnum("type", power.ups.type, upsTypeNames());
        u.readEnum("redundancy", power.ups.redundancy, redundancyNames());
        u.readInt("modules", power.ups.modules, Need::Optional, 1, 1000);
        u.readInt("distributedX", power.ups.distributedX, Need::Optional, 2, 100);
        u.readInt("distributedY", power.ups.distributedY, Need::Optional, 1, 100);
        if (power.ups.redundancy == Redundancy::Distributed &&
            power.ups.distributedY >= power.ups.distributedX) {
            u.error("distributedY", "distributed redundancy needs fewer modules to carry the load "
                                    "(distributedY) than installed (distributedX)");
        }
        u.finish();
    }
    r.readEnum("distribution", power.distribution, distributionNames());
    r.readNumber("gpuLoadFactor", power.gpuLoadFactor, Need::Optional, 0, 1.5, true);
    r.readNumber("averageLoadFactor", power.averageLoadFactor, Need::Optional, 0, 1);
    r.readNumber("otherItFraction", power.otherItFraction, Need::Optional, 0, 1);
    r.readBool("generators", power.generators);
    r.readEnum("generatorRedundancy", power.generatorRedundancy, redundancyNames());
    r.readNumber("pue", power.pueOverride, 1, 5);
}

void ProjectReader::readCooling(JsonObjectReader &r, CoolingDesign &cooling)
{
    r.readEnum("type", cooling.type, coolingTypeNames());
    r.readNumber("liquidFraction", cooling.liquidFraction, Need::Optional, 0, 1);
    r.readNumber("supplyWaterC", cooling.supplyWaterC, Need::Optional, 5, 70);
    r.readNumber("designDeltaTK", cooling.designDeltaTK, Need::Optional, 0, 40, true);
    r.readString("cdu", cooling.cdu);
    r.readEnum("cduRedundancy", cooling.cduRedundancy, redundancyNames());
    r.readString("chiller", cooling.chiller);
    r.readBool("economizer", cooling.economizer);
}

void ProjectReader::readPool(JsonObjectReader &r, ComputePool &pool)
{
    readNonEmptyString(r, "gpu", pool.gpu, Need::Required);
    pool.name = pool.gpu;
    readNonEmptyString(r, "name", pool.name, Need::Optional);
    if (!pool.name.empty())
        m_poolNames.push_back({pool.name, r.has("name") ? r.pathOf("name") : r.path()});
    r.readString("server", pool.server);
    r.readInt("gpuCount", pool.gpuCount, Need::Required, 1, kMaxGpus);
    r.readInt("serversPerRack", pool.serversPerRack, 1, 256);
    r.readString("hall", pool.hall);
    if (!pool.hall.empty())
        m_poolHalls.push_back({pool.hall, r.pathOf("hall")});
}

void ProjectReader::readPlane(JsonObjectReader &r, FabricPlane &plane)
{
    r.readEnum("role", plane.role, planeRoleNames());
    plane.name = toString(plane.role);
    readNonEmptyString(r, "name", plane.name, Need::Optional);
    m_planeNames.push_back({plane.name, r.has("name") ? r.pathOf("name") : r.path()});
    r.readEnum("technology", plane.technology, technologyNames());
    r.readString("switch", plane.switchModel);
    r.readNumber("portGbps", plane.portGbps, Need::Optional, 0, 3200, true);
    r.readInt("parallelPlanes", plane.parallelPlanes, Need::Optional, 1, 64);
    r.readInt("endpointsPerServer", plane.endpointsPerServer, 1, 64);
    r.readBool("railOptimized", plane.railOptimized);
    r.readEnum("leafPlacement", plane.leafPlacement, leafPlacementNames());
    if (const Json *tiers = r.value("tiers")) {
        if (tiers->is_string()) {
            if (tiers->get<std::string>() != "auto")
                r.error("tiers",
                        "expected 2, 3, 4 or \"auto\", found '" + tiers->get<std::string>() + "'");
        } else if (tiers->is_number()) {
            r.readInt("tiers", plane.tiers, 2, 4);
        } else {
            r.error("tiers", "expected 2, 3, 4 or \"auto\", found " + jsonTypeName(*tiers));
        }
    }
    r.readNumberList("oversubscription", plane.oversubscription, 1, 64);
    const std::size_t boundaries = plane.tiers ? std::size_t(*plane.tiers - 1) : 3;
    if (plane.oversubscription.size() > boundaries) {
        r.error("oversubscription",
                std::to_string(plane.oversubscription.size()) + " entries, but " +
                    (plane.tiers ? "a " + std::to_string(*plane.tiers) + "-tier fabric has "
                                 : std::string("a fabric of at most 4 tiers has ")) +
                    std::to_string(boundaries) + " tier boundaries (leaf->spine first)");
    }
    r.readInt("islandGpus", plane.islandGpus, 1, kMaxGpus);
    r.readNumber("islandOversubscription", plane.islandOversubscription, Need::Optional, 1, 64);
    r.readStringList("pools", plane.pools);
    std::set<std::string> seen;
    for (std::size_t j = 0; j < plane.pools.size(); ++j) {
        const std::string path = jsonPointerAppend(r.pathOf("pools"), j);
        if (!seen.insert(plane.pools[j]).second)
            m_diagnostics.error(m_file, path,
                                "pool '" + plane.pools[j] + "' is listed twice in this plane");
        else
            m_planePools.push_back({plane.pools[j], path});
    }
    r.readBool("allowAoc", plane.allowAoc);
}

void ProjectReader::readStorage(JsonObjectReader &r, StorageDesign &storage)
{
    r.readNumber("capacityPB", storage.capacityPB, Need::Optional, 0, 1e6);
    r.readNumber("writeTBps", storage.writeTBps, Need::Optional, 0, 1e5);
    r.readNumber("readTBps", storage.readTBps, Need::Optional, 0, 1e5);
    r.readString("system", storage.system);
}

void ProjectReader::readModel(JsonObjectReader &r, ModelArchitecture &model)
{
    r.readString("name", model.name);
    r.readInt("layers", model.layers, Need::Required, 1, 10000);
    r.readInt("hidden", model.hidden, Need::Required, 1, 1'000'000);
    r.readInt("ffnHidden", model.ffnHidden, Need::Required, 1, 10'000'000);
    r.readInt("heads", model.heads, Need::Required, 1, 100'000);
    std::optional<int> kvHeads;
    r.readInt("kvHeads", kvHeads, 1, 100'000);
    model.kvHeads = kvHeads.value_or(model.heads);
    if (kvHeads && model.heads > 0 && (*kvHeads > model.heads || model.heads % *kvHeads != 0))
        r.error("kvHeads", "must divide heads (" + std::to_string(model.heads) + ")");
    r.readInt("headDim", model.headDim, Need::Optional, 0, 100'000);
    if (model.headDim == 0 && model.heads > 0 && model.hidden % model.heads != 0)
        r.error("heads", "hidden (" + std::to_string(model.hidden) +
                             ") is not a multiple of heads; set headDim");
    r.readInt("vocab", model.vocab, Need::Required, 1, 100'000'000);
    r.readInt("seqLen", model.seqLen, Need::Required, 1, 100'000'000);
    r.readEnum("ffn", model.ffn, ffnTypeNames());
    r.readBool("tiedEmbeddings", model.tiedEmbeddings);
    if (const Json *moe = r.object("moe")) {
        JsonObjectReader m = child(*moe, r.pathOf("moe"));
        MoeSpec spec;
        m.readInt("experts", spec.experts, Need::Required, 1, 1'000'000);
        m.readInt("topK", spec.topK, Need::Required, 1, 1'000'000);
        if (spec.experts > 0 && spec.topK > spec.experts)
            m.error("topK",
                    "more active experts than experts (" + std::to_string(spec.experts) + ")");
        m.readInt("sharedExperts", spec.sharedExperts, Need::Optional, 0, 1000);
        m.readInt("expertFfnHidden", spec.expertFfnHidden, Need::Optional, 0, 10'000'000);
        m.readInt("layerFrequency", spec.layerFrequency, Need::Optional, 1, 10000);
        m.readInt("firstDenseLayers", spec.firstDenseLayers, Need::Optional, 0, 10000);
        if (model.layers > 0 && spec.firstDenseLayers >= model.layers)
            m.error("firstDenseLayers",
                    "must be less than layers (" + std::to_string(model.layers) + ")");
        m.readNumber("loadImbalance", spec.loadImbalance, Need::Optional, 1, 100);
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
    parallelism.automatic = false;
    JsonObjectReader p = child(*value, r.pathOf("parallelism"));
    p.readInt("tp", parallelism.tp, Need::Optional, 1, 1024);
    p.readInt("pp", parallelism.pp, Need::Optional, 1, 1024);
    p.readInt("dp", parallelism.dp, Need::Optional, 0, kMaxGpus);
    p.readInt("cp", parallelism.cp, Need::Optional, 1, 1024);
    p.readInt("ep", parallelism.ep, Need::Optional, 1, 100'000);
    p.readInt("microBatch", parallelism.microBatch, Need::Optional, 1, 1'000'000);
    p.readInt("virtualStages", parallelism.virtualStages, Need::Optional, 1, 1024);
    p.readEnum("schedule", parallelism.schedule, pipelineScheduleNames());
    p.readInt("zeroStage", parallelism.zeroStage, Need::Optional, 0, 3);
    p.readEnum("recompute", parallelism.recompute, recomputeNames());
    p.finish();
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
            r.readNumber("interval", checkpoint.intervalMinutes, Need::Optional, 0, 10080, true);
            if (m_diagnostics.items().size() == before)
                checkpoint.automaticInterval = false;
        } else {
            r.error("interval", "expected \"auto\" or minutes, found " + jsonTypeName(*interval));
        }
    }
    r.readBool("asynchronous", checkpoint.asynchronous);
    r.readEnum("tier", checkpoint.tier, checkpointTierNames());
    r.readNumber("bytesPerParameter", checkpoint.bytesPerParameter, Need::Optional, 0, 64, true);
}

void ProjectReader::readWorkload(JsonObjectReader &r, Workload &workload)
{
    if (const Json *model = r.object("model", Need::Required)) {
        JsonObjectReader m = child(*model, r.pathOf("model"));
        readModel(m, workload.model);
        m.finish();
    }
    r.readNumber("trainingTokens", workload.trainingTokens, Need::Required, 0, 1e16, true);
    r.readInt("globalBatchSequences", workload.globalBatchSequences, Need::Required, 1,
              100'000'000);
    r.readEnum("precision", workload.precision, precisionNames());
    r.readString("pool", workload.pool);
    r.readInt("gpus", workload.gpus, Need::Optional, 0, kMaxGpus);
    readParallelism(r, workload.parallelism);
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
            f.readNumber(it.key().c_str(), rate, Need::Optional, 0, 1000);
            if (m_diagnostics.items().size() == before)
                reliability.failuresPerYearOverride[it.key()] = rate;
        }
        f.finish();
    }
    r.readNumber("detectionMinutes", reliability.detectionMinutes, Need::Optional, 0, 10080);
    r.readNumber("restartMinutes", reliability.restartMinutes, Need::Optional, 0, 10080);
    r.readNumber("repairHours", reliability.repairHours, Need::Optional, 0, 8760);
    r.readNumber("spareConfidence", reliability.spareConfidence, Need::Optional, 0, 1);
    if (reliability.spareConfidence >= 1)
        r.error("spareConfidence", "must be less than 1 (certainty would need unlimited spares)");
    r.readInt("spareNodes", reliability.spareNodes, 0, 1'000'000);
}

void ProjectReader::readCost(JsonObjectReader &r, CostSettings &cost)
{
    r.readNumber("horizonYears", cost.horizonYears, Need::Optional, 0, 50, true);
    r.readNumber("costOfCapital", cost.costOfCapital, Need::Optional, 0, 1);
    r.readNumber("staffUsdPerYear", cost.staffUsdPerYear, Need::Optional, 0, 1e12);
    r.readNumber("networkServicesUsdPerYear", cost.networkServicesUsdPerYear, Need::Optional, 0,
                 1e12);
    r.readString("priceBook", cost.priceBook);
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
    r.readString("name", project.name);
    r.readString("description", project.description);

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
    putNumber(o, "otherItFraction", power.otherItFraction, d.otherItFraction);
    putBool(o, "generators", power.generators, d.generators);
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
    putNumber(o, "supplyWaterC", cooling.supplyWaterC, d.supplyWaterC);
    putNumber(o, "designDeltaTK", cooling.designDeltaTK, d.designDeltaTK);
    putString(o, "cdu", cooling.cdu);
    putEnum(o, "cduRedundancy", cooling.cduRedundancy, d.cduRedundancy);
    putString(o, "chiller", cooling.chiller);
    putBool(o, "economizer", cooling.economizer, d.economizer);
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
    if (!workload.parallelism.automatic) {
        const Parallelism dp;
        const Parallelism &p = workload.parallelism;
        OrderedJson j = OrderedJson::object();
        putInt(j, "tp", p.tp, dp.tp);
        putInt(j, "pp", p.pp, dp.pp);
        putInt(j, "dp", p.dp, dp.dp);
        putInt(j, "cp", p.cp, dp.cp);
        putInt(j, "ep", p.ep, dp.ep);
        putInt(j, "microBatch", p.microBatch, dp.microBatch);
        putInt(j, "virtualStages", p.virtualStages, dp.virtualStages);
        putEnum(j, "schedule", p.schedule, dp.schedule);
        putInt(j, "zeroStage", p.zeroStage, dp.zeroStage);
        putEnum(j, "recompute", p.recompute, dp.recompute);
        o["parallelism"] = std::move(j);
    }
    const CheckpointPolicy &c = workload.checkpoint;
    OrderedJson cj = OrderedJson::object();
    if (!c.automaticInterval)
        cj["interval"] = number(c.intervalMinutes);
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

Project parseProjectJson(std::string_view text, const std::string &fileName, ProjectLoadInfo *info)
{
    Diagnostics diagnostics;
    Json root;
    try {
        DuplicateKeyFinder finder(fileName, diagnostics);
        root = Json::parse(text.begin(), text.end(), std::ref(finder));
    } catch (const Json::parse_error &e) {
        Diagnostics malformed;
        malformed.error(fileName, "", describeParseError(text, e));
        throw LoadError(std::move(malformed));
    }
    if (!root.is_object()) {
        diagnostics.error(fileName, "/", "expected a project object, found " + jsonTypeName(root));
        throw LoadError(std::move(diagnostics));
    }
    const int version = checkFormat(root, fileName, diagnostics);
    if (version < 0)
        throw LoadError(std::move(diagnostics));
    if (version < kProjectFormatVersion)
        upgradeProject(root, version);

    ProjectReader reader(fileName, diagnostics);
    Project project = reader.read(root);
    if (diagnostics.hasErrors())
        throw LoadError(std::move(diagnostics));
    if (info)
        info->fileVersion = version;
    return project;
}

Project loadProjectFile(const std::string &path, ProjectLoadInfo *info)
{
    auto fail = [&](const std::string &message) {
        Diagnostics diagnostics;
        diagnostics.error(path, "", message);
        throw LoadError(std::move(diagnostics));
    };
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec))
        fail("cannot open the project: it is a directory");
    std::FILE *file = std::fopen(path.c_str(), "rb");
    if (!file)
        fail(std::string("cannot open the project: ") + std::strerror(errno));
    std::string text;
    char buffer[65536];
    std::size_t n = 0;
    while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        text.append(buffer, n);
    const bool readError = std::ferror(file) != 0;
    const int readErrno = errno;
    std::fclose(file);
    if (readError)
        fail(std::string("cannot read the project: ") + std::strerror(readErrno));
    return parseProjectJson(text, path, info);
}

std::string projectToJson(const Project &project)
{
    OrderedJson o = OrderedJson::object();
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
    if (!project.planes.empty()) {
        OrderedJson planes = OrderedJson::array();
        for (const FabricPlane &plane : project.planes)
            planes.push_back(planeJson(plane));
        o["network"] = {{"planes", std::move(planes)}};
    }
    putObject(o, "storage", storageJson(project.storage));
    if (project.workload)
        o["workload"] = workloadJson(*project.workload);
    putObject(o, "reliability", reliabilityJson(project.reliability));
    putObject(o, "cost", costJson(project.cost));
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
