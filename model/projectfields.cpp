// SPDX-License-Identifier: Apache-2.0
#include "projectfields.h"

#include "enumnames.h"
#include "project.h"
#include "projectupgrade.h"
#include "softwarestack.h"
#include "workload.h"

#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

namespace aidc {

namespace {

using T = FieldType;
using D = Dimension;
using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;

// Chainable builder of one table entry.
class F
{
public:
    F(const char *pointer, FieldType type)
    {
        m_field.pointer = pointer;
        m_field.type = type;
    }
    F &unit(const char *symbol, Dimension dimension)
    {
        m_field.unit = symbol;
        m_field.dimension = dimension;
        return *this;
    }
    F &dim(Dimension dimension)
    {
        m_field.dimension = dimension;
        return *this;
    }
    F &def(Json value)
    {
        m_field.defaultValue = std::move(value);
        return *this;
    }
    F &defText(const char *text)
    {
        m_field.defaultText = text;
        return *this;
    }
    F &required()
    {
        m_field.required = true;
        return *this;
    }
    F &range(double lo, double hi)
    {
        m_field.minimum = lo;
        m_field.maximum = hi;
        return *this;
    }
    F &above(double lo, double hi) // lo < x <= hi
    {
        range(lo, hi);
        m_field.minimumExclusive = true;
        return *this;
    }
    F &note(const char *text)
    {
        m_field.rangeNote = text;
        return *this;
    }
    F &names(const std::vector<std::string> &names, std::optional<std::string> defaultValue)
    {
        m_field.enumNames = names;
        if (defaultValue)
            m_field.defaultValue = *defaultValue;
        return *this;
    }
    template<typename E> F &names(const EnumNames<E> &names, std::optional<E> defaultValue)
    {
        for (const auto &[name, value] : names)
            m_field.enumNames.emplace_back(name);
        if (defaultValue)
            m_field.defaultValue = enumName(names, *defaultValue);
        return *this;
    }
    F &items(std::size_t count)
    {
        m_field.items = count;
        return *this;
    }
    F &desc(const char *text)
    {
        m_field.description = text;
        return *this;
    }
    F &since(int version)
    {
        m_field.sinceVersion = version;
        return *this;
    }
    F &stages(unsigned bits)
    {
        m_field.stages = bits;
        return *this;
    }
    F &design()
    {
        m_field.designVariable = true;
        return *this;
    }
    operator ProjectField() const { return m_field; }

private:
    ProjectField m_field;
};

// A default that is a number in the struct: the struct's initializer is the owner.
Json num(double value)
{
    if (std::isfinite(value) && std::floor(value) == value && std::abs(value) < 9e15)
        return static_cast<long long>(value);
    return value;
}

using namespace stage;

std::vector<std::string> stackPresetNames()
{
    std::vector<std::string> names;
    for (const StackPreset &preset : stackPresets())
        names.push_back(preset.name);
    return names;
}

std::vector<ProjectField> buildTable()
{
    const Site site;
    const Hall hall;
    const Row row;
    const RackSlot rack;
    const PowerDesign power;
    const CoolingDesign cooling;
    const FabricPlane plane;
    const CablingDesign cabling;
    const StorageDesign storage;
    const Workload workload;
    const ModelArchitecture model;
    const MoeSpec moe;
    const CheckpointPolicy checkpoint;
    const ReliabilitySettings reliability;
    const CostSettings cost;
    const UncertaintySettings uncertainty;
    constexpr unsigned Facility = Power | Cost;

    return {
        // ------------------------------------------------------------------ top level
        F("/$schema", T::String)
            .desc("Location of this file's JSON Schema, for editors that complete and validate "
                  "it (e.g. \"../docs/schema/aidc-project.schema.json\"); ignored by the loader."),
        F("/schema", T::String)
            .required()
            .desc("Always \"aidc-project\"; anything else is refused (\"not an AIDC Planner "
                  "project\")."),
        F("/version", T::Integer)
            .required()
            .range(0, kProjectFormatVersion)
            .desc("Format version. Older versions are upgraded on load; newer ones are refused."),
        F("/name", T::String).def("").desc("Project name shown in reports and the GUI title."),
        F("/description", T::String)
            .def("")
            .desc("Free text: what the design is and where its "
                  "figures come from."),
        F("/site", T::Object).desc("Site: location, tariffs, climate."),
        F("/halls", T::Array)
            .def(Json::array())
            .stages(Layout | Fabric | Power)
            .desc("Halls (rooms). Empty: the layout solver sizes one hall."),
        F("/halls/*", T::Object).desc("One hall."),
        F("/power", T::Object).desc("Power design (L1)."),
        F("/cooling", T::Object).desc("Cooling design (L1)."),
        F("/compute", T::Object).required().desc("Compute pools (L2)."),
        F("/network", T::Object).desc("Fabric planes (L2)."),
        F("/storage", T::Object).desc("Storage (L2)."),
        F("/workload", T::Object)
            .defText("none")
            .stages(Performance | Reliability | Cost)
            .desc("The training run the site is planned for (L3). Without it, performance and "
                  "reliability are not evaluated."),
        F("/reliability", T::Object).desc("Reliability settings."),
        F("/cost", T::Object).desc("Cost settings."),
        F("/uncertainty", T::Object)
            .since(2)
            .desc("Relative ranges of the assumptions per confidence class (`aidc assumptions`, "
                  "`aidc sensitivity`)."),
        F("/acknowledgedWarnings", T::Array)
            .def(Json::array())
            .since(2)
            .desc("Warnings the design accepts on purpose, each with its reason; they are still "
                  "reported, marked acknowledged, and --strict does not count them."),
        F("/acknowledgedWarnings/*", T::Object).desc("One acknowledged warning."),
        F("/acknowledgedWarnings/*/path", T::String)
            .required()
            .note("a JSON pointer")
            .desc("The warning's JSON pointer, exactly as the report prints it."),
        F("/acknowledgedWarnings/*/contains", T::String)
            .required()
            .note("not empty")
            .desc("Text the warning's message contains; another warning at the same path stays "
                  "unacknowledged."),
        F("/acknowledgedWarnings/*/reason", T::String)
            .required()
            .note("not empty")
            .desc("Why the design accepts the warning; printed with it."),
        F("/catalogOverrides", T::AnyObject)
            .stages(Catalog | All)
            .desc("Entries merged over the part catalog (docs/catalog-format.md, \"Overriding "
                  "from a project\"); kept as text here and validated by the catalog loader."),

        // ------------------------------------------------------------------ site
        F("/site/name", T::String).def("").desc("Site name or location."),
        F("/site/electricityUsdPerKWh", T::Number)
            .unit("USD/kWh", D::MoneyPerEnergy)
            .def(num(site.electricityUsdPerKWh))
            .range(0, 10)
            // The fabric ranks media by life-cycle cost (energy at this tariff).
            .stages(Fabric | Power | Cost)
            .design()
            .desc("Energy tariff."),
        F("/site/demandChargeUsdPerKWMonth", T::Number)
            .unit("USD/(kW·month)", D::MoneyPerPowerMonth)
            .def(num(site.demandChargeUsdPerKWMonth))
            .range(0, 1000)
            .stages(Power | Cost)
            .desc("Demand charge on peak power."),
        F("/site/gridCo2KgPerKWh", T::Number)
            .unit("kg CO2/kWh", D::EmissionPerEnergy)
            .def(num(site.gridCo2KgPerKWh))
            .range(0, 2)
            .stages(Power)
            .desc("Grid carbon intensity (US average [ref:eia-co2])."),
        F("/site/utilityFeedMW", T::Number)
            .unit("MW", D::Power)
            .defText("none (unknown)")
            .above(0, 100000)
            .stages(Power)
            .desc("Contracted grid capacity, if known."),
        F("/site/rampLimitMWPerS", T::Number)
            .unit("MW/s", D::PowerRamp)
            .defText("none (no limit checked)")
            .above(0, 100000)
            .stages(Power | Reliability)
            .desc("Utility's ramp-rate limit at the meter, up and down; the training load "
                  "profile is checked against it (docs/load-profile.md)."),
        F("/site/designDryBulbC", T::Number)
            .unit("°C", D::Temperature)
            .defText("none (the hottest monthly mean + 9 K)")
            .range(-60, 60)
            .note("with designWetBulbC")
            .stages(Power)
            .desc("Cooling design dry-bulb temperature of the site (e.g. ASHRAE 0.4 % or "
                  "n-year extreme, with its source); the peak plant power is taken at it."),
        F("/site/designWetBulbC", T::Number)
            .unit("°C", D::Temperature)
            .defText("none (the hottest monthly mean + 4 K)")
            .range(-60, 60)
            .note("with designDryBulbC, ≤ it")
            .stages(Power)
            .desc("Cooling design wet-bulb temperature (coincident or extreme), for towers and "
                  "chiller condensers."),
        F("/site/designConditionsSource", T::String)
            .def("")
            .stages(Power)
            .desc("Where the design dry and wet bulb come from (e.g. \"ASHRAE 2021, 0.4 % cooling "
                  "DB / evaporation WB, WMO 725315\"); shown with the peak in the results and "
                  "the report."),
        F("/site/renewableFraction", T::Number)
            .unit("", D::Ratio)
            .def(num(site.renewableFraction))
            .range(0, 1)
            .stages(Power | Cost)
            .desc("Share of the facility's energy bought as renewable: the renewable energy "
                  "factor (REF), and that share taken out of the grid CO2."),
        F("/site/startDate", T::String)
            .defText("none")
            .note("YYYY-MM-DD; required with utilitySteps")
            .stages(Power)
            .desc("Date the design runs at its full load: the power supply is checked from it on."),
        F("/site/utilitySteps", T::Array)
            .def(Json::array())
            .stages(Power)
            .desc("Utility capacity by date, in date order, each on or after startDate; from "
                  "startDate to the first step the grid supplies nothing."),
        F("/site/utilitySteps/*", T::Object).desc("Grid capacity from a date on."),
        F("/site/utilitySteps/*/date", T::String)
            .required()
            .note("YYYY-MM-DD, after the previous step")
            .desc("From this date."),
        F("/site/utilitySteps/*/utilityMW", T::Number)
            .unit("MW", D::Power)
            .required()
            .range(0, 100000)
            .desc("Grid capacity from this date on."),
        F("/site/generation", T::Array)
            .def(Json::array())
            .stages(Power)
            .desc("On-site generation: prime and bridge units count as supply while they run; "
                  "backup units do not."),
        F("/site/generation/*", T::Object).desc("A block of identical generating units."),
        F("/site/generation/*/name", T::String).def("").desc("Name in the report."),
        F("/site/generation/*/type", T::String)
            .def("")
            .desc("Kind of unit (gas-turbine, recip-engine, fuel-cell, ...); free text."),
        F("/site/generation/*/ratingMW", T::Number)
            .unit("MW", D::Power)
            .required()
            .above(0, 10000)
            .desc("Net rating of one unit."),
        F("/site/generation/*/units", T::Integer)
            .def(1)
            .range(1, 10000)
            .desc("Units of this block."),
        F("/site/generation/*/role", T::Enum)
            .names(generationRoleNames(), std::optional(GenerationRole::Bridge))
            .desc("prime, bridge (until the grid comes) or backup (not counted as supply)."),
        F("/site/generation/*/from", T::String)
            .def("")
            .note("YYYY-MM-DD")
            .desc("First day it runs (\"\" = from startDate)."),
        F("/site/generation/*/until", T::String)
            .def("")
            .note("YYYY-MM-DD, after from")
            .desc("First day it no longer runs (\"\" = for ever)."),
        F("/site/generation/*/heatRateMJPerKWh", T::Number)
            .unit("MJ/kWh", D::Ratio)
            .def(num(OnsiteGeneration{}.heatRateMJPerKWh))
            .above(0, 50)
            .stages(Power | Cost)
            .desc("Fuel energy (higher heating value) per kWh generated; 9.6 is the order of an "
                  "aeroderivative gas turbine [U]."),
        F("/site/generation/*/fuelUsdPerGJ", T::Number)
            .unit("$/GJ", D::MoneyPerEnergy)
            .def(num(OnsiteGeneration{}.fuelUsdPerGJ))
            .range(0, 1000)
            .stages(Power | Cost)
            .desc("Fuel price delivered to the site [U]."),
        F("/site/generation/*/co2KgPerGJ", T::Number)
            .unit("kg/GJ", D::EmissionPerEnergy)
            .def(num(OnsiteGeneration{}.co2KgPerGJ))
            .range(0, 200)
            .stages(Power)
            .desc("CO2 per GJ of fuel: natural gas 50.3 (53.06 kg/mmBtu, HHV), diesel 70.1 "
                  "[ref:epa-ghg-factors]; 0 for hydrogen."),
        F("/site/generation/*/availability", T::Number)
            .unit("", D::Ratio)
            .def(num(OnsiteGeneration{}.availability))
            .above(0, 1)
            .stages(Power)
            .desc("Share of the time a unit can run (forced and planned outages out) [U]."),
        F("/site/generation/*/fixedOmUsdPerKWYear", T::Number)
            .unit("$/kW/yr", D::None)
            .def(num(OnsiteGeneration{}.fixedOmUsdPerKWYear))
            .range(0, 10000)
            .stages(Power | Cost)
            .desc("Fixed operation and maintenance per kW installed, per year, while the block "
                  "is on site [U]."),
        F("/site/generation/*/variableOmUsdPerMWh", T::Number)
            .unit("$/MWh", D::MoneyPerEnergy)
            .def(num(OnsiteGeneration{}.variableOmUsdPerMWh))
            .range(0, 10000)
            .stages(Power | Cost)
            .desc("Variable operation and maintenance per MWh generated [U]."),
        F("/site/batteryMWh", T::Number)
            .unit("MWh", D::Energy)
            .defText("none")
            .above(0, 1000000)
            .note("with batteryMW")
            .stages(Power | Reliability)
            .desc("Usable energy of the site battery that smooths the load."),
        F("/site/batteryMW", T::Number)
            .unit("MW", D::Power)
            .defText("none")
            .above(0, 100000)
            .note("with batteryMWh")
            .stages(Power | Reliability)
            .desc("Power the site battery can deliver or absorb."),
        F("/site/batteryRoundTripEfficiency", T::Number)
            .unit("", D::Ratio)
            .def(num(site.batteryRoundTripEfficiency))
            .above(0, 1)
            .stages(Power)
            .desc("Energy out ÷ energy in of the site battery (85 % for utility-scale lithium-ion "
                  "[ref:nrel-atb-battery]); its losses on the load's smoothing cycles are "
                  "reported."),
        F("/site/utilityInterruptionsPerYear", T::Number)
            .unit("/yr", D::None)
            .def(num(site.utilityInterruptionsPerYear))
            .range(0, 100)
            .stages(Power | Reliability)
            .desc("Sustained utility interruptions a year (IEEE 1366 SAIFI; US 2022 with major "
                  "events 1.4 [ref:eia-reliability-2022]); those the site does not ride through "
                  "stop the job."),
        F("/site/utilityOutageHours", T::Number)
            .unit("h", D::Time)
            .def(num(site.utilityOutageHours))
            .range(0, 1000)
            .stages(Power | Reliability)
            .desc("Mean length of one interruption (SAIDI ÷ SAIFI: 5.6 h ÷ 1.4 in the US, 2022 "
                  "[ref:eia-reliability-2022])."),
        F("/site/climate", T::Object)
            .defText("the temperate reference climate")
            .stages(Power)
            .desc("Monthly outdoor air of the site (both tables required when given); drives "
                  "economizer hours."),
        F("/site/climate/monthlyDryBulbC", T::NumberList)
            .unit("°C", D::Temperature)
            .required()
            .items(12)
            .range(-90, 60)
            .stages(Power)
            .desc("Monthly mean dry-bulb temperature, January first."),
        F("/site/climate/monthlyWetBulbC", T::NumberList)
            .unit("°C", D::Temperature)
            .required()
            .items(12)
            .range(-90, 60)
            .note("each ≤ the same month's dry bulb")
            .stages(Power)
            .desc("Monthly mean wet-bulb temperature, January first."),

        // ------------------------------------------------------------------ halls
        F("/halls/*/id", T::String)
            .required()
            .note("unique among halls")
            .desc("Hall id, referenced by compute.pools[].hall."),
        F("/halls/*/name", T::String).def("").desc("Display name."),
        F("/halls/*/widthM", T::Number)
            .unit("m", D::Length)
            .required()
            .above(0, 5000)
            .stages(Layout | Fabric | Power)
            .desc("Extent along the rows (x)."),
        F("/halls/*/lengthM", T::Number)
            .unit("m", D::Length)
            .required()
            .above(0, 5000)
            .stages(Layout | Fabric | Power)
            .desc("Extent across the rows (y)."),
        F("/halls/*/usableAreaM2", T::Number)
            .unit("m²", D::Area)
            .defText("70 % of width × length")
            .above(0, 25e6)
            .note("≤ width × length")
            // The layout keeps it with the hall; the power solver checks racks against it.
            .stages(Layout | Power)
            .desc("White space usable for racks."),
        F("/halls/*/floorLoadKPa", T::Number)
            .unit("kPa", D::FloorLoad)
            .def(num(hall.floorLoadKPa))
            .above(0, 100)
            .stages(Power)
            .desc("Floor load rating (TIA-942 recommends 12 kPa = 250 lbf/ft² [ref:tia-942])."),
        F("/halls/*/powerCapacityMW", T::Number)
            .unit("MW", D::Power)
            .defText("none (unlimited)")
            .above(0, 10000)
            .stages(Layout | Power)
            .desc("Critical IT power the hall's electrical plant carries."),
        F("/halls/*/coolingCapacityMW", T::Number)
            .unit("MW", D::HeatFlow)
            .defText("none (unlimited)")
            .above(0, 10000)
            .stages(Layout | Power)
            .desc("Heat the hall's cooling can reject."),
        F("/halls/*/rowPitchM", T::Number)
            .unit("m", D::Length)
            .def(num(hall.rowPitchM))
            .range(1, 20)
            .stages(Layout | Fabric | Power)
            .desc("Row-to-row distance (rack depth 1.2 + cold aisle 1.2 + hot aisle 1.2)."),
        F("/halls/*/rows", T::Array)
            .def(Json::array())
            .stages(Layout | Fabric | Power)
            .desc("Rows the user places (\"pinned\"); the layout solver adds rows for the rest. A "
                  "row whose racks leave the hall or stand on another row's racks is an error."),
        F("/halls/*/rows/*", T::Object).desc("One row of racks along +x from its origin."),
        F("/halls/*/rows/*/id", T::String)
            .required()
            .note("unique within the hall")
            .desc("Row id."),
        F("/halls/*/rows/*/xM", T::Number)
            .unit("m", D::Length)
            .def(num(row.xM))
            .range(0, 5000)
            .note("≤ the hall's widthM")
            .stages(Layout | Fabric)
            .desc("Origin of the row in hall coordinates; racks run along +x."),
        F("/halls/*/rows/*/yM", T::Number)
            .unit("m", D::Length)
            .def(num(row.yM))
            .range(0, 5000)
            .note("≤ the hall's lengthM")
            .stages(Layout | Fabric)
            .desc("Origin of the row across the rows."),
        F("/halls/*/rows/*/rackPitchM", T::Number)
            .unit("m", D::Length)
            .def(num(row.rackPitchM))
            .range(0.3, 3)
            .stages(Layout | Fabric)
            .desc("Rack width along the row (600 mm racks)."),
        F("/halls/*/rows/*/racks", T::Array)
            .def(Json::array())
            .desc("Rack positions, first at the origin."),
        F("/halls/*/rows/*/racks/*", T::Object).desc("One rack position."),
        F("/halls/*/rows/*/racks/*/id", T::String)
            .required()
            .note("unique in the whole project")
            .desc("Rack id, shown in cable schedules and violations."),
        F("/halls/*/rows/*/racks/*/role", T::Enum)
            .names(rackRoleNames(), std::optional(rack.role))
            .stages(Layout | Fabric | Power)
            .desc("What the rack holds."),
        F("/halls/*/rows/*/racks/*/rackType", T::String)
            .def("")
            .defText("\"\" = the default rack for the role")
            .stages(Catalog | Layout | Power)
            .desc("Catalog rack id."),
        F("/halls/*/rows/*/racks/*/pool", T::String)
            .def("")
            .note("a pool name")
            .stages(Layout)
            .desc("Compute racks: the pool whose servers it holds."),
        F("/halls/*/rows/*/racks/*/servers", T::Integer)
            .unit("", D::Count)
            .def(rack.servers)
            .range(0, 256)
            .stages(Layout)
            .desc("Compute racks: servers in the rack (a GB200 NVL72 rack-scale system counts as "
                  "1)."),

        // ------------------------------------------------------------------ power
        F("/power/utilityVoltageKV", T::Number)
            .unit("kV", D::Voltage)
            .def(num(power.utilityVoltageKV))
            .above(0, 1000)
            .stages(Facility)
            .desc("Utility (medium-voltage) feed."),
        F("/power/transformer", T::String)
            .def("")
            .defText("\"\" = default")
            .stages(Catalog | Facility)
            .desc("MV/LV transformer model (catalog id)."),
        F("/power/ups", T::Object).desc("UPS design."),
        F("/power/ups/type", T::Enum)
            .names(upsTypeNames(), std::optional(power.ups.type))
            .stages(Facility)
            .design()
            .desc("UPS topology."),
        F("/power/ups/redundancy", T::Enum)
            .names(redundancyNames(), std::optional(power.ups.redundancy))
            .stages(Facility)
            .design()
            .desc("UPS redundancy. N: no spare; N+1: one spare module; 2N: two full paths; "
                  "distributed: xN/y (x installed, y carry)."),
        F("/power/ups/modules", T::Integer)
            .unit("", D::Count)
            .def(power.ups.modules)
            .range(1, 1000)
            .stages(Facility)
            .desc("N+1: modules carrying the load."),
        F("/power/ups/distributedX", T::Integer)
            .unit("", D::Count)
            .def(power.ups.distributedX)
            .range(2, 100)
            .stages(Facility)
            .desc("Distributed (\"xN/y\"): modules installed …"),
        F("/power/ups/distributedY", T::Integer)
            .unit("", D::Count)
            .def(power.ups.distributedY)
            .range(1, 100)
            .note("< distributedX when distributed")
            .stages(Facility)
            .desc("… of which this many carry the load (\"4 to make 3\")."),
        F("/power/distribution", T::Enum)
            .names(distributionNames(), std::optional(power.distribution))
            // The fabric: power shelves take rack units the switches cannot.
            .stages(Fabric | Facility)
            .design()
            .desc("Rack power distribution: 12 V shelves, 48 V busbar, 800 V DC."),
        F("/power/gpuLoadFactor", T::Number)
            .unit("", D::Ratio)
            .def(num(power.gpuLoadFactor))
            .above(0, 1.5)
            .stages(Layout | Facility)
            .design()
            .desc("Provisioned power ÷ accelerator TDP (Meta GB200: about 0.8)."),
        F("/power/gpuWaitPowerFraction", T::Number)
            .unit("", D::Ratio)
            .def(num(power.gpuWaitPowerFraction))
            .range(0, 1)
            .stages(Power | Reliability)
            .desc("GPU power while the job waits (exposed communication, checkpoint stall, "
                  "restart) ÷ its provisioned power; near idle [ref:choukse-2025], 0.25 [U]."),
        F("/power/gpuPowerFloorFraction", T::Number)
            .unit("", D::Ratio)
            .def(num(power.gpuPowerFloorFraction))
            .range(0, 1)
            .stages(Power | Reliability)
            .desc("Power floor the GPUs hold while the job runs (GB300 power smoothing or a "
                  "software burn) ÷ provisioned power; 0 = none."),
        F("/power/rackStorageJPerGpu", T::Number)
            .unit("J", D::Energy)
            .def(num(power.rackStorageJPerGpu))
            .range(0, 1e7)
            .stages(Power | Reliability)
            .desc("Energy the racks' own smoothing stores (power-supply capacitors, battery "
                  "backup units) give per GPU; they answer the load's swings before the site "
                  "battery. 0 = none."),
        F("/power/averageLoadFactor", T::Number)
            .unit("", D::Ratio)
            .def(num(power.averageLoadFactor))
            .range(0, 1)
            .stages(Facility)
            .desc("Average ÷ peak IT power, for energy."),
        F("/power/otherItFraction", T::Number)
            .unit("", D::Ratio)
            .def(num(power.otherItFraction))
            .range(0, 1)
            .stages(Facility)
            .desc("Extra IT load not modelled bottom-up, as a share of IT."),
        F("/power/generators", T::Boolean)
            .def(power.generators)
            .stages(Facility)
            .design()
            .desc("Backup generators present."),
        F("/power/generatorStartReliability", T::Number)
            .unit("", D::Ratio)
            .def(num(power.generatorStartReliability))
            .above(0, 1)
            .stages(Power | Reliability)
            .desc("Probability that one backup generator starts and takes load (0.99 the US "
                  "nuclear regulator's goal for standby diesels, 0.94 measured historically "
                  "[ref:nrc-nureg-0933])."),
        F("/power/generatorRedundancy", T::Enum)
            .names(redundancyNames(), std::optional(power.generatorRedundancy))
            .stages(Facility)
            .desc("Generator redundancy. N: no spare; N+1: one spare module; 2N: two full paths; "
                  "distributed: xN/y (x installed, y carry)."),
        F("/power/pue", T::Number)
            .unit("", D::Ratio)
            .defText("none (bottom-up PUE)")
            .range(1, 5)
            .stages(Facility)
            .desc("Use this PUE instead of the computed one."),

        // ------------------------------------------------------------------ cooling
        F("/cooling/type", T::Enum)
            .names(coolingTypeNames(), std::optional(cooling.type))
            .stages(Layout | Facility)
            .design()
            .desc("Cooling of the compute racks."),
        F("/cooling/liquidFraction", T::Number)
            .unit("", D::Ratio)
            .def(num(cooling.liquidFraction))
            .range(0, 1)
            .stages(Facility)
            .desc("Direct liquid: share of rack heat taken by liquid (75–85 % typical [S])."),
        F("/cooling/supplyWaterC", T::Number)
            .unit("°C", D::Temperature)
            .def(num(cooling.supplyWaterC))
            .range(5, 70)
            .stages(Facility)
            .design()
            .desc(
                "Facility water supply temperature (ASHRAE W32 [ref:ashrae-liquid-cooling-2021])."),
        F("/cooling/facilityWaterClass", T::Enum)
            .names(waterClassNames(), std::optional<WaterClass>())
            .defText("none")
            .stages(Facility)
            .design()
            .desc("ASHRAE liquid-cooling class of the IT: the highest facility-water supply it "
                  "takes (W17 … W45 °C; W+ above 45 °C) [ref:ashrae-liquid-cooling-2021]. It "
                  "sets supplyWaterC when that is not given; not with air cooling, and at most "
                  "W27 with rear doors."),
        F("/cooling/liquidHeatRejection", T::Enum)
            .names(heatRejectionNames(), std::optional(cooling.liquidHeatRejection))
            .stages(Facility)
            .design()
            .desc("Where the liquid loop rejects its heat: dry coolers, adiabatic coolers (dry "
                  "coolers whose air is pre-cooled by evaporation when it is hot) or wet cooling "
                  "towers; the air loop's is /cooling/airHeatRejection."),
        F("/cooling/airHeatRejection", T::Enum)
            .names(heatRejectionNames(), std::optional(cooling.airHeatRejection))
            .stages(Facility)
            .design()
            .desc("Where the air loop (CRAH chilled water and its chillers) rejects its heat: wet "
                  "cooling towers, or dry or adiabatic coolers for a site that uses no "
                  "evaporative water."),
        F("/cooling/cduApproachK", T::Number)
            .unit("K", D::TemperatureDifference)
            .def(num(cooling.cduApproachK))
            .range(0.5, 15)
            .stages(Facility)
            .desc("CDU approach: the rack loop's supply is this much warmer than the facility "
                  "water; 2–5 K for liquid-to-liquid CDUs [U]."),
        F("/cooling/coolant", T::Enum)
            .names(coolantNames(), std::optional(cooling.coolant))
            .stages(Facility)
            .desc("Fluid of the liquid loops: water, or propylene (pg25, pg40, % by volume) or "
                  "ethylene glycol (eg30, % by mass) mixes, which carry less heat per litre and "
                  "need more flow and pump power."),
        F("/cooling/facilityPumpHeadKPa", T::Number)
            .unit("kPa", D::Pressure)
            .def(num(cooling.facilityPumpHeadKPa))
            .above(0, 2000)
            .stages(Facility)
            .desc("Pressure the facility-water pumps deliver (pipes, coils, valves, heat "
                  "rejection); pump power = flow × head ÷ efficiency [U]."),
        F("/cooling/designDeltaTK", T::Number)
            .unit("K", D::TemperatureDifference)
            .def(num(cooling.designDeltaTK))
            .above(0, 40)
            .stages(Facility)
            .desc("Rack loop temperature rise."),
        F("/cooling/cdu", T::String)
            .def("")
            .defText("\"\" = default")
            .stages(Catalog | Facility)
            .desc("Coolant distribution unit (catalog id)."),
        F("/cooling/cduRedundancy", T::Enum)
            .names(redundancyNames(), std::optional(cooling.cduRedundancy))
            .stages(Facility)
            .desc("CDU redundancy. N: no spare; N+1: one spare module; 2N: two full paths; "
                  "distributed: xN/y (x installed, y carry)."),
        F("/cooling/chiller", T::String)
            .def("")
            .defText("\"\" = default")
            .stages(Catalog | Facility)
            .desc("Chiller (catalog id)."),
        F("/cooling/economizer", T::Boolean)
            .def(cooling.economizer)
            .stages(Facility)
            .design()
            .desc("Free cooling when the climate allows."),
        F("/cooling/towerCyclesOfConcentration", T::Number)
            .unit("", D::Ratio)
            .def(num(cooling.towerCyclesOfConcentration))
            .range(1.5, 20)
            .stages(Facility)
            .desc("Cycles of concentration of the wet cooling towers' water: blowdown = "
                  "evaporation / (cycles − 1); 4 [U]."),
        F("/cooling/heatReuseFraction", T::Number)
            .unit("", D::Ratio)
            .def(num(cooling.heatReuseFraction))
            .range(0, 1)
            .stages(Facility)
            .desc("Share of the liquid loop's heat delivered to a heat-reuse network: the energy "
                  "reuse factor (ERF)."),
        F("/cooling/heatReuseSupplyC", T::Number)
            .unit("°C", D::Temperature)
            .defText("none: the network takes the loop's return as it is")
            .range(20, 120)
            .stages(Facility)
            .desc("Temperature the heat-reuse network takes its heat at. Above the liquid "
                  "loop's return a heat pump lifts the reused heat; its electricity is "
                  "reported apart."),

        // ------------------------------------------------------------------ compute
        F("/compute/pools", T::Array)
            .required()
            .note("at least one")
            .stages(All)
            .desc("Groups of identical accelerators; several GPU types may share one site, one "
                  "pool each."),
        F("/compute/pools/*", T::Object).desc("One compute pool."),
        F("/compute/pools/*/name", T::String)
            .defText("the gpu id")
            .note("unique among pools")
            .desc("Referenced by racks, planes and the workload. Two pools of the same GPU need "
                  "names."),
        F("/compute/pools/*/gpu", T::String)
            .required()
            .stages(Catalog | All)
            .design()
            .desc("Catalog accelerator id, e.g. \"H100-SXM\", \"B200\", \"MI300X\"."),
        F("/compute/pools/*/server", T::String)
            .def("")
            .defText("\"\" = the accelerator's default server")
            .stages(Catalog | All)
            .design()
            .desc("Catalog server id, e.g. \"DGX-H100\"."),
        F("/compute/pools/*/gpuCount", T::Integer)
            .unit("GPUs", D::Count)
            .required()
            .range(1, kMaxGpus)
            .note("the sum over all pools ≤ 2,000,000")
            .stages(All)
            .design()
            .desc("Accelerators in the pool."),
        F("/compute/pools/*/serversPerRack", T::Integer)
            .unit("", D::Count)
            .defText("from the rack's power rating")
            .range(1, 256)
            .stages(Layout | Fabric | Power)
            .design()
            .desc("Servers packed into each compute rack."),
        F("/compute/pools/*/hall", T::String)
            .def("")
            .defText("\"\" = the layout solver chooses")
            .note("a hall id")
            .stages(Layout | Fabric)
            .design()
            .desc("Pins the pool to a hall."),

        // ------------------------------------------------------------------ network
        F("/network/planes", T::Array)
            .defText("a backend, frontend, storage and OOB plane (see Defaults)")
            .stages(Layout | Fabric | Power | Performance | Cost)
            .desc("Scale-out fabric planes; backend endpoints are per GPU, the others per "
                  "server."),
        F("/network/planes/*", T::Object).desc("One fabric plane."),
        F("/network/planes/*/name", T::String)
            .defText("the role name")
            .note("unique among planes")
            .desc("Plane name; two planes of one role need names."),
        F("/network/planes/*/role", T::Enum)
            .names(planeRoleNames(), std::optional(plane.role))
            .stages(Layout | Fabric | Performance)
            .desc("Which network: backend (GPU), frontend, storage or OOB."),
        F("/network/planes/*/technology", T::Enum)
            .names(technologyNames(), std::optional(plane.technology))
            .stages(Catalog | Layout | Fabric)
            .design()
            .desc("InfiniBand or Ethernet."),
        F("/network/planes/*/switch", T::String)
            .def("")
            .defText("\"\" = default for the plane")
            .stages(Catalog | Layout | Fabric | Power | Cost)
            .design()
            .desc("Catalog switch id."),
        F("/network/planes/*/portGbps", T::Number)
            .unit("Gbit/s", D::DataRate)
            .def(num(plane.portGbps))
            .above(0, 3200)
            .stages(Layout | Fabric | Performance)
            .design()
            .desc("Endpoint port speed in this plane."),
        F("/network/planes/*/parallelPlanes", T::Integer)
            .unit("", D::Count)
            .def(plane.parallelPlanes)
            .range(1, 64)
            .stages(Layout | Fabric | Performance)
            .design()
            .desc("Identical planes (an 800G NIC run as 2 × 400G: 2)."),
        F("/network/planes/*/endpointsPerServer", T::Integer)
            .unit("", D::Count)
            .defText("GPUs (backend), 2 (frontend, storage), 1 (OOB)")
            .range(1, 64)
            .stages(Layout | Fabric)
            .desc("Ports each server attaches to this plane."),
        F("/network/planes/*/railOptimized", T::Boolean)
            .def(plane.railOptimized)
            .stages(Layout | Fabric | Performance)
            .design()
            .desc("NIC n of every server goes to the leaf of rail n."),
        F("/network/planes/*/leafPlacement", T::Enum)
            .names(leafPlacementNames(), std::optional(plane.leafPlacement))
            .stages(Layout | Fabric)
            .design()
            .desc("Where leaf switches sit: top of rack, middle or end of row, or network racks."),
        F("/network/planes/*/tiers", T::IntegerOrAuto)
            .def("auto")
            .range(1, 6)
            .stages(Layout | Fabric | Performance)
            .design()
            .desc("Switch tiers; \"auto\": the fewest tiers that fit."),
        F("/network/planes/*/oversubscription", T::NumberList)
            .unit("", D::Ratio)
            .def(Json::array())
            .defText("[] (non-blocking)")
            .range(1, 64)
            .note("at most tiers − 1 entries (3 with \"auto\")")
            .stages(Layout | Fabric | Performance)
            .design()
            .desc("Down:up ratio per tier boundary, leaf→spine first; 1 = non-blocking; missing "
                  "boundaries are non-blocking."),
        F("/network/planes/*/islandGpus", T::Integer)
            .unit("GPUs", D::Count)
            .defText("none")
            .range(1, kMaxGpus)
            .stages(Layout | Fabric | Performance)
            .design()
            .desc("Full-bisection island size …"),
        F("/network/planes/*/islandOversubscription", T::Number)
            .unit("", D::Ratio)
            .def(num(plane.islandOversubscription))
            .range(1, 64)
            .stages(Fabric | Performance)
            .design()
            .desc("… and the oversubscription between islands."),
        F("/network/planes/*/pools", T::StringList)
            .def(Json::array())
            .defText("[] = all pools")
            .note("pool names, no repeats")
            .stages(Fabric)
            .desc("Pools attached to this plane."),
        F("/network/planes/*/allowAoc", T::Boolean)
            .def(plane.allowAoc)
            .stages(Fabric | Power | Cost)
            .design()
            .desc("May the cabling solver use active optical cables."),
        F("/network/planes/*/media", T::Object)
            .since(3)
            .desc("Media policy: which media the cabling solver may use on this plane's links "
                  "(docs/fabric-model.md §6)."),
        F("/network/planes/*/media/allowed", T::StringList)
            .names(mediumKindNames(), std::optional<MediumKind>())
            .def(Json::array())
            .defText("[] = every class the catalog offers at the plane's speed and technology")
            .note("medium classes, no repeats")
            .since(3)
            .stages(Fabric | Power | Cost)
            .design()
            .desc("Medium classes the plane's links may use."),
        F("/network/planes/*/media/opticsRequired", T::Boolean)
            .def(plane.media.opticsRequired)
            .since(3)
            .stages(Fabric | Power | Cost)
            .design()
            .desc("Every link is transceivers and fibre (no copper, no AOC), as the DGX SuperPOD "
                  "reference architectures build their InfiniBand fabrics "
                  "[ref:nvidia-superpod-h100-ra]."),
        F("/network/planes/*/media/order", T::Enum)
            .names(mediaOrderNames(), std::optional(plane.media.order))
            .since(3)
            .stages(Fabric | Power | Cost)
            .design()
            .desc("How the media of a link's speed are ranked: \"catalog\" takes the catalog's "
                  "ladder (cheapest link first); \"lifecycle\" the lowest cost per link over the "
                  "service life (/cost/horizonYears): purchase, energy of both ends at "
                  "/site/electricityUsdPerKWh with a 1.25 facility overhead [U], and expected "
                  "replacements at the catalog failure rates."),
        F("/network/planes/*/media/boundaries", T::Array)
            .def(Json::array())
            .defText("[] = the plane's policy everywhere")
            .note("at most one entry per link level: tiers entries (4 with \"auto\")")
            .since(3)
            .desc("Overrides per link level: entry 0 the endpoint-to-leaf links, entry j the links "
                  "from tier j to tier j + 1."),
        F("/network/planes/*/media/boundaries/*", T::Object)
            .since(3)
            .desc("The media of one link level; a key left out takes the plane's value."),
        F("/network/planes/*/media/boundaries/*/allowed", T::StringList)
            .names(mediumKindNames(), std::optional<MediumKind>())
            .defText("the plane's")
            .note("medium classes, no repeats")
            .since(3)
            .stages(Fabric | Power | Cost)
            .design()
            .desc("Medium classes this level's links may use."),
        F("/network/planes/*/media/boundaries/*/opticsRequired", T::Boolean)
            .defText("the plane's")
            .since(3)
            .stages(Fabric | Power | Cost)
            .design()
            .desc("This level's links are transceivers and fibre."),
        F("/network/planes/*/fabricManagerPorts", T::Integer)
            .unit("ports", D::Count)
            .defText("2 on InfiniBand, 0 on Ethernet")
            .range(0, 64)
            .since(2)
            .stages(Layout | Fabric | Power | Cost)
            .design()
            .desc("Leaf ports cabled to the plane's fabric-manager appliances (UFM; catalog "
                  "appliances), taken from the last leaf back; the DGX SuperPOD leaves one node "
                  "out of four SUs for its 4 UFM links [ref:nvidia-superpod-h100-ra]. From 2 "
                  "ports on, a primary and a high-availability appliance [ref:nvidia-ufm-um]; "
                  "the default gives each one port."),
        F("/network/planes/*/railGroupServers", T::Integer)
            .unit("servers", D::Count)
            .defText("the leaf's down ports")
            .range(1, 65536)
            .since(3)
            .stages(Fabric | Power | Cost)
            .design()
            .desc("Servers per rail group (scalable unit, SU) of a rail-optimized plane whose "
                  "leaves stand outside the racks: NIC i of every server of the group goes to "
                  "the leaves of rail i, and a group is cabled for its full size even when "
                  "partly populated [ref:nvidia-superpod-h100-ra]. The DGX SuperPOD SU is 32 "
                  "DGX H100 or B200, 72 DGX B300 on XDR, 64 on Spectrum-X, 8 GB200 NVL72 racks."),
        F("/network/planes/*/spinesPerRail", T::Boolean)
            .def(plane.spinesPerRail)
            .since(3)
            .stages(Layout | Fabric | Power | Cost)
            .design()
            .desc("Rail-optimized plane of three or more tiers with leaves outside the racks: "
                  "the spines of each pod come in one group per rail, the leaves of rail i link "
                  "only to group i and the core joins the rails, as the DGX SuperPOD builds it "
                  "[ref:nvidia-superpod-h100-ra]. Each group has the fewest spines whose down "
                  "ports take its leaves' uplinks evenly (GB200: 8 leaves x 18 uplinks on 6 "
                  "spines). Where the top tier cannot join that many pods (the 64-SU SuperPOD) "
                  "or be sized for the build-out, and on a plane with islands, the spines are "
                  "shared. false: every leaf of a pod "
                  "links to every spine of "
                  "it, which needs fewer spines when the uplinks do not divide evenly."),
        F("/network/cabling", T::Object)
            .since(2)
            .desc("Cable trays over the rows (the fabric's tray-fill check)."),
        F("/network/cabling/copperTraysPerRow", T::Integer)
            .unit("", D::Count)
            .def(cabling.copperTraysPerRow)
            .range(0, 8)
            .since(2)
            .stages(Fabric)
            .design()
            .desc("Stacked copper trays (DAC, AEC, Cat6) over each row, each 0.6 m wide and "
                  "0.1 m deep [U]; a row's copper cables are spread over them. 0 sizes each "
                  "row to the 45 % fill limit and reports the count; a count states the trays "
                  "built and is checked against the limit."),
        F("/network/cabling/fibreTraysPerRow", T::Integer)
            .unit("", D::Count)
            .def(cabling.fibreTraysPerRow)
            .range(0, 8)
            .since(2)
            .stages(Fabric)
            .design()
            .desc("Stacked fibre trays (AOC, jumpers, trunks) over each row; a row's fibre "
                  "cables are spread over them. 0 sizes each row to the fill limit."),

        // ------------------------------------------------------------------ storage
        F("/storage/capacityPB", T::Number)
            .unit("PB", D::DataSize)
            .def(num(storage.capacityPB))
            .defText("0 = 1 PB per 2,000 GPUs [U]")
            .range(0, 1e6)
            .stages(Layout | Fabric | Facility)
            .design()
            .desc("Usable capacity."),
        F("/storage/writeTBps", T::Number)
            .unit("TB/s", D::DataRate)
            .def(num(storage.writeTBps))
            .defText("0 = 0.1 GB/s per GPU [U]")
            .range(0, 1e5)
            .stages(Layout | Fabric | Facility | Reliability)
            .design()
            .desc("Aggregate write bandwidth (checkpoints)."),
        F("/storage/readTBps", T::Number)
            .unit("TB/s", D::DataRate)
            .def(num(storage.readTBps))
            .defText("0 = twice the write rate [U]")
            .range(0, 1e5)
            .stages(Layout | Fabric | Facility | Reliability)
            .desc("Aggregate read bandwidth (restores, data)."),
        F("/storage/checkpointBandwidthFraction", T::Number)
            .unit("", D::Ratio)
            .def(num(storage.checkpointBandwidthFraction))
            .above(0, 1)
            .since(2)
            .stages(Reliability)
            .desc("Share of the rated write and read bandwidth a checkpoint save or restore "
                  "achieves (many uncoalesced tensor writes reach about half of a synthetic "
                  "benchmark [ref:gossman-2026])."),
        F("/storage/driveWritesPerDay", T::Number)
            .unit("1/day", D::Ratio)
            .def(num(storage.driveWritesPerDay))
            .above(0, 100)
            .since(2)
            .stages(Reliability)
            .desc("Flash endurance the checkpoints may use: full capacity writes a day [U]; the "
                  "checkpoint interval is floored so that daily checkpoint writes stay within "
                  "it."),
        F("/storage/system", T::String)
            .def("")
            .defText("\"\" = the catalog's first storage system")
            .stages(Catalog | Layout | Fabric | Facility)
            .design()
            .desc("Catalog storage system id."),

        // ------------------------------------------------------------------ workload
        F("/workload/model", T::Object).required().desc("The model: a decoder-only transformer."),
        F("/workload/trainingTokens", T::Number)
            .unit("tokens", D::Tokens)
            .required()
            .above(0, 1e16)
            .stages(Performance | Reliability | Cost)
            .desc("Token budget of the run."),
        F("/workload/globalBatchSequences", T::Integer)
            .unit("sequences", D::Count)
            .required()
            .range(1, 100'000'000)
            .stages(Performance | Reliability)
            .desc("Sequences per optimizer step."),
        F("/workload/precision", T::Enum)
            .names(precisionNames(), std::optional(workload.precision))
            .stages(Performance | Reliability)
            .design()
            .desc("GEMM precision."),
        F("/workload/pool", T::String)
            .def("")
            .defText("\"\" = the largest pool")
            .note("a pool name")
            .stages(Performance | Reliability | Cost)
            .desc("Pool that runs the job."),
        F("/workload/gpus", T::Integer)
            .unit("GPUs", D::Count)
            .def(workload.gpus)
            .defText("0 = the whole pool")
            .range(0, kMaxGpus)
            .note("≤ the pool's gpuCount")
            .stages(Performance | Reliability | Cost)
            .design()
            .desc("GPUs the job uses."),
        F("/workload/parallelism", T::ObjectOrAuto)
            .def("auto")
            .stages(Performance | Reliability)
            .desc("The sizes the run fixes; every key left out is searched within them "
                  "(\"auto\" or {}: search everything)."),
        F("/workload/checkpoint", T::Object).desc("Checkpoint policy."),

        F("/workload/model/name", T::String).def("").desc("Model name."),
        F("/workload/model/layers", T::Integer)
            .required()
            .range(1, 10000)
            .stages(Performance | Reliability)
            .desc("Transformer layers."),
        F("/workload/model/hidden", T::Integer)
            .required()
            .range(1, 1'000'000)
            .stages(Performance | Reliability)
            .desc("Model width."),
        F("/workload/model/ffnHidden", T::Integer)
            .required()
            .range(1, 10'000'000)
            .stages(Performance | Reliability)
            .desc("Dense FFN width."),
        F("/workload/model/heads", T::Integer)
            .required()
            .range(1, 100'000)
            .note("divides hidden unless headDim is given")
            .stages(Performance | Reliability)
            .desc("Attention (query) heads."),
        F("/workload/model/kvHeads", T::Integer)
            .defText("= heads (MHA)")
            .range(1, 100'000)
            .note("≤ heads and divides heads")
            .stages(Performance | Reliability)
            .desc("Key/value heads (GQA when fewer than heads)."),
        F("/workload/model/headDim", T::Integer)
            .def(model.headDim)
            .defText("0 = hidden ÷ heads")
            .range(0, 100'000)
            .stages(Performance | Reliability)
            .desc("Width of one attention head."),
        F("/workload/model/vocab", T::Integer)
            .required()
            .range(1, 100'000'000)
            .stages(Performance | Reliability)
            .desc("Vocabulary size."),
        F("/workload/model/seqLen", T::Integer)
            .required()
            .range(1, 100'000'000)
            .stages(Performance | Reliability)
            .desc("Training sequence length."),
        F("/workload/model/ffn", T::Enum)
            .names(ffnTypeNames(), std::optional(model.ffn))
            .stages(Performance | Reliability)
            .desc("FFN type."),
        F("/workload/model/tiedEmbeddings", T::Boolean)
            .def(model.tiedEmbeddings)
            .stages(Performance | Reliability)
            .desc("Input and output embeddings shared."),
        F("/workload/model/moe", T::Object)
            .defText("none (dense model)")
            .stages(Performance | Reliability)
            .desc("Mixture of experts."),
        F("/workload/model/moe/experts", T::Integer)
            .required()
            .range(1, 1'000'000)
            .stages(Performance | Reliability)
            .desc("Routed experts per MoE layer."),
        F("/workload/model/moe/topK", T::Integer)
            .required()
            .range(1, 1'000'000)
            .note("≤ experts")
            .stages(Performance | Reliability)
            .desc("Routed experts active per token."),
        F("/workload/model/moe/sharedExperts", T::Integer)
            .def(moe.sharedExperts)
            .range(0, 1000)
            .stages(Performance | Reliability)
            .desc("Always-active experts per MoE layer."),
        F("/workload/model/moe/expertFfnHidden", T::Integer)
            .def(moe.expertFfnHidden)
            .defText("0 = ffnHidden")
            .range(0, 10'000'000)
            .stages(Performance | Reliability)
            .desc("FFN width of one expert."),
        F("/workload/model/moe/layerFrequency", T::Integer)
            .def(moe.layerFrequency)
            .range(1, 10000)
            .stages(Performance | Reliability)
            .desc("Every n-th layer is MoE."),
        F("/workload/model/moe/firstDenseLayers", T::Integer)
            .def(moe.firstDenseLayers)
            .range(0, 10000)
            .note("< layers")
            .stages(Performance | Reliability)
            .desc("Leading dense layers (DeepSeek-V3: 3)."),
        F("/workload/model/moe/loadImbalance", T::Number)
            .unit("", D::Ratio)
            .def(num(moe.loadImbalance))
            .range(1, 100)
            .stages(Performance | Reliability)
            .desc("Slowest expert rank ÷ mean."),

        F("/workload/parallelism/tp", T::Integer)
            .defText("searched")
            .range(1, 1024)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Tensor parallel."),
        F("/workload/parallelism/pp", T::Integer)
            .defText("searched")
            .range(1, 1024)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Pipeline parallel."),
        F("/workload/parallelism/dp", T::Integer)
            .defText("searched (with every other size fixed: the largest that divides the "
                     "global batch and fits)")
            .range(0, kMaxGpus)
            .note("0 = derive it")
            .since(2)
            .stages(Performance | Reliability)
            .desc("Data parallel."),
        F("/workload/parallelism/cp", T::Integer)
            .defText("searched")
            .range(1, 1024)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Context parallel."),
        F("/workload/parallelism/ep", T::Integer)
            .defText("searched")
            .range(1, 100'000)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Expert parallel."),
        F("/workload/parallelism/microBatch", T::Integer)
            .defText("searched")
            .range(1, 1'000'000)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Sequences per micro-batch."),
        F("/workload/parallelism/virtualStages", T::Integer)
            .defText("searched")
            .range(1, 1024)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Interleaved 1F1B chunks per stage (interleaved schedule only)."),
        F("/workload/parallelism/schedule", T::Enum)
            .names(pipelineScheduleNames(), std::optional<PipelineSchedule>())
            .defText("searched")
            .since(2)
            .stages(Performance | Reliability)
            .desc("Pipeline schedule."),
        F("/workload/parallelism/zeroStage", T::Integer)
            .defText("searched")
            .range(0, 3)
            .since(2)
            .stages(Performance | Reliability)
            .desc("ZeRO / FSDP sharding stage."),
        F("/workload/parallelism/recompute", T::Enum)
            .names(recomputeNames(), std::optional<Recompute>())
            .defText("searched")
            .since(2)
            .stages(Performance | Reliability)
            .desc("Activation recomputation."),

        F("/workload/stack", T::Object)
            .defText("the model's defaults (a current stack, every schedule searched)")
            .since(2)
            .stages(Performance | Reliability)
            .desc("What the training software can do: a named preset and switches that override "
                  "it (model/softwarestack.cpp lists the presets and their sources)."),
        F("/workload/stack/preset", T::Enum)
            .names(stackPresetNames(), std::optional<std::string>())
            .defText("none: the model's defaults")
            .since(2)
            .stages(Performance | Reliability)
            .design()
            .desc("Software stack preset."),
        F("/workload/stack/flashAttention", T::Boolean)
            .defText("from the preset")
            .since(2)
            .stages(Performance | Reliability)
            .desc("Fused attention; false materialises the softmax (2021-22 stacks)."),
        F("/workload/stack/dropout", T::Boolean)
            .defText("from the preset")
            .since(2)
            .stages(Performance | Reliability)
            .desc("Dropout masks in every layer (GPT-era recipes)."),
        F("/workload/stack/distributedOptimizer", T::Boolean)
            .defText("from the preset")
            .since(2)
            .stages(Performance | Reliability)
            .desc("Optimizer state sharded over data-parallel ranks; false pins ZeRO stage 0 "
                  "unless the plan sets it."),
        F("/workload/stack/zeroBubble", T::Boolean)
            .defText("from the preset")
            .since(2)
            .stages(Performance | Reliability)
            .desc("Zero-bubble pipeline schedules available to the search."),
        F("/workload/stack/dualPipe", T::Boolean)
            .defText("from the preset")
            .since(2)
            .stages(Performance | Reliability)
            .desc("DualPipe available to the search."),
        F("/workload/stack/tpOverlap", T::Number)
            .unit("", D::Ratio)
            .defText("from the preset")
            .range(0, 1)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Share of hideable tensor-parallel traffic overlapped with compute."),
        F("/workload/stack/dpOverlap", T::Number)
            .unit("", D::Ratio)
            .defText("from the preset")
            .range(0, 1)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Share of hideable data-parallel traffic overlapped with compute."),
        F("/workload/stack/ppOverlap", T::Number)
            .unit("", D::Ratio)
            .defText("from the preset")
            .range(0, 1)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Share of hideable pipeline sends overlapped with compute."),
        F("/workload/stack/cpOverlap", T::Number)
            .unit("", D::Ratio)
            .defText("from the preset")
            .range(0, 1)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Share of hideable context-parallel traffic overlapped with compute."),
        F("/workload/stack/epOverlap", T::Number)
            .unit("", D::Ratio)
            .defText("from the preset")
            .range(0, 1)
            .since(2)
            .stages(Performance | Reliability)
            .desc("Share of hideable expert all-to-all overlapped with compute."),

        F("/workload/checkpoint/interval", T::NumberOrAuto)
            .unit("min", D::Time)
            .def("auto")
            .above(0, 10080)
            .stages(Reliability)
            .design()
            .desc("\"auto\": the Young/Daly optimum from the reliability solver."),
        F("/workload/checkpoint/minIntervalMinutes", T::Number)
            .unit("min", D::Time)
            .def(num(checkpoint.minIntervalMinutes))
            .range(0, 10080)
            .stages(Reliability)
            .design()
            .desc("Shortest automatic checkpoint interval; the interval is never below one "
                  "training step either."),
        F("/workload/checkpoint/retained", T::Integer)
            .unit("", D::Count)
            .def(checkpoint.retained)
            .range(1, 1000)
            .since(2)
            .stages(Reliability)
            .desc("Checkpoints kept on the storage tier (the last complete one and the one being "
                  "written: 2)."),
        F("/workload/checkpoint/asynchronous", T::Boolean)
            .def(checkpoint.asynchronous)
            .stages(Reliability)
            .design()
            .desc("Snapshot to host memory, persist in the background."),
        F("/workload/checkpoint/tier", T::Enum)
            .names(checkpointTierNames(), std::optional(checkpoint.tier))
            .stages(Reliability)
            .design()
            .desc("Where checkpoints are written."),
        F("/workload/checkpoint/bytesPerParameter", T::Number)
            .unit("B", D::DataSize)
            .def(num(checkpoint.bytesPerParameter))
            .above(0, 64)
            .stages(Layout | Reliability)
            .desc("Checkpoint bytes per parameter (FP32 master + Adam moments + BF16 weights, "
                  "ZeRO SC'20)."),

        // ------------------------------------------------------------------ reliability
        F("/reliability/failuresPerYear", T::NumberMap)
            .unit("failures/unit-year", D::None)
            .def(Json::object())
            .defText("{} = catalog rates")
            .range(0, 1000)
            .stages(Reliability | Cost)
            .desc("Overrides the catalog failure rate of a component class (e.g. \"gpu\")."),
        F("/reliability/detectionMinutes", T::Number)
            .unit("min", D::Time)
            .def(num(reliability.detectionMinutes))
            .range(0, 10080)
            .stages(Reliability | Cost)
            .desc("Time to detect a failure."),
        F("/reliability/restartMinutes", T::Number)
            .unit("min", D::Time)
            .def(num(reliability.restartMinutes))
            .range(0, 10080)
            .stages(Reliability | Cost)
            .desc("Reschedule + communicator init + warm-up."),
        F("/reliability/repairHours", T::Number)
            .unit("h", D::Time)
            .def(num(reliability.repairHours))
            .range(0, 8760)
            .stages(Reliability | Cost)
            .desc("Localise and repair a hardware fault (1–2 days, China Mobile 2024)."),
        F("/reliability/spareConfidence", T::Number)
            .unit("", D::Ratio)
            .def(num(reliability.spareConfidence))
            .range(0, 1)
            .note("< 1")
            .stages(Reliability | Cost)
            .desc("Confidence that spares cover failures during repair."),
        F("/reliability/spareNodes", T::Integer)
            .unit("nodes", D::Count)
            .defText("sized by the solver")
            .range(0, 1'000'000)
            .stages(Reliability | Cost)
            .design()
            .desc("Fixed number of spare nodes."),

        F("/reliability/repairCrews", T::Integer)
            .unit("crews", D::Count)
            .defText("none: every failed node is repaired at once")
            .range(1, 1000000)
            .since(3)
            .stages(Reliability | Cost)
            .design()
            .desc("Failed nodes repaired at the same time in each island of the job (repair "
                  "crews); more failures wait in line, which lengthens the wait for a spare and "
                  "shortens the time to a shortage (machine-repairman model "
                  "[ref:trivedi-2016])."),
        F("/reliability/noSpareRecovery", T::Enum)
            .names(noSpareRecoveryNames(), std::optional(reliability.noSpareRecovery))
            .stages(Reliability | Cost)
            .design()
            .desc("After a node-removing failure with no spare left: \"shrink\" restarts at once "
                  "without the failed node's data-parallel replica until it is repaired; "
                  "\"wait-for-repair\" waits for the node."),

        // ------------------------------------------------------------------ cost
        F("/cost/horizonYears", T::Number)
            .unit("years", D::Time)
            .def(num(cost.horizonYears))
            .above(0, 50)
            // The fabric ranks media by life-cycle cost over these years.
            .stages(Fabric | Cost)
            .desc("TCO horizon."),
        F("/cost/costOfCapital", T::Number)
            .unit("1/year", D::Ratio)
            .def(num(cost.costOfCapital))
            .range(0, 1)
            .note("< 1")
            .stages(Cost)
            .desc("Discount rate."),
        F("/cost/staffUsdPerYear", T::Number)
            .unit("USD/year", D::MoneyPerTime)
            .def(num(cost.staffUsdPerYear))
            .range(0, 1e12)
            .stages(Cost)
            .desc("Operations staff."),
        F("/cost/networkServicesUsdPerYear", T::Number)
            .unit("USD/year", D::MoneyPerTime)
            .def(num(cost.networkServicesUsdPerYear))
            .range(0, 1e12)
            .stages(Cost)
            .desc("WAN and other network services."),
        F("/cost/priceBook", T::String)
            .def("")
            .defText("\"\" = catalog prices only")
            .stages(Cost)
            .desc("SQLite price book (path)."),

        // ------------------------------------------------------------------ uncertainty
        F("/uncertainty/vendor", T::Number)
            .unit("", D::Ratio)
            .def(num(uncertainty.vendor))
            .range(0, 0.9)
            .since(2)
            .desc("+/- share of the value a sensitivity run applies to [V] vendor figures: data "
                  "sheets, reference architectures."),
        F("/uncertainty/paper", T::Number)
            .unit("", D::Ratio)
            .def(num(uncertainty.paper))
            .range(0, 0.9)
            .since(2)
            .desc("+/- share of the value a sensitivity run applies to [P] figures measured in a "
                  "paper."),
        F("/uncertainty/analyst", T::Number)
            .unit("", D::Ratio)
            .def(num(uncertainty.analyst))
            .range(0, 0.9)
            .since(2)
            .desc("+/- share of the value a sensitivity run applies to [A] analyst estimates."),
        F("/uncertainty/secondary", T::Number)
            .unit("", D::Ratio)
            .def(num(uncertainty.secondary))
            .range(0, 0.9)
            .since(2)
            .desc("+/- share of the value a sensitivity run applies to [S] press and secondary "
                  "summaries."),
        F("/uncertainty/derived", T::Number)
            .unit("", D::Ratio)
            .def(num(uncertainty.derived))
            .range(0, 0.9)
            .since(2)
            .desc("+/- share of the value a sensitivity run applies to [D] figures derived from "
                  "others."),
        F("/uncertainty/unverified", T::Number)
            .unit("", D::Ratio)
            .def(num(uncertainty.unverified))
            .range(0, 0.9)
            .since(2)
            .desc("+/- share of the value a sensitivity run applies to [U] engineering "
                  "assumptions, and project inputs left at their default."),
        F("/uncertainty/project", T::Number)
            .unit("", D::Ratio)
            .def(num(uncertainty.project))
            .range(0, 0.9)
            .since(2)
            .desc("+/- share of the value a sensitivity run applies to values the project states: "
                  "the user's own estimates."),
    };
}

std::string formatNumber(double value)
{
    if (std::floor(value) == value && std::abs(value) < 1e15) {
        // 2000000 -> "2,000,000" (readable in docs and tooltips)
        std::string digits = std::to_string(static_cast<long long>(std::abs(value)));
        std::string out;
        for (std::size_t i = 0; i < digits.size(); ++i) {
            if (i > 0 && (digits.size() - i) % 3 == 0 && digits.size() > 4)
                out += ',';
            out += digits[i];
        }
        return (value < 0 ? "−" : "") + out;
    }
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", value);
    std::string text = buffer;
    if (!text.empty() && text[0] == '-')
        text = "−" + text.substr(1);
    return text;
}

bool isObjectType(FieldType type)
{
    return type == T::Object || type == T::ObjectOrAuto;
}

} // namespace

std::string ProjectField::key() const
{
    return pointer.substr(pointer.rfind('/') + 1);
}

std::string ProjectField::parent() const
{
    return pointer.substr(0, pointer.rfind('/'));
}

const std::vector<ProjectField> &projectFields()
{
    static const std::vector<ProjectField> table = buildTable();
    return table;
}

std::string projectFieldPattern(std::string_view pointer)
{
    // The data keys of a map ("/reliability/failuresPerYear/gpu") are not part of the format.
    static const std::vector<std::string> maps = [] {
        std::vector<std::string> pointers;
        for (const ProjectField &field : projectFields()) {
            if (field.type == T::NumberMap || field.type == T::AnyObject)
                pointers.push_back(field.pointer);
        }
        return pointers;
    }();
    std::string pattern;
    std::size_t start = 0;
    while (start < pointer.size() && pointer[start] == '/') {
        std::size_t end = pointer.find('/', start + 1);
        if (end == std::string_view::npos)
            end = pointer.size();
        const std::string_view token = pointer.substr(start + 1, end - start - 1);
        bool index = !token.empty();
        for (char c : token)
            index = index && c >= '0' && c <= '9';
        bool mapKey = false;
        for (const std::string &map : maps)
            mapKey = mapKey || map == pattern;
        pattern += '/';
        pattern += (index || mapKey) ? std::string("*") : std::string(token);
        start = end;
    }
    return pattern;
}

const ProjectField *findProjectField(std::string_view pointer)
{
    static const std::map<std::string, std::size_t, std::less<>> index = [] {
        std::map<std::string, std::size_t, std::less<>> map;
        const std::vector<ProjectField> &fields = projectFields();
        for (std::size_t i = 0; i < fields.size(); ++i) {
            if (!map.emplace(fields[i].pointer, i).second)
                throw std::logic_error("project field declared twice: " + fields[i].pointer);
        }
        return map;
    }();
    auto it = index.find(pointer);
    if (it == index.end())
        it = index.find(projectFieldPattern(pointer));
    return it == index.end() ? nullptr : &projectFields()[it->second];
}

namespace {

// A field's own stages, or those of its nearest ancestor that has some (a hall's id is read by
// every solver that reads the hall).
unsigned inheritedStages(const ProjectField &field)
{
    std::string pointer = field.pointer;
    while (!pointer.empty()) {
        if (const ProjectField *f = findProjectField(pointer); f && f->stages)
            return f->stages;
        pointer.erase(pointer.rfind('/'));
    }
    return 0;
}

} // namespace

unsigned fieldStages(std::string_view pointer)
{
    std::string pattern = projectFieldPattern(pointer);
    // Inside a value the table does not look into: the enclosing field.
    while (!pattern.empty() && !findProjectField(pattern))
        pattern.erase(pattern.rfind('/'));
    if (pattern.empty())
        return stage::All;
    unsigned stages = 0;
    const std::string prefix = pattern + "/";
    for (const ProjectField &field : projectFields()) {
        if (field.pointer == pattern || field.pointer.starts_with(prefix))
            stages |= inheritedStages(field);
    }
    return stages;
}

std::string fieldRangeText(const ProjectField &field)
{
    std::string text;
    if (field.minimum && field.maximum) {
        if (field.minimumExclusive)
            text = "> " + formatNumber(*field.minimum) + ", ≤ " + formatNumber(*field.maximum);
        else
            text = formatNumber(*field.minimum) + ".." + formatNumber(*field.maximum);
    }
    if (field.type == T::NumberList && !text.empty())
        text = (field.items ? std::to_string(field.items) + " values, each " : "each ") + text;
    if (!field.rangeNote.empty())
        text += (text.empty() ? "" : "; ") + field.rangeNote;
    return text;
}

std::string fieldDefaultText(const ProjectField &field)
{
    if (field.required)
        return "**required**";
    if (!field.defaultText.empty())
        return field.defaultText;
    if (field.defaultValue.is_null())
        return isObjectType(field.type) ? "defaults" : "none";
    if (field.defaultValue.is_number())
        return formatNumber(field.defaultValue.get<double>());
    return field.defaultValue.dump();
}

std::string stageNames(unsigned stages)
{
    static const char *names[] = {"layout",      "fabric", "power",  "performance",
                                  "reliability", "cost",   "catalog"};
    std::string text;
    for (unsigned bit = 0; bit < 7; ++bit) {
        if (stages & (1u << bit))
            text += (text.empty() ? "" : ", ") + std::string(names[bit]);
    }
    return text;
}

std::string_view typeName(FieldType type)
{
    switch (type) {
    case T::Object:
        return "object";
    case T::Array:
        return "array";
    case T::String:
        return "string";
    case T::Boolean:
        return "boolean";
    case T::Integer:
        return "integer";
    case T::Number:
        return "number";
    case T::Enum:
        return "enum";
    case T::NumberList:
        return "array of numbers";
    case T::StringList:
        return "array of strings";
    case T::NumberMap:
        return "object of numbers";
    case T::AnyObject:
        return "object";
    case T::IntegerOrAuto:
        return "integer or \"auto\"";
    case T::NumberOrAuto:
        return "number or \"auto\"";
    case T::ObjectOrAuto:
        return "object or \"auto\"";
    }
    return "?";
}

std::string_view dimensionName(Dimension dimension)
{
    switch (dimension) {
    case D::None:
        return "none";
    case D::Count:
        return "count";
    case D::Ratio:
        return "ratio";
    case D::Length:
        return "length";
    case D::Area:
        return "area";
    case D::Pressure:
        return "pressure";
    case D::FloorLoad:
        return "floor load";
    case D::Temperature:
        return "temperature";
    case D::TemperatureDifference:
        return "temperature difference";
    case D::Power:
        return "power";
    case D::HeatFlow:
        return "heat flow";
    case D::PowerRamp:
        return "power ramp";
    case D::Energy:
        return "energy";
    case D::Voltage:
        return "voltage";
    case D::Time:
        return "time";
    case D::DataRate:
        return "data rate";
    case D::DataSize:
        return "data size";
    case D::Money:
        return "money";
    case D::MoneyPerEnergy:
        return "money per energy";
    case D::MoneyPerPowerMonth:
        return "money per power-month";
    case D::MoneyPerTime:
        return "money per time";
    case D::EmissionPerEnergy:
        return "emission per energy";
    case D::Tokens:
        return "tokens";
    }
    return "?";
}

// ---------------------------------------------------------------------------------- schema

namespace {

void putRange(OrderedJson &node, const ProjectField &field)
{
    if (field.minimum) {
        if (field.minimumExclusive)
            node["exclusiveMinimum"] = num(*field.minimum);
        else
            node["minimum"] = num(*field.minimum);
    }
    if (field.maximum)
        node["maximum"] = num(*field.maximum);
}

std::string schemaDescription(const ProjectField &field)
{
    std::string text = field.description;
    if (!field.unit.empty())
        text += " Unit: " + field.unit + ".";
    const std::string def = fieldDefaultText(field);
    if (!field.required && def != "none" && def != "defaults")
        text += " Default: " + def + ".";
    if (!field.rangeNote.empty())
        text += " Also: " + field.rangeNote + ".";
    return text;
}

OrderedJson schemaNode(const ProjectField &field, const std::vector<ProjectField> &all);

OrderedJson objectNode(const std::string &pointer, const std::vector<ProjectField> &all)
{
    OrderedJson node = {{"type", "object"}};
    OrderedJson properties = OrderedJson::object();
    OrderedJson required = OrderedJson::array();
    for (const ProjectField &child : all) {
        if (child.parent() != pointer || child.key() == "*")
            continue;
        properties[child.key()] = schemaNode(child, all);
        if (child.required)
            required.push_back(child.key());
    }
    node["properties"] = std::move(properties);
    if (!required.empty())
        node["required"] = std::move(required);
    node["additionalProperties"] = false;
    return node;
}

OrderedJson schemaNode(const ProjectField &field, const std::vector<ProjectField> &all)
{
    OrderedJson node = OrderedJson::object();
    node["description"] = schemaDescription(field);
    switch (field.type) {
    case T::Object: {
        OrderedJson object = objectNode(field.pointer, all);
        node.insert(object.begin(), object.end());
        break;
    }
    case T::ObjectOrAuto: {
        node["anyOf"] = {OrderedJson{{"const", "auto"}}, objectNode(field.pointer, all)};
        break;
    }
    case T::Array: {
        node["type"] = "array";
        const ProjectField *items = findProjectField(field.pointer + "/*");
        node["items"] = items ? schemaNode(*items, all) : OrderedJson::object();
        if (field.required)
            node["minItems"] = 1;
        break;
    }
    case T::String:
        node["type"] = "string";
        break;
    case T::Boolean:
        node["type"] = "boolean";
        break;
    case T::Integer:
    case T::Number:
        node["type"] = field.type == T::Integer ? "integer" : "number";
        putRange(node, field);
        break;
    case T::Enum:
        node["enum"] = field.enumNames;
        break;
    case T::NumberList: {
        node["type"] = "array";
        OrderedJson items = {{"type", "number"}};
        putRange(items, field);
        node["items"] = std::move(items);
        if (field.items) {
            node["minItems"] = field.items;
            node["maxItems"] = field.items;
        }
        break;
    }
    case T::StringList:
        node["type"] = "array";
        if (field.enumNames.empty())
            node["items"] = {{"type", "string"}};
        else
            node["items"] = {{"type", "string"}, {"enum", field.enumNames}};
        node["uniqueItems"] = true;
        break;
    case T::NumberMap: {
        node["type"] = "object";
        OrderedJson values = {{"type", "number"}};
        putRange(values, field);
        node["additionalProperties"] = std::move(values);
        node["propertyNames"] = {{"minLength", 1}};
        break;
    }
    case T::AnyObject:
        node["type"] = "object";
        break;
    case T::IntegerOrAuto:
    case T::NumberOrAuto: {
        OrderedJson value = {{"type", field.type == T::IntegerOrAuto ? "integer" : "number"}};
        putRange(value, field);
        node["anyOf"] = {OrderedJson{{"const", "auto"}}, std::move(value)};
        break;
    }
    }
    if (!field.defaultValue.is_null() && field.type != T::Object)
        node["default"] = field.defaultValue;
    return node;
}

} // namespace

OrderedJson projectJsonSchema()
{
    const std::vector<ProjectField> &all = projectFields();
    OrderedJson schema = OrderedJson::object();
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema";
    schema["$id"] = "aidc-project.schema.json";
    schema["title"] = "AIDC Planner project";
    schema["description"] = "An AI-training datacenter design (L0 site and halls to L3 workload), "
                            "format version " +
                            std::to_string(kProjectFormatVersion) +
                            ". Generated from model/projectfields.cpp; see "
                            "docs/project-format.md.";
    OrderedJson root = objectNode("", all);
    root["properties"]["schema"]["const"] = "aidc-project";
    schema.insert(root.begin(), root.end());
    return schema;
}

std::vector<std::string> documentedObjects()
{
    return {"",
            "/site",
            "/site/climate",
            "/halls/*",
            "/halls/*/rows/*",
            "/halls/*/rows/*/racks/*",
            "/power",
            "/power/ups",
            "/cooling",
            "/compute/pools/*",
            "/network/planes/*",
            "/network/planes/*/media",
            "/network/planes/*/media/boundaries/*",
            "/storage",
            "/workload",
            "/workload/model",
            "/workload/model/moe",
            "/workload/parallelism",
            "/workload/stack",
            "/workload/checkpoint",
            "/reliability",
            "/cost"};
}

std::string projectFieldsMarkdown(std::string_view objectPointer)
{
    std::string out = "| Key | Type | Unit | Default | Range | Meaning |\n"
                      "| --- | --- | --- | --- | --- | --- |\n";
    for (const ProjectField &field : projectFields()) {
        if (field.parent() != objectPointer || field.key() == "*")
            continue;
        std::string type(typeName(field.type));
        if (!field.enumNames.empty()) {
            std::string names;
            for (const std::string &name : field.enumNames)
                names += (names.empty() ? "" : ", ") + ("`\"" + name + "\"`");
            type = field.type == T::Enum ? names : "array of " + names;
        }
        // A constant default in code style; prose rules, "none" and **required** as written.
        std::string def = fieldDefaultText(field);
        const bool constant =
            field.defaultText.empty() && !field.required && !field.defaultValue.is_null();
        if (constant)
            def = "`" + def + "`";
        std::string meaning = field.description;
        if (field.sinceVersion > 1)
            meaning += " (since format " + std::to_string(field.sinceVersion) + ")";
        out += "| `" + field.key() + "` | " + type + " | " + field.unit + " | " + def + " | " +
               fieldRangeText(field) + " | " + meaning + " |\n";
    }
    return out;
}

} // namespace aidc
