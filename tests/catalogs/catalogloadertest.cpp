// SPDX-License-Identifier: Apache-2.0
// The shipped catalog against its cited sources, and the loader's validation of bad input.

#include "catalogfixture.h"

#include "catalogs/catalogloader.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

using aidc::test::findError;
using aidc::test::ScratchCatalog;
using aidc::test::shippedCatalogDir;

namespace {

const aidc::Catalog &shipped()
{
    static const aidc::Catalog catalog = [] {
        aidc::Diagnostics diagnostics;
        aidc::Catalog c = aidc::loadCatalog(shippedCatalogDir(), diagnostics);
        if (diagnostics.hasErrors())
            throw aidc::LoadError(diagnostics);
        return c;
    }();
    return catalog;
}

// Loads a scratch catalog and returns its diagnostics.
aidc::Diagnostics loadDiagnostics(const ScratchCatalog &scratch)
{
    aidc::Diagnostics diagnostics;
    aidc::loadCatalog(scratch.dir(), diagnostics);
    return diagnostics;
}

} // namespace

TEST_CASE("the shipped catalog loads without any diagnostic", "[catalog]")
{
    aidc::Diagnostics diagnostics;
    const aidc::Catalog catalog = aidc::loadCatalog(shippedCatalogDir(), diagnostics);
    INFO(diagnostics.toString());
    CHECK(diagnostics.empty());

    // The parts the issue and the brief ask for, by their documented ids.
    for (const char *id : {"A100-SXM-80GB", "H100-SXM", "H800-SXM", "H200-SXM", "B200", "GB200",
                           "GB300", "MI300X", "MI325X", "Gaudi3", "Ascend-910B"}) {
        INFO(id);
        const aidc::Accelerator *gpu = catalog.accelerator(id);
        REQUIRE(gpu);
        // Every accelerator names a default server that carries it.
        const aidc::Server *server = catalog.server(gpu->defaultServer);
        REQUIRE(server);
        CHECK(server->accelerator == gpu->id);
    }
    for (const char *id : {"DGX-A100", "DGX-H100", "HGX-H100", "HGX-H200", "DGX-B200",
                           "GB200-NVL72", "GB300-NVL72", "MI300X-Platform", "Atlas-800T-A2"})
        CHECK(catalog.server(id));
    for (const char *id : {"QM9700", "Q3400", "SN5600", "TH5-64x800G", "SN4700-FE", "SN2201-OOB"})
        CHECK(catalog.switchModel(id));
    for (const char *id : {"Rack-42U-Air", "Rack-42U-Liquid", "Rack-42U-Network",
                           "Rack-48U-ORv3-Liquid", "Rack-NVL72"})
        CHECK(catalog.rackType(id));
    for (const char *id : {"CAT6-1G", "DAC-400G", "AEC-400G", "AOC-400G", "SR4-400G", "DR4-400G",
                           "FR4-400G", "LR4-400G", "ZR-400G", "SR8-800G", "DR8-800G"})
        CHECK(catalog.medium(id));
    for (const char *component : {"gpu", "hbm", "host", "nic", "transceiver", "cable", "switch",
                                  "psu", "cooling-loop", "cdu"})
        CHECK(catalog.failureRate(component));
    for (const char *key :
         {"facility/power-infra-per-MW/2N", "facility/cooling-per-MW/direct-liquid",
          "facility/building-shell-per-MW", "install/per-rack", "install/per-cable"})
        CHECK(catalog.price(key));
    CHECK(catalog.storageSystems.size() >= 1);
    CHECK(catalog.generators.size() >= 1);
}

TEST_CASE("shipped figures match their cited sources", "[catalog]")
{
    const aidc::Catalog &catalog = shipped();

    // H100 SXM: 989 dense BF16 TFLOP/s, 1979 FP8, 80 GB at 3.35 TB/s, 700 W
    // [ref:nvidia-h100-ds].
    const aidc::Accelerator *h100 = catalog.accelerator("H100-SXM");
    REQUIRE(h100);
    CHECK(h100->bf16Tflops == Approx(989));
    CHECK(h100->fp8Tflops == Approx(1979));
    CHECK(h100->hbmTBps == Approx(3.35));
    CHECK(h100->tdpW == Approx(700));
    CHECK(h100->sources.at("bf16Tflops").confidence == aidc::Confidence::Vendor);

    // Calculon's A100 GEMM table: >=128 GFLOP 0.95, >=16 0.9, >=1 0.6, else 0.1; NCCL bus
    // efficiencies 0.65 NVLink, 0.9 InfiniBand [ref:calculon-2023].
    const aidc::Accelerator *a100 = catalog.accelerator("A100-SXM-80GB");
    REQUIRE(a100);
    const std::vector<std::pair<double, double>> calculon = {
        {128, 0.95}, {16, 0.9}, {1, 0.6}, {0, 0.1}};
    CHECK(a100->gemmEfficiency == calculon);
    CHECK(a100->scaleUpBusEfficiency == Approx(0.65));
    CHECK(a100->scaleOutBusEfficiency == Approx(0.9));
    CHECK(a100->sources.at("gemmEfficiency").confidence == aidc::Confidence::Paper);
    CHECK(a100->sources.at("gemmEfficiency").source.find("calibrated default") !=
          std::string::npos);

    // DGX H100: 8U, 10.2 kW max, 130.45 kg, 6 PSUs (4+2), 8 x 400G via 4 twin-port OSFP
    // [ref:nvidia-dgx-h100-ug].
    const aidc::Server *dgx = catalog.server("DGX-H100");
    REQUIRE(dgx);
    CHECK(dgx->heightU == 8);
    CHECK(dgx->maxPowerW == Approx(10200));
    CHECK(dgx->massKg == Approx(130.45));
    CHECK(dgx->psus == 6);
    CHECK(dgx->psusRequired == 4);
    CHECK(dgx->backendPorts == 8);
    CHECK(dgx->backendPortGbps == Approx(400));
    CHECK(dgx->backendCages == 4);
    CHECK(dgx->sources.at("maxPowerW").confidence == aidc::Confidence::Vendor);
    // Non-GPU power 10.2 kW - 8 x 700 W = 4.6 kW, ~575 W per GPU: above the 400-500 W seed
    // [ref:zomi-100k-slides], as SemiAnalysis' accounting is [ref:semianalysis-articles].
    CHECK(dgx->nonGpuPowerW(*h100) == Approx(4600));

    // GB200 NVL72: 72 GPUs in one scale-up domain, ~120 kW, ~1.36 t, 600 x 1068 mm
    // [ref:nvidia-bcm-gb200].
    const aidc::Server *nvl72 = catalog.server("GB200-NVL72");
    REQUIRE(nvl72);
    CHECK(nvl72->gpus == 72);
    CHECK(nvl72->scaleUpDomain == 72);
    CHECK(nvl72->rackScale);
    CHECK(nvl72->maxPowerW == Approx(120000).epsilon(0.05));
    CHECK(nvl72->massKg == Approx(1360).epsilon(0.05));
    const aidc::RackType *nvlRack = catalog.rackType(nvl72->defaultRackType);
    REQUIRE(nvlRack);
    CHECK(nvlRack->widthMm == Approx(600));
    CHECK(nvlRack->depthMm == Approx(1068));
    CHECK(nvlRack->liquidCooled);

    // QM9700: 64 x 400G NDR in 32 twin-port OSFP cages, 1U, ~747 W with DAC
    // [ref:nvidia-qm9700-um; ref:zomi-100k-slides].
    const aidc::SwitchModel *qm9700 = catalog.switchModel("QM9700");
    REQUIRE(qm9700);
    CHECK(qm9700->technology == "infiniband");
    CHECK(qm9700->radix == 64);
    CHECK(qm9700->portGbps == Approx(400));
    CHECK(qm9700->portsPerCage == 2);
    CHECK(qm9700->heightU == 1);
    CHECK(qm9700->basePowerW == Approx(747));

    // Generator: 2.5 MW with 0.7 usable after derating (60-75% [U]).
    REQUIRE(!catalog.generators.empty());
    CHECK(catalog.generators.front().ratingMW == Approx(2.5));
    CHECK(catalog.generators.front().usableFraction == Approx(0.7));

    // Water-cooled chiller COP ~6-7; cooling tower 0.2 kW/ton = 0.2 / 3.517 W per W
    // [ref:bac-free-cooling].
    const aidc::CoolingUnit *chiller = catalog.coolingUnit("Chiller-WaterCooled-1000RT");
    REQUIRE(chiller);
    CHECK(chiller->cop >= 6.0);
    CHECK(chiller->cop <= 7.0);
    const aidc::CoolingUnit *tower = catalog.coolingUnit("CoolingTower");
    REQUIRE(tower);
    CHECK(tower->powerFraction == Approx(0.2 / 3.517).epsilon(0.01));

    // Prices: H100 $25-30k [U]; DGX H100 ~$270k [A] [ref:semianalysis-articles]; NDR switch
    // $36-50k [S] [ref:fs-com-store]; NVL72 $2-3M [U].
    CHECK(catalog.price("H100-SXM")->unitUsd >= 25000);
    CHECK(catalog.price("H100-SXM")->unitUsd <= 30000);
    CHECK(catalog.price("DGX-H100")->unitUsd == Approx(270000));
    CHECK(catalog.price("DGX-H100")->source.confidence == aidc::Confidence::Analyst);
    CHECK(catalog.price("QM9700")->unitUsd >= 36000);
    CHECK(catalog.price("QM9700")->unitUsd <= 50000);
    CHECK(catalog.price("GB200-NVL72")->unitUsd >= 2.0e6);
    CHECK(catalog.price("GB200-NVL72")->unitUsd <= 3.0e6);
    // Construction ~$10M+ per MW of critical load, excluding IT [A] [ref:cushman-wakefield-2025].
    const double perMw = catalog.price("facility/power-infra-per-MW/2N")->unitUsd +
                         catalog.price("facility/cooling-per-MW/direct-liquid")->unitUsd +
                         catalog.price("facility/building-shell-per-MW")->unitUsd;
    CHECK(perMw >= 1.0e7);
    CHECK(perMw <= 1.5e7);
}

TEST_CASE("the media ladder follows the cited order and price ladder", "[catalog]")
{
    const aidc::Catalog &catalog = shipped();
    // Within a speed the reach never shrinks down the ladder, so "first medium that reaches"
    // is also the cheapest one.
    for (double gbps : {1.0, 200.0, 400.0, 800.0}) {
        double reach = 0;
        int count = 0;
        for (const aidc::Medium &m : catalog.media) {
            if (m.gbps != gbps)
                continue;
            INFO(m.id);
            CHECK(m.reachM >= reach);
            reach = m.reachM;
            ++count;
        }
        CHECK(count >= 2);
    }
    // [ref:zomi-100k-slides]: DAC < 3 m, multimode ~50 m, DR 500 m, FR 2 km, LR 10 km; SR = 1,
    // single-mode ~2.5x, coherent >= 10x.
    CHECK(catalog.medium("DAC-400G")->reachM <= 3);
    CHECK(catalog.medium("SR4-400G")->reachM == Approx(50));
    CHECK(catalog.medium("DR4-400G")->reachM == Approx(500));
    CHECK(catalog.medium("FR4-400G")->reachM == Approx(2000));
    CHECK(catalog.medium("LR4-400G")->reachM == Approx(10000));
    CHECK(catalog.medium("SR4-400G")->relativePrice == Approx(1.0));
    CHECK(catalog.medium("DR4-400G")->relativePrice == Approx(2.5));
    CHECK(catalog.medium("ZR-400G")->relativePrice >= 10.0);
    const std::vector<double> dacStock = {0.5, 1, 1.5, 2, 2.5, 3};
    CHECK(catalog.medium("DAC-400G")->stockLengthsM == dacStock);
    const std::vector<double> jumperStock = {1, 2, 3, 5, 7, 10, 15, 20, 30, 50, 100};
    CHECK(catalog.medium("SR4-400G")->stockLengthsM == jumperStock);
    CHECK(catalog.medium("SR4-400G")->linksPerModule == 2); // twin-port OSFP [fabric.md §7]
    CHECK(catalog.medium("SR4-400G")->needsTransceivers);
    CHECK_FALSE(catalog.medium("AOC-400G")->needsTransceivers);
    CHECK(catalog.medium("DAC-400G")->sources.at("diameterMm").confidence ==
          aidc::Confidence::Unverified);
}

TEST_CASE("power stages: efficiency curves and the IT boundary", "[catalog]")
{
    const aidc::Catalog &catalog = shipped();
    for (const char *stage :
         {"switchgear", "transformer", "ups", "pdu", "rack-conversion", "board"}) {
        INFO(stage);
        bool found = false;
        for (const aidc::PowerStage &s : catalog.powerStages) {
            if (s.stage != stage)
                continue;
            found = true;
            // PSU onward is inside metered IT power (the model's boundary).
            const bool inside = s.stage == "rack-conversion" || s.stage == "board";
            CHECK(s.insideItBoundary == inside);
        }
        CHECK(found);
    }
    for (const char *variant : {"12V", "48V", "800VDC"}) {
        CHECK(catalog.powerStage("rack-conversion", variant));
        CHECK(catalog.powerStage("board", variant));
    }
    // Double-conversion UPS 94-97% at normal load, lower at 25% [ref:schneider-wp157].
    const aidc::PowerStage *ups = catalog.powerStage("ups", "double-conversion");
    REQUIRE(ups);
    CHECK(ups->efficiency.at(0.5) >= 0.94);
    CHECK(ups->efficiency.at(0.5) <= 0.97);
    CHECK(ups->efficiency.at(0.25) < ups->efficiency.at(0.5));
    // The 12 V rack stage is the PSU alone, at the 80 PLUS Titanium minimums (230 V redundant:
    // 90/94/96/91% at 10/20/50/100% load) [ref:80plus]. The 12 V busbar I2R loss is
    // not in the curve: the power solver adds it from the rack current, and its tests check
    // that 48 V loses less than 12 V end to end (tests/solvers/power).
    const aidc::PowerStage *psu12 = catalog.powerStage("rack-conversion", "12V");
    REQUIRE(psu12);
    CHECK(psu12->efficiency.at(0.1) == Approx(0.90));
    CHECK(psu12->efficiency.at(0.2) == Approx(0.94));
    CHECK(psu12->efficiency.at(0.5) == Approx(0.96));
    CHECK(psu12->efficiency.at(1.0) == Approx(0.91));
}

TEST_CASE("EfficiencyCurve interpolates linearly and holds its ends", "[catalog]")
{
    aidc::EfficiencyCurve curve;
    curve.points = {{0.25, 0.90}, {0.5, 0.95}, {1.0, 0.97}};
    CHECK(curve.at(0.1) == Approx(0.90)); // held below the first point
    CHECK(curve.at(0.25) == Approx(0.90));
    CHECK(curve.at(0.375) == Approx(0.925)); // halfway between 0.90 and 0.95
    CHECK(curve.at(0.75) == Approx(0.96));   // halfway between 0.95 and 0.97
    CHECK(curve.at(1.3) == Approx(0.97));    // held above the last point
    CHECK(aidc::EfficiencyCurve{}.at(0.5) == Approx(1.0));
}

TEST_CASE("SwitchModel::radixAt counts native and breakout ports", "[catalog]")
{
    const aidc::SwitchModel *qm9700 = shipped().switchModel("QM9700");
    REQUIRE(qm9700);
    CHECK(qm9700->radixAt(400) == 64);
    CHECK(qm9700->radixAt(200) == 128); // NDR200: 2 x 200G per port
    CHECK(qm9700->radixAt(100) == 0);   // beyond its 2-way breakout
    CHECK(qm9700->radixAt(800) == 0);
    CHECK(qm9700->radixAt(300) == 0);
    const aidc::SwitchModel *sn5600 = shipped().switchModel("SN5600");
    REQUIRE(sn5600);
    CHECK(sn5600->radixAt(200) == 256); // 51.2T as 256 x 200G [ref:nvidia-sn5600-um]
}

TEST_CASE("every numeric figure of every part carries a source", "[catalog]")
{
    const aidc::Catalog &catalog = shipped();
    // Numeric fields per kind that every entry must give: the catalog has no hidden defaults.
    const std::map<std::string, std::set<std::string>> required = {
        {"accelerators",
         {"bf16Tflops", "fp8Tflops", "hbmGB", "hbmTBps", "scaleUpGBpsPerDirection", "scaleUpDomain",
          "nicGbps", "tdpW", "gemmEfficiency", "attentionEfficiency", "fp8GemmEfficiency",
          "memoryEfficiency", "scaleUpBusEfficiency", "scaleOutBusEfficiency"}},
        {"servers",
         {"gpus", "scaleUpDomain", "heightU", "maxPowerW", "massKg", "backendPorts",
          "backendPortGbps", "backendCages", "frontendPorts", "frontendPortGbps", "storagePorts",
          "storagePortGbps", "oobPorts", "psus", "psusRequired", "defaultServersPerRack"}},
        {"racks",
         {"heightU", "widthMm", "depthMm", "maxPowerKW", "staticLoadKg", "emptyMassKg", "feet"}},
        {"switches",
         {"radix", "portGbps", "maxBreakout", "portsPerCage", "basePowerW", "heightU", "massKg"}},
        {"media",
         {"gbps", "reachM", "powerWPerEnd", "linksPerModule", "stockLengthsM", "diameterMm",
          "massKgPerM", "relativePrice"}},
        {"power", {"efficiency"}},
        {"cooling", {"capacityKW", "cop", "powerFraction"}},
        {"storage",
         {"capacityPBPerNode", "writeGBpsPerNode", "readGBpsPerNode", "powerWPerNode", "heightU",
          "massKg", "networkPorts", "portGbps"}},
        {"appliances", {"ports", "powerW", "heightU", "massKg"}},
        {"failures", {"failuresPerYear", "repairHours"}},
    };
    auto sourcesOf = [&](const std::string &kind,
                         const std::string &id) -> const aidc::FigureSources * {
        if (kind == "accelerators")
            return catalog.accelerator(id) ? &catalog.accelerator(id)->sources : nullptr;
        if (kind == "servers")
            return catalog.server(id) ? &catalog.server(id)->sources : nullptr;
        if (kind == "racks")
            return catalog.rackType(id) ? &catalog.rackType(id)->sources : nullptr;
        if (kind == "switches")
            return catalog.switchModel(id) ? &catalog.switchModel(id)->sources : nullptr;
        if (kind == "media")
            return catalog.medium(id) ? &catalog.medium(id)->sources : nullptr;
        if (kind == "power")
            return catalog.powerStageById(id) ? &catalog.powerStageById(id)->sources : nullptr;
        if (kind == "cooling")
            return catalog.coolingUnit(id) ? &catalog.coolingUnit(id)->sources : nullptr;
        if (kind == "storage")
            return catalog.storageSystem(id) ? &catalog.storageSystem(id)->sources : nullptr;
        if (kind == "appliances")
            return catalog.appliance(id) ? &catalog.appliance(id)->sources : nullptr;
        if (kind == "failures")
            return catalog.failureRate(id) ? &catalog.failureRate(id)->sources : nullptr;
        return nullptr;
    };

    // Read the files independently of the loader: every numeric value (or list of numbers) in
    // an entry must come back with a non-empty source.
    int figures = 0;
    for (const auto &entry : std::filesystem::directory_iterator(shippedCatalogDir())) {
        const nlohmann::json file =
            nlohmann::json::parse(aidc::test::readText(entry.path().string()));
        const std::string kind = file.at("kind");
        INFO(entry.path().filename().string());
        for (const nlohmann::json &item : file.at("items")) {
            if (kind == "prices") {
                const aidc::Price *price = catalog.price(item.at("part"));
                REQUIRE(price);
                CHECK_FALSE(price->source.source.empty());
                CHECK_FALSE(price->date.empty());
                ++figures;
                continue;
            }
            const std::string id = item.contains("id") ? item.at("id") : item.at("componentClass");
            INFO(id);
            const aidc::FigureSources *sources = sourcesOf(kind, id);
            REQUIRE(sources);
            std::set<std::string> numeric;
            for (auto it = item.begin(); it != item.end(); ++it) {
                // a list of names (a medium's technologies) is not a figure
                const bool names = it->is_array() && !it->empty() && it->front().is_string();
                if (it->is_number() || (it->is_array() && !names))
                    numeric.insert(it.key());
            }
            // Optional figures a part may carry besides the required ones.
            static const std::set<std::string> optional = {"uplinkPorts", "uplinkGbps", "nodes",
                                                           "leadTimeWeeks"};
            std::set<std::string> requiredHere;
            for (const std::string &key : numeric)
                if (!optional.count(key))
                    requiredHere.insert(key);
            CHECK(requiredHere == required.at(kind));
            for (const std::string &key : numeric) {
                INFO(key);
                auto source = sources->find(key);
                REQUIRE(source != sources->end());
                CHECK(source->second.source.size() > 3);
                ++figures;
            }
        }
        if (kind == "power") {
            for (const nlohmann::json &item : file.at("generators")) {
                const aidc::Generator *generator = catalog.generator(item.at("id"));
                REQUIRE(generator);
                CHECK(generator->sources.count("ratingMW") == 1);
                CHECK(generator->sources.count("usableFraction") == 1);
            }
        }
    }
    CHECK(figures > 500);
}

// ---------------------------------------------------------------- bad input

TEST_CASE("malformed JSON names the file, line and column", "[catalog][bad-input]")
{
    ScratchCatalog scratch;
    scratch.writeText("accelerators.json",
                      "{\n    \"schema\": \"aidc-catalog\",\n    \"version\": 1,\n    oops\n}\n");
    const aidc::Diagnostics d = loadDiagnostics(scratch);
    INFO(d.toString());
    CHECK(
        findError(d, scratch.file("accelerators.json"), "", "malformed JSON at line 4, column 5"));
}

TEST_CASE("each bad figure gives an error naming the file and JSON pointer", "[catalog][bad-input]")
{
    struct Case
    {
        const char *name;
        const char *file;
        std::function<void(nlohmann::json &)> edit;
        const char *path;
        const char *message;
    };
    const std::vector<Case> cases = {
        {"wrong type", "accelerators.json",
         [](nlohmann::json &j) { j["items"][1]["tdpW"] = "700"; }, "/items/1/tdpW",
         "expected a number, found a string"},
        {"unknown key", "accelerators.json",
         [](nlohmann::json &j) { j["items"][0]["tdpWatts"] = 700; }, "/items/0/tdpWatts",
         "unknown key 'tdpWatts'"},
        {"missing field", "servers.json", [](nlohmann::json &j) { j["items"][0].erase("massKg"); },
         "/items/0/massKg", "missing required field"},
        {"unknown appliance role", "appliances.json",
         [](nlohmann::json &j) { j["items"][0]["role"] = "subnet-manager"; }, "/items/0/role",
         "unknown value 'subnet-manager' (expected one of: fabric-manager)"},
        {"appliance without ports", "appliances.json",
         [](nlohmann::json &j) { j["items"][0]["ports"] = 0; }, "/items/0/ports", "out of range"},
        {"unknown accelerator", "servers.json",
         [](nlohmann::json &j) { j["items"][1]["accelerator"] = "H900"; }, "/items/1/accelerator",
         "unknown accelerator 'H900' (known: A100-SXM-80GB, H100-SXM"},
        {"unknown default server", "accelerators.json",
         [](nlohmann::json &j) { j["items"][1]["defaultServer"] = "DGX-H900"; },
         "/items/1/defaultServer", "unknown server 'DGX-H900'"},
        {"unknown rack type", "servers.json",
         [](nlohmann::json &j) { j["items"][1]["defaultRackType"] = "Rack-99U"; },
         "/items/1/defaultRackType", "unknown rack type 'Rack-99U'"},
        {"efficiency above 1", "power.json",
         [](nlohmann::json &j) { j["items"][1]["efficiency"][1][1] = 1.2; },
         "/items/1/efficiency/1/1", "out of range"},
        {"efficiency of 0", "accelerators.json",
         [](nlohmann::json &j) { j["items"][0]["memoryEfficiency"] = 0; },
         "/items/0/memoryEfficiency", "must be greater than 0"},
        {"curve out of order", "power.json",
         [](nlohmann::json &j) { j["items"][1]["efficiency"][1][0] = 0.1; },
         "/items/1/efficiency/1/0", "ascending order"},
        {"GEMM table without a 0 row", "accelerators.json",
         [](nlohmann::json &j) { j["items"][0]["gemmEfficiency"].erase(3); },
         "/items/0/gemmEfficiency", "the last row must start at 0 GFLOP"},
        {"negative price", "prices.json", [](nlohmann::json &j) { j["items"][0]["unitUsd"] = -5; },
         "/items/0/unitUsd", "must be at least 0"},
        {"price of an unknown part", "prices.json",
         [](nlohmann::json &j) { j["items"][0]["part"] = "H900"; }, "/items/0/part",
         "price for unknown part 'H900'"},
        {"bad price date", "prices.json",
         [](nlohmann::json &j) { j["items"][0]["date"] = "June 2025"; }, "/items/0/date",
         "ISO date"},
        {"absurd power", "accelerators.json",
         [](nlohmann::json &j) { j["items"][1]["tdpW"] = 7.0e5; }, "/items/1/tdpW", "out of range"},
        {"negative mass", "servers.json", [](nlohmann::json &j) { j["items"][1]["massKg"] = -130; },
         "/items/1/massKg", "out of range"},
        {"server below its GPUs' TDP", "servers.json",
         [](nlohmann::json &j) { j["items"][1]["maxPowerW"] = 5000; }, "/items/1/maxPowerW",
         "below its GPUs' TDP"},
        {"wrong schema", "media.json", [](nlohmann::json &j) { j["schema"] = "aidc-project"; },
         "/schema", "not a catalog file"},
        {"newer version", "media.json", [](nlohmann::json &j) { j["version"] = 2; }, "/version",
         "newer than this program reads"},
        {"unknown kind", "media.json", [](nlohmann::json &j) { j["kind"] = "cables"; }, "/kind",
         "unknown catalog kind 'cables'"},
        {"unknown medium kind", "media.json",
         [](nlohmann::json &j) { j["items"][2]["kind"] = "copper"; }, "/items/2/kind",
         "unknown value 'copper'"},
        {"duplicate id", "accelerators.json",
         [](nlohmann::json &j) { j["items"].push_back(j["items"][1]); }, "/items/11/id",
         "duplicate id 'H100-SXM'"},
        // Files are read in name order, so the later one (switches.json) is reported.
        {"id shared across kinds", "racks.json",
         [](nlohmann::json &j) {
             nlohmann::json copy = j["items"][0];
             copy["id"] = "QM9700";
             j["items"].push_back(copy);
         },
         "", ""},
        {"source without a confidence tag", "switches.json",
         [](nlohmann::json &j) { j["items"][0]["source"] = "NVIDIA manual"; }, "/items/0/source",
         "must start with a confidence tag"},
        {"missing source", "switches.json",
         [](nlohmann::json &j) { j["items"][0].erase("source"); }, "/items/0/source",
         "missing required field"},
        {"source for an unknown field", "switches.json",
         [](nlohmann::json &j) { j["items"][0]["sources"]["basePowerWatts"] = "[V] manual"; },
         "/items/0/sources/basePowerWatts", "source for unknown or non-numeric field"},
        {"chiller without COP", "cooling.json", [](nlohmann::json &j) { j["items"][3]["cop"] = 0; },
         "/items/3/cop", "a chiller needs a COP"},
        {"servers that do not fit their rack", "servers.json",
         [](nlohmann::json &j) { j["items"][1]["defaultServersPerRack"] = 8; },
         "/items/1/defaultServersPerRack", "does not fit"},
        {"backend ports that do not split over the nodes", "servers.json",
         [](nlohmann::json &j) { j["items"][1]["nodes"] = 3; }, "/items/1/nodes",
         "do not split evenly over 3 nodes"},
        {"a server of no nodes", "servers.json",
         [](nlohmann::json &j) { j["items"][1]["nodes"] = 0; }, "/items/1/nodes", "out of range"},
    };
    for (const Case &c : cases) {
        SECTION(c.name)
        {
            ScratchCatalog scratch;
            nlohmann::json j = scratch.json(c.file);
            c.edit(j);
            scratch.write(c.file, j);
            const aidc::Diagnostics d = loadDiagnostics(scratch);
            INFO(d.toString());
            if (std::string(c.path).empty())
                CHECK(findError(d, scratch.file("switches.json"), "/items/0/id",
                                "id 'QM9700' is also used by a part in racks"));
            else
                CHECK(findError(d, scratch.file(c.file), c.path, c.message));
        }
    }
}

TEST_CASE("a missing catalog file or directory is reported", "[catalog][bad-input]")
{
    ScratchCatalog scratch;
    scratch.remove("storage.json");
    const aidc::Diagnostics d = loadDiagnostics(scratch);
    CHECK(findError(d, scratch.dir(), "", "no catalog file of kind 'storage'"));

    // Appliances are optional: a catalog written before the kind existed still loads, and the
    // fabric then keeps its fabric-manager ports free.
    ScratchCatalog older;
    older.remove("appliances.json");
    nlohmann::json prices = older.json("prices.json");
    auto &items = prices["items"];
    items.erase(
        std::remove_if(items.begin(), items.end(),
                       [](const nlohmann::json &p) { return p["part"] == "UFM-Appliance"; }),
        items.end());
    older.write("prices.json", prices);
    aidc::Diagnostics d2;
    const aidc::Catalog loaded = aidc::loadCatalog(older.dir(), d2);
    INFO(d2.toString());
    CHECK_FALSE(d2.hasErrors());
    CHECK(loaded.appliances.empty());
    CHECK(loaded.applianceFor("fabric-manager", "infiniband") == nullptr);

    aidc::Diagnostics missing;
    aidc::loadCatalog(scratch.dir() + "/nowhere", missing);
    CHECK(findError(missing, scratch.dir() + "/nowhere", "", "catalog directory not found"));
}

TEST_CASE("a user file may add parts of a kind next to the shipped file", "[catalog]")
{
    ScratchCatalog scratch;
    nlohmann::json extra = scratch.json("switches.json");
    nlohmann::json item = extra["items"][0];
    item["id"] = "QM9790";
    item["name"] = "NVIDIA QM9790 (unmanaged QM9700)";
    extra["items"] = nlohmann::json::array({item});
    scratch.write("zz-site-switches.json", extra);
    aidc::Diagnostics d;
    const aidc::Catalog catalog = aidc::loadCatalog(scratch.dir(), d);
    INFO(d.toString());
    CHECK_FALSE(d.hasErrors());
    REQUIRE(catalog.switchModel("QM9790"));
    CHECK(catalog.switchModel("QM9790")->radix == 64);
    CHECK(catalog.switchModel("QM9700"));
}

TEST_CASE("an accelerator's default server must carry it", "[catalog][bad-input]")
{
    ScratchCatalog scratch;
    nlohmann::json j = scratch.json("accelerators.json");
    j["items"][4]["defaultServer"] = "DGX-H100"; // B200 -> a server that carries H100-SXM
    scratch.write("accelerators.json", j);
    const aidc::Diagnostics d = loadDiagnostics(scratch);
    INFO(d.toString());
    CHECK(findError(d, scratch.file("accelerators.json"), "/items/4/defaultServer",
                    "default server 'DGX-H100' carries 'H100-SXM', not 'B200'"));
}

TEST_CASE("parseFigureSource reads the confidence tag", "[catalog]")
{
    aidc::FigureSource source;
    REQUIRE(aidc::parseFigureSource("[A] SemiAnalysis 2023", source));
    CHECK(source.confidence == aidc::Confidence::Analyst);
    CHECK(source.source == "SemiAnalysis 2023");
    CHECK(std::string(aidc::confidenceTag(source.confidence)) == "A");
    CHECK_FALSE(aidc::parseFigureSource("SemiAnalysis", source));
    CHECK_FALSE(aidc::parseFigureSource("[X] nobody", source));
    CHECK_FALSE(aidc::parseFigureSource("[V]", source));
}

TEST_CASE("findCatalogDirectory prefers AIDC_CATALOG_DIR, then the source tree", "[catalog]")
{
    ::setenv("AIDC_CATALOG_DIR", "/tmp/some-catalog", 1);
    CHECK(aidc::findCatalogDirectory("/usr/bin/aidc") == "/tmp/some-catalog");
    ::unsetenv("AIDC_CATALOG_DIR");
    // No installed tree next to this fake executable: fall back to the source tree.
    CHECK(aidc::findCatalogDirectory("/nonexistent/bin/aidc") == shippedCatalogDir());

    // An installed layout <prefix>/bin + <prefix>/share/aidc-planner/catalogs wins.
    ScratchCatalog scratch;
    const std::filesystem::path prefix = std::filesystem::path(scratch.dir()) / "prefix";
    std::filesystem::create_directories(prefix / "bin");
    std::filesystem::create_directories(prefix / "share/aidc-planner/catalogs");
    std::filesystem::copy_file(scratch.file("accelerators.json"),
                               prefix / "share/aidc-planner/catalogs/accelerators.json");
    CHECK(aidc::findCatalogDirectory((prefix / "bin/aidc").string()) ==
          std::filesystem::weakly_canonical(prefix / "share/aidc-planner/catalogs").string());
}
