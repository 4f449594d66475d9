#include "propertyfields.h"

#include "model/enumnames.h"
#include "model/modelpresets.h"
#include "model/projectedit.h"
#include "solvers/common/defaults.h"

#include <QLocale>

namespace aidc::ui {

namespace {

QString q(const std::string &text)
{
    return QString::fromStdString(text);
}

QString num(double value)
{
    return QString::number(value, 'g', 12);
}

// Appends fields of one JSON object (`base`) under a group heading.
class SheetBuilder
{
public:
    SheetBuilder(std::vector<PropertyField> &out, std::string base, QString group)
        : m_out(out)
        , m_base(std::move(base))
        , m_group(std::move(group))
    {
    }

    // Tooltip: meaning, then unit, range and default as the format doc gives them.
    static QString tip(const QString &meaning, const QString &unit, const QString &range,
                       const QString &defaultText)
    {
        QString text = meaning;
        if (!unit.isEmpty())
            text += QObject::tr("\nUnit: %1").arg(unit);
        if (!range.isEmpty())
            text += QObject::tr("\nRange: %1").arg(range);
        if (!defaultText.isEmpty())
            text += QObject::tr("\nDefault: %1").arg(defaultText);
        return text;
    }

    PropertyField &add(const char *key, const QString &label, PropertyField::Type type)
    {
        PropertyField field;
        field.pointer = m_base + '/' + key;
        field.group = m_group;
        field.label = label;
        field.type = type;
        m_out.push_back(std::move(field));
        return m_out.back();
    }

    PropertyField &text(const char *key, const QString &label, const std::string &value,
                        const QString &meaning, bool optional = true)
    {
        PropertyField &f = add(key, label, PropertyField::Type::Text);
        f.text = q(value);
        f.optional = optional;
        f.tooltip = tip(meaning, {}, {}, optional ? QObject::tr("empty") : QString());
        return f;
    }

    PropertyField &number(const char *key, const QString &label, const QString &unit, double value,
                          const QString &range, const QString &defaultText, const QString &meaning)
    {
        PropertyField &f = add(key, label, PropertyField::Type::Number);
        f.unit = unit;
        f.text = num(value);
        f.tooltip = tip(meaning, unit, range, defaultText);
        return f;
    }

    PropertyField &optNumber(const char *key, const QString &label, const QString &unit,
                             const std::optional<double> &value, const QString &range,
                             const QString &defaultText, const QString &meaning)
    {
        PropertyField &f = number(key, label, unit, value.value_or(0), range, defaultText, meaning);
        f.optional = true;
        f.text = value ? num(*value) : QString();
        f.placeholder = defaultText;
        return f;
    }

    PropertyField &integer(const char *key, const QString &label, const QString &unit,
                           long long value, const QString &range, const QString &defaultText,
                           const QString &meaning)
    {
        PropertyField &f = add(key, label, PropertyField::Type::Integer);
        f.unit = unit;
        f.text = QString::number(value);
        f.tooltip = tip(meaning, unit, range, defaultText);
        return f;
    }

    PropertyField &optInteger(const char *key, const QString &label, const QString &unit,
                              const std::optional<int> &value, const QString &range,
                              const QString &defaultText, const QString &meaning)
    {
        PropertyField &f =
            integer(key, label, unit, value.value_or(0), range, defaultText, meaning);
        f.optional = true;
        f.text = value ? QString::number(*value) : QString();
        f.placeholder = defaultText;
        return f;
    }

    PropertyField &boolean(const char *key, const QString &label, bool value,
                           const QString &defaultText, const QString &meaning)
    {
        PropertyField &f = add(key, label, PropertyField::Type::Bool);
        f.checked = value;
        f.tooltip = tip(meaning, {}, {}, defaultText);
        return f;
    }

    template<typename E>
    PropertyField &enumeration(const char *key, const QString &label, E value,
                               const EnumNames<E> &names, E defaultValue, const QString &meaning)
    {
        PropertyField &f = add(key, label, PropertyField::Type::Choice);
        for (const auto &[name, v] : names) {
            f.choiceValues << QString::fromLatin1(name);
            f.choiceLabels << QString::fromLatin1(name);
        }
        f.choice = QString::fromLatin1(enumName(names, value));
        f.tooltip = tip(meaning, {}, {}, QString::fromLatin1(enumName(names, defaultValue)));
        return f;
    }

    // A pick list of ids; "" first, labelled `defaultLabel`, when the member may be left out.
    PropertyField &pick(const char *key, const QString &label, const std::string &value,
                        const std::vector<std::string> &ids, const QString &defaultLabel,
                        const QString &meaning)
    {
        PropertyField &f = add(key, label, PropertyField::Type::Choice);
        if (!defaultLabel.isEmpty()) {
            f.choiceValues << QString();
            f.choiceLabels << defaultLabel;
            f.optional = true;
        }
        bool found = value.empty() && !defaultLabel.isEmpty();
        for (const std::string &id : ids) {
            f.choiceValues << q(id);
            f.choiceLabels << q(id);
            found = found || id == value;
        }
        if (!found) { // an id the catalog does not know: keep it visible so it can be replaced
            f.choiceValues << q(value);
            f.choiceLabels << QObject::tr("%1 (unknown)").arg(q(value));
        }
        f.choice = q(value);
        f.tooltip = tip(meaning, {}, {}, defaultLabel);
        return f;
    }

private:
    std::vector<PropertyField> &m_out;
    std::string m_base;
    QString m_group;
};

template<typename T> std::vector<std::string> idsOf(const std::vector<T> &parts)
{
    std::vector<std::string> ids;
    for (const T &part : parts)
        ids.push_back(part.id);
    return ids;
}

std::vector<std::string> coolingIds(const Catalog *catalog, const char *kind)
{
    std::vector<std::string> ids;
    if (catalog) {
        for (const CoolingUnit &unit : catalog->coolingUnits) {
            if (unit.kind == kind)
                ids.push_back(unit.id);
        }
    }
    return ids;
}

std::vector<std::string> transformerIds(const Catalog *catalog)
{
    std::vector<std::string> ids;
    if (catalog) {
        for (const PowerStage &stage : catalog->powerStages) {
            if (stage.stage == "transformer")
                ids.push_back(stage.id);
        }
    }
    return ids;
}

std::vector<std::string> poolNames(const Project &project)
{
    std::vector<std::string> names;
    for (const ComputePool &pool : project.pools)
        names.push_back(pool.name);
    return names;
}

QString numberList(const std::vector<double> &values)
{
    QStringList texts;
    for (double x : values)
        texts << num(x);
    return texts.join(", ");
}

template<std::size_t N> QString numberList(const std::array<double, N> &values)
{
    return numberList(std::vector<double>(values.begin(), values.end()));
}

const QString kRedundancyTip = QObject::tr("N: no spare; N+1: one spare module; 2N: two full "
                                           "paths; distributed: xN/y (x installed, y carry)");

void projectFields(std::vector<PropertyField> &out, const Project &project)
{
    SheetBuilder b(out, "", QObject::tr("Project"));
    b.text("name", QObject::tr("Project name"), project.name,
           QObject::tr("Shown in the title bar, reports and batch results"));
    b.text("description", QObject::tr("Description"), project.description,
           QObject::tr("What the design is and where its figures come from"));
}

void siteFields(std::vector<PropertyField> &out, const Site &site)
{
    SheetBuilder b(out, "/site", QObject::tr("Site"));
    b.text("name", QObject::tr("Name"), site.name, QObject::tr("Site name or location"));
    b.number("electricityUsdPerKWh", QObject::tr("Electricity price"), "USD/kWh",
             site.electricityUsdPerKWh, "0..10", "0.078", QObject::tr("Energy tariff"));
    b.number("demandChargeUsdPerKWMonth", QObject::tr("Demand charge"), "USD/(kW·month)",
             site.demandChargeUsdPerKWMonth, "0..1000", "0",
             QObject::tr("Demand charge on peak power"));
    b.number("gridCo2KgPerKWh", QObject::tr("Grid carbon intensity"), "kg CO2/kWh",
             site.gridCo2KgPerKWh, "0..2", "0.39 (US average)",
             QObject::tr("Carbon emitted per kWh drawn from the grid"));
    b.optNumber("utilityFeedMW", QObject::tr("Utility feed"), "MW", site.utilityFeedMW,
                "> 0, ≤ 100000", QObject::tr("unknown"),
                QObject::tr("Contracted grid capacity, if known"));

    // Climate{} (all zero) means "not given": the evaluation uses the reference climate.
    const bool ownClimate = site.climate != Climate{};
    const Climate reference = referenceClimate();
    const Climate &shown = ownClimate ? site.climate : reference;
    SheetBuilder c(out, "/site", QObject::tr("Climate"));
    PropertyField &custom = c.boolean(
        "climate", QObject::tr("Site's own climate"), ownClimate,
        QObject::tr("off: a temperate reference climate"),
        QObject::tr("Monthly outdoor air of the site; drives economizer hours. Switching it on "
                    "starts from the reference tables; switching it off removes the tables."));
    custom.trueValue = nlohmann::json{{"monthlyDryBulbC", reference.dryBulbC},
                                      {"monthlyWetBulbC", reference.wetBulbC}};
    custom.uncheckedRemoves = true;
    SheetBuilder t(out, "/site/climate", QObject::tr("Climate"));
    const QString range = QObject::tr("12 values, January first, each −90..60");
    PropertyField &dry = t.add("monthlyDryBulbC", QObject::tr("Dry bulb, monthly mean"),
                               PropertyField::Type::NumberList);
    dry.unit = QStringLiteral("°C");
    dry.text = numberList(shown.dryBulbC);
    dry.tooltip = SheetBuilder::tip(QObject::tr("Monthly mean dry-bulb temperature, comma "
                                                "separated"),
                                    dry.unit, range, QObject::tr("the reference climate"));
    dry.readOnly = !ownClimate;
    PropertyField &wet = t.add("monthlyWetBulbC", QObject::tr("Wet bulb, monthly mean"),
                               PropertyField::Type::NumberList);
    wet.unit = QStringLiteral("°C");
    wet.text = numberList(shown.wetBulbC);
    wet.tooltip = SheetBuilder::tip(
        QObject::tr("Monthly mean wet-bulb temperature, comma separated; at most the same "
                    "month's dry bulb"),
        wet.unit, range, QObject::tr("the reference climate"));
    wet.readOnly = !ownClimate;
}

void hallFields(std::vector<PropertyField> &out, int index, const Hall &hall)
{
    SheetBuilder b(out, hallPointer(index), QObject::tr("Hall"));
    b.text("id", QObject::tr("Id"), hall.id,
           QObject::tr("Unique hall id, referenced by pools that pin themselves to the hall"),
           false);
    b.text("name", QObject::tr("Name"), hall.name, QObject::tr("Display name"));
    b.number("widthM", QObject::tr("Width"), "m", hall.widthM, "> 0, ≤ 5000", {},
             QObject::tr("Extent along the rows (x)"));
    b.number("lengthM", QObject::tr("Length"), "m", hall.lengthM, "> 0, ≤ 5000", {},
             QObject::tr("Extent across the rows (y)"));
    b.optNumber("usableAreaM2", QObject::tr("Usable area"), "m²", hall.usableAreaM2,
                QObject::tr("> 0, ≤ width × length"), QObject::tr("70 % of width × length"),
                QObject::tr("White space usable for racks"));
    b.number("floorLoadKPa", QObject::tr("Floor load rating"), "kPa", hall.floorLoadKPa,
             "> 0, ≤ 100", "12 (TIA-942)", QObject::tr("Load the floor carries per area"));
    b.optNumber("powerCapacityMW", QObject::tr("Power capacity"), "MW", hall.powerCapacityMW,
                "> 0, ≤ 10000", QObject::tr("unlimited"),
                QObject::tr("Critical IT power the hall's electrical plant carries"));
    b.optNumber("coolingCapacityMW", QObject::tr("Cooling capacity"), "MW", hall.coolingCapacityMW,
                "> 0, ≤ 10000", QObject::tr("unlimited"),
                QObject::tr("Heat the hall's cooling can reject"));
    b.number("rowPitchM", QObject::tr("Row pitch"), "m", hall.rowPitchM, "1..20", "3.6",
             QObject::tr("Row-to-row distance: rack depth + cold aisle + hot aisle"));
}

void rowFields(std::vector<PropertyField> &out, int hall, int index, const Row &row)
{
    SheetBuilder b(out, rowPointer(hall, index), QObject::tr("Row"));
    b.text("id", QObject::tr("Id"), row.id, QObject::tr("Row id, unique within the hall"), false);
    b.number("xM", QObject::tr("Origin x"), "m", row.xM, QObject::tr("0..hall width"), "0",
             QObject::tr("Left front corner of the first rack, along the hall's width"));
    b.number("yM", QObject::tr("Origin y"), "m", row.yM, QObject::tr("0..hall length"), "0",
             QObject::tr("Left front corner of the first rack, across the rows"));
    b.number("rackPitchM", QObject::tr("Rack pitch"), "m", row.rackPitchM, "0.3..3", "0.6",
             QObject::tr("Rack width along the row (600 mm racks)"));
}

void rackFields(std::vector<PropertyField> &out, const Project &project, int hall, int row,
                int slot, const RackSlot &rack, const Catalog *catalog)
{
    SheetBuilder b(out, rackPointer(hall, row, slot), QObject::tr("Rack"));
    b.text("id", QObject::tr("Id"), rack.id,
           QObject::tr("Rack id, unique in the project; used in cable schedules and violations"),
           false);
    b.enumeration("role", QObject::tr("Role"), rack.role, rackRoleNames(), RackRole::Compute,
                  QObject::tr("What the rack holds"));
    b.pick("rackType", QObject::tr("Rack type"), rack.rackType,
           catalog ? idsOf(catalog->rackTypes) : std::vector<std::string>(),
           QObject::tr("(default for the role)"), QObject::tr("Catalog rack model"));
    b.pick("pool", QObject::tr("Pool"), rack.pool, poolNames(project), QObject::tr("(none)"),
           QObject::tr("Compute racks: the pool whose servers the rack holds"));
    b.integer("servers", QObject::tr("Servers"), {}, rack.servers, "0..256", "0",
              QObject::tr("Compute racks: servers in the rack (a rack-scale system counts as 1)"));
}

void poolFields(std::vector<PropertyField> &out, const Project &project, int index,
                const Catalog *catalog)
{
    const ComputePool &pool = project.pools[index];
    SheetBuilder b(out, "/compute/pools/" + std::to_string(index), QObject::tr("Compute pool"));
    b.text("name", QObject::tr("Name"), pool.name,
           QObject::tr("Unique pool name, referenced by racks, planes and the workload"), false);
    b.pick("gpu", QObject::tr("Accelerator"), pool.gpu,
           catalog ? idsOf(catalog->accelerators) : std::vector<std::string>(), {},
           QObject::tr("Catalog accelerator of every GPU in the pool"));
    b.pick("server", QObject::tr("Server"), pool.server,
           catalog ? idsOf(catalog->servers) : std::vector<std::string>(),
           QObject::tr("(the accelerator's default)"), QObject::tr("Catalog server or system"));
    b.integer("gpuCount", QObject::tr("GPUs"), QObject::tr("GPUs"), pool.gpuCount, "1..2,000,000",
              {}, QObject::tr("Accelerators in the pool"));
    b.optInteger("serversPerRack", QObject::tr("Servers per rack"), {}, pool.serversPerRack,
                 "1..256", QObject::tr("from the rack's power rating"),
                 QObject::tr("Servers packed into each compute rack"));
    std::vector<std::string> halls;
    for (const Hall &hall : project.halls)
        halls.push_back(hall.id);
    b.pick("hall", QObject::tr("Hall"), pool.hall, halls, QObject::tr("(layout chooses)"),
           QObject::tr("Pins the pool to a hall"));
}

void planeFields(std::vector<PropertyField> &out, const Project &project, int index,
                 const Catalog *catalog)
{
    const FabricPlane &plane = project.planes[index];
    const FabricPlane d;
    SheetBuilder b(out, "/network/planes/" + std::to_string(index), QObject::tr("Fabric plane"));
    b.text("name", QObject::tr("Name"), plane.name, QObject::tr("Unique plane name"), false);
    b.enumeration("role", QObject::tr("Role"), plane.role, planeRoleNames(), d.role,
                  QObject::tr("Which network: backend (GPU), frontend, storage or OOB"));
    b.enumeration("technology", QObject::tr("Technology"), plane.technology, technologyNames(),
                  d.technology, QObject::tr("InfiniBand or Ethernet"));
    b.pick("switch", QObject::tr("Switch"), plane.switchModel,
           catalog ? idsOf(catalog->switches) : std::vector<std::string>(),
           QObject::tr("(default for the plane)"), QObject::tr("Catalog switch model"));
    b.number("portGbps", QObject::tr("Port speed"), "Gbit/s", plane.portGbps, "> 0, ≤ 3200", "400",
             QObject::tr("Endpoint port speed in this plane"));
    b.integer("parallelPlanes", QObject::tr("Parallel planes"), {}, plane.parallelPlanes, "1..64",
              "1", QObject::tr("Identical planes (an 800G NIC run as 2 × 400G: 2)"));
    b.optInteger("endpointsPerServer", QObject::tr("Endpoints per server"), {},
                 plane.endpointsPerServer, "1..64",
                 QObject::tr("GPUs (backend), 2 (frontend, storage), 1 (OOB)"),
                 QObject::tr("Ports each server attaches to this plane"));
    b.boolean("railOptimized", QObject::tr("Rail-optimized"), plane.railOptimized, "true",
              QObject::tr("GPU n of every server goes to leaf n of its group"));
    b.enumeration("leafPlacement", QObject::tr("Leaf placement"), plane.leafPlacement,
                  leafPlacementNames(), d.leafPlacement,
                  QObject::tr("Where leaf switches sit: top of rack, middle or end of row, or "
                              "dedicated network racks"));
    PropertyField &tiers = b.add("tiers", QObject::tr("Tiers"), PropertyField::Type::Choice);
    tiers.choiceValues = {"auto", "2", "3", "4"};
    tiers.choiceLabels = {QObject::tr("auto (fewest that fit)"), "2", "3", "4"};
    tiers.choiceNumbers = true;
    tiers.choice = plane.tiers ? QString::number(*plane.tiers) : QStringLiteral("auto");
    tiers.tooltip =
        SheetBuilder::tip(QObject::tr("Switch tiers of the fabric"), {}, "2, 3, 4", "auto");
    PropertyField &over =
        b.add("oversubscription", QObject::tr("Oversubscription"), PropertyField::Type::NumberList);
    over.text = numberList(plane.oversubscription);
    over.optional = true;
    over.placeholder = QObject::tr("non-blocking");
    over.tooltip = SheetBuilder::tip(
        QObject::tr("Per tier boundary, leaf→spine first, comma separated; 1 = non-blocking"),
        QObject::tr("ratio"), QObject::tr("each 1..64, at most tiers − 1 entries"),
        QObject::tr("non-blocking"));
    b.optInteger("islandGpus", QObject::tr("Island size"), QObject::tr("GPUs"), plane.islandGpus,
                 "1..2,000,000", QObject::tr("none"),
                 QObject::tr("GPUs in a full-bisection island"));
    b.number("islandOversubscription", QObject::tr("Oversubscription between islands"),
             QObject::tr("ratio"), plane.islandOversubscription, "1..64", "1",
             QObject::tr("Oversubscription above the islands"));
    PropertyField &pools =
        b.add("pools", QObject::tr("Pools attached"), PropertyField::Type::TextList);
    QStringList names;
    for (const std::string &name : plane.pools)
        names << q(name);
    pools.text = names.join(", ");
    pools.optional = true;
    pools.placeholder = QObject::tr("all pools");
    pools.tooltip = SheetBuilder::tip(QObject::tr("Pool names, comma separated"), {}, {},
                                      QObject::tr("all pools"));
    b.boolean("allowAoc", QObject::tr("Allow active optical cables"), plane.allowAoc, "true",
              QObject::tr("May the cabling solver use AOCs"));
}

void powerFields(std::vector<PropertyField> &out, const PowerDesign &power, const Catalog *catalog)
{
    const PowerDesign d;
    SheetBuilder b(out, "/power", QObject::tr("Power distribution"));
    b.number("utilityVoltageKV", QObject::tr("Utility voltage"), "kV", power.utilityVoltageKV,
             "> 0, ≤ 1000", "34.5", QObject::tr("Medium-voltage utility feed"));
    b.pick("transformer", QObject::tr("Transformer"), power.transformer, transformerIds(catalog),
           QObject::tr("(default)"), QObject::tr("MV/LV transformer model"));
    b.enumeration("distribution", QObject::tr("Rack distribution"), power.distribution,
                  distributionNames(), d.distribution,
                  QObject::tr("12 V shelves, 48 V busbar or 800 V DC"));
    b.number("gpuLoadFactor", QObject::tr("GPU load factor"), {}, power.gpuLoadFactor, "> 0, ≤ 1.5",
             "1.0", QObject::tr("Provisioned power ÷ accelerator TDP"));
    b.number("averageLoadFactor", QObject::tr("Average load factor"), QObject::tr("fraction"),
             power.averageLoadFactor, "0..1", "0.8",
             QObject::tr("Average ÷ peak IT power, for energy"));
    b.number("otherItFraction", QObject::tr("Other IT load"), QObject::tr("fraction"),
             power.otherItFraction, "0..1", "0",
             QObject::tr("Extra IT load not modelled bottom-up, as a share of IT"));
    b.boolean("generators", QObject::tr("Backup generators"), power.generators, "true",
              QObject::tr("Diesel or gas generators back up the utility"));
    b.enumeration("generatorRedundancy", QObject::tr("Generator redundancy"),
                  power.generatorRedundancy, redundancyNames(), d.generatorRedundancy,
                  kRedundancyTip);
    b.optNumber("pue", QObject::tr("PUE override"), {}, power.pueOverride, "1..5",
                QObject::tr("bottom-up PUE"),
                QObject::tr("Use this PUE instead of the computed one"));
    SheetBuilder u(out, "/power/ups", QObject::tr("UPS"));
    u.enumeration("type", QObject::tr("UPS type"), power.ups.type, upsTypeNames(), d.ups.type,
                  QObject::tr("Double conversion, eco mode or none"));
    u.enumeration("redundancy", QObject::tr("UPS redundancy"), power.ups.redundancy,
                  redundancyNames(), d.ups.redundancy, kRedundancyTip);
    u.integer("modules", QObject::tr("Modules carrying the load"), {}, power.ups.modules, "1..1000",
              "4", QObject::tr("N+1: modules carrying the load"));
    u.integer("distributedX", QObject::tr("Distributed: installed"), {}, power.ups.distributedX,
              "2..100", "4", QObject::tr("Distributed redundancy: modules installed"));
    u.integer("distributedY", QObject::tr("Distributed: carrying"), {}, power.ups.distributedY,
              QObject::tr("1..100, fewer than installed"), "3",
              QObject::tr("Distributed redundancy: modules carrying the load (4 to make 3)"));
}

void coolingFields(std::vector<PropertyField> &out, const CoolingDesign &cooling,
                   const Catalog *catalog)
{
    const CoolingDesign d;
    SheetBuilder b(out, "/cooling", QObject::tr("Cooling"));
    b.enumeration("type", QObject::tr("Cooling type"), cooling.type, coolingTypeNames(), d.type,
                  QObject::tr("Air, direct liquid, immersion or rear-door heat exchangers"));
    b.number("liquidFraction", QObject::tr("Heat to liquid"), QObject::tr("fraction"),
             cooling.liquidFraction, "0..1", "0.8",
             QObject::tr("Direct liquid: share of rack heat taken by liquid (75–85 % typical)"));
    b.number("supplyWaterC", QObject::tr("Supply water"), "°C", cooling.supplyWaterC, "5..70",
             "32 (ASHRAE W32)", QObject::tr("Facility water supply temperature"));
    b.number("designDeltaTK", QObject::tr("Loop temperature rise"), "K", cooling.designDeltaTK,
             "> 0, ≤ 40", "10", QObject::tr("Rack loop temperature rise"));
    b.pick("cdu", QObject::tr("CDU"), cooling.cdu, coolingIds(catalog, "cdu"),
           QObject::tr("(default)"), QObject::tr("Coolant distribution unit model"));
    b.enumeration("cduRedundancy", QObject::tr("CDU redundancy"), cooling.cduRedundancy,
                  redundancyNames(), d.cduRedundancy, kRedundancyTip);
    b.pick("chiller", QObject::tr("Chiller"), cooling.chiller, coolingIds(catalog, "chiller"),
           QObject::tr("(default)"), QObject::tr("Chiller model"));
    b.boolean("economizer", QObject::tr("Economizer"), cooling.economizer, "true",
              QObject::tr("Free cooling when the climate allows"));
}

void storageFields(std::vector<PropertyField> &out, const StorageDesign &storage,
                   const Catalog *catalog)
{
    SheetBuilder b(out, "/storage", QObject::tr("Storage"));
    b.number("capacityPB", QObject::tr("Capacity"), "PB", storage.capacityPB, "0..1e6",
             QObject::tr("0 = sized from the checkpoints"), QObject::tr("Usable capacity"));
    b.number("writeTBps", QObject::tr("Write bandwidth"), "TB/s", storage.writeTBps, "0..1e5",
             QObject::tr("0 = from the system's per-node rate"),
             QObject::tr("Aggregate write bandwidth"));
    b.number("readTBps", QObject::tr("Read bandwidth"), "TB/s", storage.readTBps, "0..1e5",
             QObject::tr("0 = from the system's per-node rate"),
             QObject::tr("Aggregate read bandwidth"));
    b.pick("system", QObject::tr("Storage system"), storage.system,
           catalog ? idsOf(catalog->storageSystems) : std::vector<std::string>(),
           QObject::tr("(default all-flash PFS)"), QObject::tr("Catalog storage system"));
}

// "Start from": a published architecture replaces the whole model (one undo step); "(custom)"
// sends the model as it is, which changes nothing.
void modelPresetField(std::vector<PropertyField> &out, const ModelArchitecture &current)
{
    // The presets never change: their JSON is written once, not on every refresh of the sheet.
    static const std::vector<nlohmann::json> presetJson = [] {
        std::vector<nlohmann::json> json;
        for (const ModelPreset &preset : modelPresets())
            json.push_back(partDocument(preset.model));
        return json;
    }();
    PropertyField field;
    field.pointer = "/workload/model";
    field.group = QObject::tr("Model");
    field.label = QObject::tr("Start from");
    field.type = PropertyField::Type::Choice;
    field.choiceValues << QString();
    field.choiceLabels << QObject::tr("(custom)");
    field.choiceJson.push_back(partDocument(current));
    QString sources;
    const std::vector<ModelPreset> &presets = modelPresets();
    for (std::size_t i = 0; i < presets.size(); ++i) {
        field.choiceValues << q(presets[i].id);
        field.choiceLabels << q(presets[i].model.name);
        field.choiceJson.push_back(presetJson[i]);
        if (presets[i].model == current)
            field.choice = q(presets[i].id);
        sources += QStringLiteral("\n%1: %2").arg(q(presets[i].model.name), q(presets[i].source));
    }
    field.tooltip = SheetBuilder::tip(QObject::tr("Replace the model by a published architecture "
                                                  "(every field below, MoE included)") +
                                          sources,
                                      {}, {}, QObject::tr("(custom)"));
    out.push_back(std::move(field));
}

void workloadFields(std::vector<PropertyField> &out, const Project &project)
{
    const Workload w = project.workload.value_or(Workload());
    const Workload d;
    SheetBuilder b(out, "/workload", QObject::tr("Training run"));
    b.number("trainingTokens", QObject::tr("Training tokens"), QObject::tr("tokens"),
             w.trainingTokens, "> 0, ≤ 1e16", {}, QObject::tr("Token budget of the run"));
    b.integer("globalBatchSequences", QObject::tr("Global batch"), QObject::tr("sequences"),
              w.globalBatchSequences, "1..100,000,000", {},
              QObject::tr("Sequences per optimizer step"));
    b.enumeration("precision", QObject::tr("Precision"), w.precision, precisionNames(), d.precision,
                  QObject::tr("GEMM precision"));
    b.pick("pool", QObject::tr("Pool"), w.pool, poolNames(project), QObject::tr("(largest pool)"),
           QObject::tr("Pool that runs the job"));
    b.integer("gpus", QObject::tr("GPUs used"), QObject::tr("GPUs"), w.gpus,
              QObject::tr("0..the pool's GPUs"), QObject::tr("0 = the whole pool"),
              QObject::tr("GPUs the job uses"));

    const ModelArchitecture &m = w.model;
    SheetBuilder mb(out, "/workload/model", QObject::tr("Model"));
    modelPresetField(out, m);
    mb.text("name", QObject::tr("Name"), m.name, QObject::tr("Model name"));
    mb.integer("layers", QObject::tr("Layers"), {}, m.layers, "1..10000", {},
               QObject::tr("Transformer layers"));
    mb.integer("hidden", QObject::tr("Hidden size"), QObject::tr("elements"), m.hidden,
               "1..1,000,000", {}, QObject::tr("Model width"));
    mb.integer("ffnHidden", QObject::tr("FFN hidden size"), QObject::tr("elements"), m.ffnHidden,
               "1..10,000,000", {}, QObject::tr("Dense FFN width"));
    mb.integer("heads", QObject::tr("Attention heads"), {}, m.heads, "1..100,000", {},
               QObject::tr("Query heads; must divide the hidden size unless headDim is given"));
    mb.integer("kvHeads", QObject::tr("KV heads"), {}, m.kvHeads,
               QObject::tr("1..heads, divides heads"), QObject::tr("= heads"),
               QObject::tr("Key/value heads (GQA when fewer than heads)"));
    mb.integer("headDim", QObject::tr("Head dimension"), QObject::tr("elements"), m.headDim,
               "0..100,000", QObject::tr("0 = hidden ÷ heads"), QObject::tr("Width of one head"));
    mb.integer("vocab", QObject::tr("Vocabulary"), QObject::tr("tokens"), m.vocab, "1..100,000,000",
               {}, QObject::tr("Vocabulary size"));
    mb.integer("seqLen", QObject::tr("Sequence length"), QObject::tr("tokens"), m.seqLen,
               "1..100,000,000", {}, QObject::tr("Training sequence length"));
    mb.enumeration("ffn", QObject::tr("FFN type"), m.ffn, ffnTypeNames(), d.model.ffn,
                   QObject::tr("SwiGLU (3 matrices) or GELU (2 matrices)"));
    mb.boolean("tiedEmbeddings", QObject::tr("Tied embeddings"), m.tiedEmbeddings, "false",
               QObject::tr("Input and output embeddings shared"));

    SheetBuilder eb(out, "/workload/model", QObject::tr("Mixture of experts"));
    PropertyField &isMoe = eb.boolean(
        "moe", QObject::tr("Mixture of experts"), m.moe.has_value(), QObject::tr("off (dense)"),
        QObject::tr("Routed expert FFN layers. Switching it on starts from 8 experts, "
                    "top-2; switching it off makes the model dense again."));
    isMoe.trueValue = nlohmann::json{{"experts", 8}, {"topK", 2}};
    isMoe.uncheckedRemoves = true;
    const MoeSpec e = m.moe.value_or(MoeSpec());
    SheetBuilder me(out, "/workload/model/moe", QObject::tr("Mixture of experts"));
    const std::size_t firstMoe = out.size();
    me.integer("experts", QObject::tr("Routed experts"), {}, e.experts, "1..1,000,000", {},
               QObject::tr("Routed experts per MoE layer"));
    me.integer("topK", QObject::tr("Active experts (top-k)"), {}, e.topK,
               QObject::tr("1..routed experts"), {},
               QObject::tr("Routed experts active per token"));
    me.integer("sharedExperts", QObject::tr("Shared experts"), {}, e.sharedExperts, "0..1000", "0",
               QObject::tr("Always-active experts per MoE layer"));
    me.integer("expertFfnHidden", QObject::tr("Expert FFN width"), QObject::tr("elements"),
               e.expertFfnHidden, "0..10,000,000", QObject::tr("0 = the FFN hidden size"),
               QObject::tr("FFN width of one expert"));
    me.integer("layerFrequency", QObject::tr("MoE layer frequency"), {}, e.layerFrequency,
               "1..10000", "1", QObject::tr("Every n-th layer is an MoE layer"));
    me.integer("firstDenseLayers", QObject::tr("Leading dense layers"), {}, e.firstDenseLayers,
               QObject::tr("0..layers − 1"), "0",
               QObject::tr("Dense layers before the first MoE layer (DeepSeek-V3: 3)"));
    me.number("loadImbalance", QObject::tr("Load imbalance"), QObject::tr("ratio"), e.loadImbalance,
              "1..100", "1.1", QObject::tr("Token load of the busiest expert rank ÷ the mean"));
    for (std::size_t i = firstMoe; i < out.size(); ++i)
        out[i].readOnly = !m.moe; // only a MoE model has these

    const Parallelism &p = w.parallelism;
    SheetBuilder pb(out, "/workload", QObject::tr("Parallelism"));
    PropertyField &automatic =
        pb.boolean("parallelism", QObject::tr("Automatic parallelism"), p.automatic, "true",
                   QObject::tr("Let the performance solver search every "
                               "parallelism size"));
    automatic.trueValue = "auto";
    automatic.falseValue = nlohmann::json::object();
    const Parallelism dp;
    SheetBuilder pp(out, "/workload/parallelism", QObject::tr("Parallelism"));
    const std::size_t firstFixed = out.size();
    pp.integer("tp", QObject::tr("Tensor parallel"), {}, p.tp, "1..1024", "1", {});
    pp.integer("pp", QObject::tr("Pipeline parallel"), {}, p.pp, "1..1024", "1", {});
    pp.integer("dp", QObject::tr("Data parallel"), {}, p.dp, "0..2,000,000",
               QObject::tr("0 = derived from the GPUs"), {});
    pp.integer("cp", QObject::tr("Context parallel"), {}, p.cp, "1..1024", "1", {});
    pp.integer("ep", QObject::tr("Expert parallel"), {}, p.ep, "1..100,000", "1", {});
    pp.integer("microBatch", QObject::tr("Micro-batch"), QObject::tr("sequences"), p.microBatch,
               "1..1,000,000", "1", QObject::tr("Sequences per micro-batch"));
    pp.integer("virtualStages", QObject::tr("Virtual stages"), {}, p.virtualStages, "1..1024", "1",
               QObject::tr("Interleaved 1F1B chunks per stage"));
    pp.enumeration("schedule", QObject::tr("Pipeline schedule"), p.schedule,
                   pipelineScheduleNames(), dp.schedule, QObject::tr("Pipeline schedule"));
    pp.integer("zeroStage", QObject::tr("ZeRO stage"), {}, p.zeroStage, "0..3", "1",
               QObject::tr("ZeRO / FSDP sharding stage"));
    pp.enumeration("recompute", QObject::tr("Recompute"), p.recompute, recomputeNames(),
                   dp.recompute, QObject::tr("Activation recomputation"));
    for (std::size_t i = firstFixed; i < out.size(); ++i)
        out[i].readOnly = p.automatic; // fixed sizes only matter without the search

    const CheckpointPolicy &c = w.checkpoint;
    SheetBuilder cb(out, "/workload/checkpoint", QObject::tr("Checkpoints"));
    PropertyField &interval =
        cb.number("interval", QObject::tr("Interval"), "min", c.intervalMinutes,
                  "> 0, ≤ 10080 or auto", QObject::tr("auto (Young/Daly optimum)"),
                  QObject::tr("Minutes between checkpoints, or auto"));
    interval.autoKeyword = true;
    interval.placeholder = QStringLiteral("auto");
    if (c.automaticInterval)
        interval.text = QStringLiteral("auto");
    cb.boolean("asynchronous", QObject::tr("Asynchronous"), c.asynchronous, "false",
               QObject::tr("Snapshot to host memory, persist in the background"));
    cb.enumeration("tier", QObject::tr("Tier"), c.tier, checkpointTierNames(), d.checkpoint.tier,
                   QObject::tr("Where checkpoints are written"));
    cb.number("bytesPerParameter", QObject::tr("Bytes per parameter"), QObject::tr("bytes"),
              c.bytesPerParameter, "> 0, ≤ 64", "14",
              QObject::tr("FP32 master + Adam moments + BF16 weights"));
}

void reliabilityFields(std::vector<PropertyField> &out, const ReliabilitySettings &r,
                       const Catalog *catalog)
{
    SheetBuilder b(out, "/reliability", QObject::tr("Reliability"));
    b.number("detectionMinutes", QObject::tr("Detection time"), "min", r.detectionMinutes,
             "0..10080", "5", QObject::tr("Time to detect a failure"));
    b.number("restartMinutes", QObject::tr("Restart time"), "min", r.restartMinutes, "0..10080",
             "15", QObject::tr("Reschedule + communicator init + warm-up"));
    b.number("repairHours", QObject::tr("Repair time"), "h", r.repairHours, "0..8760", "48",
             QObject::tr("Localise and repair a hardware fault"));
    b.number("spareConfidence", QObject::tr("Spare confidence"), QObject::tr("probability"),
             r.spareConfidence, "0 ≤ x < 1", "0.99",
             QObject::tr("Confidence that spares cover failures during repair"));
    b.optInteger("spareNodes", QObject::tr("Spare nodes"), QObject::tr("nodes"), r.spareNodes,
                 "0..1,000,000", QObject::tr("sized by the solver"),
                 QObject::tr("Fixed number of spare nodes"));

    // One override per component class the catalog rates, and any the project names besides.
    std::map<std::string, const FailureRate *> classes;
    if (catalog) {
        for (const FailureRate &rate : catalog->failureRates)
            classes[rate.componentClass] = &rate;
    }
    for (const auto &[componentClass, rate] : r.failuresPerYearOverride)
        classes.emplace(componentClass, nullptr);
    SheetBuilder f(out, "/reliability/failuresPerYear", QObject::tr("Failure rates"));
    for (const auto &[componentClass, rate] : classes) {
        const auto given = r.failuresPerYearOverride.find(componentClass);
        const bool overridden = given != r.failuresPerYearOverride.end();
        const QString catalogRate =
            rate ? QObject::tr("%1 (catalog)").arg(num(rate->failuresPerYear))
                 : QObject::tr("not in the catalog");
        QString meaning = QObject::tr("Failures per unit-year of every '%1'; empty = the catalog "
                                      "rate")
                              .arg(q(componentClass));
        if (rate) {
            const auto source = rate->sources.find("failuresPerYear");
            if (source != rate->sources.end())
                meaning += QObject::tr("\nCatalog source: %1").arg(q(source->second.source));
        }
        // An optional number without std::optional: GCC 12 -O3 warns (maybe-uninitialized) on
        // an optional built in a conditional here.
        PropertyField &field =
            f.number(componentClass.c_str(), q(componentClass), QObject::tr("per unit-year"),
                     overridden ? given->second : 0.0, "0..1000", catalogRate, meaning);
        field.optional = true;
        field.placeholder = catalogRate;
        if (!overridden)
            field.text.clear();
    }
}

void costFields(std::vector<PropertyField> &out, const CostSettings &c)
{
    SheetBuilder b(out, "/cost", QObject::tr("Cost"));
    b.number("horizonYears", QObject::tr("Horizon"), QObject::tr("years"), c.horizonYears,
             "> 0, ≤ 50", "5", QObject::tr("TCO horizon"));
    b.number("costOfCapital", QObject::tr("Cost of capital"), QObject::tr("per year"),
             c.costOfCapital, "0..1", "0.08", QObject::tr("Discount rate"));
    b.number("staffUsdPerYear", QObject::tr("Staff"), "USD/year", c.staffUsdPerYear, "0..1e12", "0",
             QObject::tr("Operations staff cost"));
    b.number("networkServicesUsdPerYear", QObject::tr("Network services"), "USD/year",
             c.networkServicesUsdPerYear, "0..1e12", "0",
             QObject::tr("WAN and other network services"));
    b.text("priceBook", QObject::tr("Price book"), c.priceBook,
           QObject::tr("SQLite price book path (empty = catalog prices only)"));
}

void rackTypeFields(std::vector<PropertyField> &out, const std::string &id, const Catalog *catalog)
{
    const RackType *type = catalog ? catalog->rackType(id) : nullptr;
    if (!type)
        return;
    SheetBuilder b(out, "", QObject::tr("Catalog rack type"));
    auto ro = [](PropertyField &f) {
        f.readOnly = true;
    };
    ro(b.text("id", QObject::tr("Id"), type->id, QObject::tr("Catalog id")));
    ro(b.text("name", QObject::tr("Name"), type->name, QObject::tr("Model")));
    ro(b.integer("heightU", QObject::tr("Height"), "U", type->heightU, {}, {},
                 QObject::tr("Rack units")));
    ro(b.number("widthMm", QObject::tr("Width"), "mm", type->widthMm, {}, {}, {}));
    ro(b.number("depthMm", QObject::tr("Depth"), "mm", type->depthMm, {}, {}, {}));
    ro(b.number("maxPowerKW", QObject::tr("Power rating"), "kW", type->maxPowerKW, {}, {},
                QObject::tr("Electrical/thermal rating of the rack")));
    ro(b.number("staticLoadKg", QObject::tr("Static load rating"), "kg", type->staticLoadKg, {}, {},
                {}));
    ro(b.boolean("liquidCooled", QObject::tr("Liquid cooled"), type->liquidCooled, {}, {}));
}

} // namespace

QString PropertyField::labelWithUnit() const
{
    return unit.isEmpty() ? label : QStringLiteral("%1 (%2)").arg(label, unit);
}

PropertySheet propertySheet(const Project &project, const Selection &selection,
                            const LayoutResult *layout, const Catalog *catalog)
{
    using K = Selection::Kind;
    PropertySheet sheet;
    const bool hallInProject = selection.hall >= 0 && selection.hall < int(project.halls.size());
    const LayoutHall *layoutHall =
        layout && selection.hall >= 0 && selection.hall < int(layout->halls.size())
            ? &layout->halls[selection.hall]
            : nullptr;
    sheet.needsPinning = selection.needsPinning(project);
    if (sheet.needsPinning)
        sheet.note = QObject::tr("Placed by the layout solver. Editing it pins the whole "
                                 "automatic layout into the project first (one undo step).");
    switch (selection.kind) {
    case K::None:
        sheet.title = QObject::tr("Nothing selected");
        break;
    case K::Site:
        sheet.title = QObject::tr("Project and site");
        projectFields(sheet.fields, project);
        siteFields(sheet.fields, project.site);
        break;
    case K::Hall: {
        Hall hall;
        if (hallInProject) {
            hall = project.halls[selection.hall];
        } else if (layoutHall) {
            hall = hallOf(*layoutHall);
        } else {
            break;
        }
        sheet.title = QObject::tr("Hall %1").arg(q(hall.id));
        hallFields(sheet.fields, selection.hall, hall);
        break;
    }
    case K::Row: {
        Row row;
        if (!sheet.needsPinning && hallInProject &&
            selection.row < int(project.halls[selection.hall].rows.size())) {
            row = project.halls[selection.hall].rows[selection.row];
        } else if (layoutHall && selection.row >= 0 &&
                   selection.row < int(layoutHall->rows.size())) {
            row = rowOf(layoutHall->rows[selection.row]);
        } else {
            break;
        }
        sheet.title = QObject::tr("Row %1").arg(q(row.id));
        rowFields(sheet.fields, selection.hall, selection.row, row);
        break;
    }
    case K::Rack: {
        RackSlot rack;
        if (!sheet.needsPinning && hallInProject) {
            rack = project.halls[selection.hall].rows[selection.row].racks[selection.slot];
        } else if (layout) {
            const int index =
                layoutRackIndex(*layout, selection.hall, selection.row, selection.slot);
            if (index < 0)
                break;
            rack = rackSlotOf(layout->racks[index]);
        } else {
            break;
        }
        sheet.title = QObject::tr("Rack %1").arg(q(rack.id));
        rackFields(sheet.fields, project, selection.hall, selection.row, selection.slot, rack,
                   catalog);
        break;
    }
    case K::Power:
        sheet.title = QObject::tr("Power distribution");
        powerFields(sheet.fields, project.power, catalog);
        break;
    case K::Cooling:
        sheet.title = QObject::tr("Cooling");
        coolingFields(sheet.fields, project.cooling, catalog);
        break;
    case K::RackType:
        sheet.title = QObject::tr("Rack type %1").arg(q(selection.rackType));
        sheet.note = QObject::tr("Catalog data (read-only); override it in the project's "
                                 "catalogOverrides.");
        rackTypeFields(sheet.fields, selection.rackType, catalog);
        break;
    case K::Pool:
        if (selection.index < 0 || selection.index >= int(project.pools.size()))
            break;
        sheet.title = QObject::tr("Pool %1").arg(q(project.pools[selection.index].name));
        poolFields(sheet.fields, project, selection.index, catalog);
        break;
    case K::Plane:
        if (selection.index < 0 || selection.index >= int(project.planes.size()))
            break;
        sheet.title = QObject::tr("Plane %1").arg(q(project.planes[selection.index].name));
        planeFields(sheet.fields, project, selection.index, catalog);
        break;
    case K::Storage:
        sheet.title = QObject::tr("Storage");
        storageFields(sheet.fields, project.storage, catalog);
        break;
    case K::Workload:
        sheet.title = QObject::tr("Workload");
        if (!project.workload)
            sheet.note = QObject::tr("The project has no workload: give the model, the token "
                                     "budget and the global batch to add one.");
        workloadFields(sheet.fields, project);
        break;
    case K::Reliability:
        sheet.title = QObject::tr("Reliability settings");
        reliabilityFields(sheet.fields, project.reliability, catalog);
        break;
    case K::Cost:
        sheet.title = QObject::tr("Cost settings");
        costFields(sheet.fields, project.cost);
        break;
    case K::CatalogOverrides: {
        sheet.title = QObject::tr("Catalog overrides");
        sheet.note = QObject::tr("Catalog entries this project replaces or adds, merged over the "
                                 "part catalog (docs/catalog-format.md, \"Overriding from a "
                                 "project\"). Apply checks them against the catalog.");
        PropertyField field;
        field.pointer = "/catalogOverrides";
        field.group = QObject::tr("Catalog overrides");
        field.label = QObject::tr("JSON object");
        field.type = PropertyField::Type::Json;
        field.optional = true;
        field.placeholder = QObject::tr("{ \"accelerators\": [ { \"id\": \"H100-SXM\", "
                                        "\"tdpW\": 650 } ] }");
        if (!project.catalogOverridesJson.empty())
            field.text = q(nlohmann::json::parse(project.catalogOverridesJson).dump(2));
        field.tooltip = SheetBuilder::tip(QObject::tr("Part catalog entries by kind, each "
                                                      "matched by id; empty = none"),
                                          {}, {}, QObject::tr("none"));
        sheet.fields.push_back(std::move(field));
        break;
    }
    }
    return sheet;
}

std::optional<nlohmann::json> fieldValue(const PropertyField &field, const QString &input)
{
    const QString text = input.trimmed();
    switch (field.type) {
    case PropertyField::Type::Text:
        if (text.isEmpty() && field.optional)
            return std::nullopt;
        return nlohmann::json(text.toStdString());
    case PropertyField::Type::Number:
    case PropertyField::Type::Integer: {
        if (field.autoKeyword && (text.isEmpty() || text == QLatin1String("auto")))
            return nlohmann::json("auto");
        if (text.isEmpty() && field.optional)
            return std::nullopt;
        bool ok = false;
        double value = QLocale::c().toDouble(text, &ok);
        if (!ok)
            value = QLocale().toDouble(text, &ok);
        if (!ok)
            return nlohmann::json(text.toStdString()); // the loader explains the type error
        if (field.type == PropertyField::Type::Integer && value == double(qint64(value)) &&
            std::abs(value) < 9e15)
            return nlohmann::json(qint64(value));
        return nlohmann::json(value);
    }
    case PropertyField::Type::Choice: {
        const qsizetype chosen = field.choiceValues.indexOf(text);
        if (chosen >= 0 && std::size_t(chosen) < field.choiceJson.size())
            return field.choiceJson[std::size_t(chosen)];
        if (text.isEmpty())
            return std::nullopt;
        if (field.choiceNumbers && text != QLatin1String("auto")) {
            bool ok = false;
            const int value = text.toInt(&ok);
            if (ok)
                return nlohmann::json(value);
        }
        return nlohmann::json(text.toStdString());
    }
    case PropertyField::Type::NumberList:
    case PropertyField::Type::TextList: {
        if (text.isEmpty())
            return field.optional ? std::nullopt : std::optional(nlohmann::json::array());
        nlohmann::json list = nlohmann::json::array();
        for (const QString &part : text.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString item = part.trimmed();
            if (field.type == PropertyField::Type::TextList) {
                list.push_back(item.toStdString());
                continue;
            }
            bool ok = false;
            const double value = QLocale::c().toDouble(item, &ok);
            list.push_back(ok ? nlohmann::json(value) : nlohmann::json(item.toStdString()));
        }
        return list;
    }
    case PropertyField::Type::Bool:
        return fieldValue(field, text == QLatin1String("true"));
    case PropertyField::Type::Json:
        if (text.isEmpty() && field.optional)
            return std::nullopt;
        return nlohmann::json::parse(text.toStdString());
    }
    return std::nullopt;
}

std::optional<nlohmann::json> fieldValue(const PropertyField &field, bool checked)
{
    if (checked && field.trueValue)
        return field.trueValue;
    if (!checked && field.uncheckedRemoves)
        return std::nullopt;
    if (!checked && field.falseValue)
        return field.falseValue;
    return nlohmann::json(checked);
}

} // namespace aidc::ui
