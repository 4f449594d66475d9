// SPDX-License-Identifier: Apache-2.0
#include "propertyfields.h"

#include "qtext.h"

#include "model/enumnames.h"
#include "model/modelpresets.h"
#include "model/projectedit.h"
#include "model/projectfields.h"
#include "model/softwarestack.h"
#include "model/strictjson.h"
#include "solvers/common/defaults.h"

#include <QLocale>

#include <stdexcept>

namespace aidc::ui {

namespace {

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

    PropertyField &boolean(const char *key, const QString &label, bool value,
                           const QString &defaultText, const QString &meaning)
    {
        PropertyField &f = add(key, label, PropertyField::Type::Bool);
        f.checked = value;
        f.tooltip = tip(meaning, {}, {}, defaultText);
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

    // Fields of the project file: unit, range, default and meaning come from the field's one
    // declaration (model/projectfields.h); only the translated label is given here.
    static const ProjectField &declaration(const std::string &pointer)
    {
        const ProjectField *field = findProjectField(pointer);
        if (!field) {
            // The data keys of a map (a failure class) share the map's declaration.
            field = findProjectField(pointer.substr(0, pointer.rfind('/')));
        }
        if (!field)
            throw std::logic_error("property field not declared in model/projectfields.cpp: " +
                                   pointer);
        return *field;
    }

    static QString tip(const ProjectField &field)
    {
        QString defaultText = q(fieldDefaultText(field));
        defaultText.remove(QStringLiteral("**"));
        return tip(q(field.description), q(field.unit), q(fieldRangeText(field)), defaultText);
    }

    PropertyField &describe(PropertyField &f)
    {
        const ProjectField &field = declaration(f.pointer);
        f.unit = q(field.unit);
        f.dimension = field.dimension;
        f.display.unit = field.unit;
        f.tooltip = tip(field);
        return f;
    }

    PropertyField &declared(const char *key, const QString &label, double value)
    {
        PropertyField &f = describe(add(key, label, PropertyField::Type::Number));
        f.text = num(value);
        return f;
    }

    PropertyField &declared(const char *key, const QString &label,
                            const std::optional<double> &value)
    {
        PropertyField &f = declared(key, label, value.value_or(0));
        f.optional = true;
        f.text = value ? num(*value) : QString();
        f.placeholder = q(fieldDefaultText(declaration(f.pointer)));
        return f;
    }

    PropertyField &declared(const char *key, const QString &label, int value)
    {
        PropertyField &f = describe(add(key, label, PropertyField::Type::Integer));
        f.text = QString::number(value);
        return f;
    }

    PropertyField &declared(const char *key, const QString &label, const std::optional<int> &value)
    {
        PropertyField &f = declared(key, label, value.value_or(0));
        f.optional = true;
        f.text = value ? QString::number(*value) : QString();
        f.placeholder = q(fieldDefaultText(declaration(f.pointer)));
        return f;
    }

    PropertyField &declared(const char *key, const QString &label, bool value)
    {
        PropertyField &f = describe(add(key, label, PropertyField::Type::Bool));
        f.checked = value;
        return f;
    }

    PropertyField &declared(const char *key, const QString &label, const std::string &value)
    {
        PropertyField &f = describe(add(key, label, PropertyField::Type::Text));
        f.text = q(value);
        // A string with a default ("") may be emptied; ids and names that default to another
        // field must be given.
        f.optional = !declaration(f.pointer).defaultValue.is_null();
        return f;
    }

    // An optional enum: "" (searched / from the preset) first, then the names.
    template<typename E>
    PropertyField &declaredEnum(const char *key, const QString &label,
                                const std::optional<E> &value, const EnumNames<E> &names)
    {
        PropertyField &f = describe(add(key, label, PropertyField::Type::Choice));
        f.optional = true;
        f.choiceValues << QString();
        f.choiceLabels << q(fieldDefaultText(declaration(f.pointer)));
        for (const auto &[name, v] : names) {
            f.choiceValues << QString::fromLatin1(name);
            f.choiceLabels << QString::fromLatin1(name);
        }
        f.choice = value ? QString::fromLatin1(enumName(names, *value)) : QString();
        return f;
    }

    // An optional flag: "" (from the preset), true or false, sent as JSON booleans.
    PropertyField &declared(const char *key, const QString &label, const std::optional<bool> &value)
    {
        PropertyField &f = describe(add(key, label, PropertyField::Type::Choice));
        f.optional = true;
        f.choiceValues = {QString(), QStringLiteral("true"), QStringLiteral("false")};
        f.choiceLabels = {q(fieldDefaultText(declaration(f.pointer))), QObject::tr("on"),
                          QObject::tr("off")};
        f.choiceJson = {nlohmann::json(), nlohmann::json(true), nlohmann::json(false)};
        f.choice = value ? (*value ? QStringLiteral("true") : QStringLiteral("false")) : QString();
        return f;
    }

    template<typename E>
    PropertyField &declaredEnum(const char *key, const QString &label, E value,
                                const EnumNames<E> &names)
    {
        PropertyField &f = describe(add(key, label, PropertyField::Type::Choice));
        for (const auto &[name, v] : names) {
            f.choiceValues << QString::fromLatin1(name);
            f.choiceLabels << QString::fromLatin1(name);
        }
        f.choice = QString::fromLatin1(enumName(names, value));
        return f;
    }

    PropertyField &declaredPick(const char *key, const QString &label, const std::string &value,
                                const std::vector<std::string> &ids, const QString &defaultLabel)
    {
        PropertyField &f = pick(key, label, value, ids, defaultLabel, QString());
        return describe(f);
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

void projectFields(std::vector<PropertyField> &out, const Project &project)
{
    SheetBuilder b(out, "", QObject::tr("Project"));
    b.declared("name", QObject::tr("Project name"), project.name);
    b.declared("description", QObject::tr("Description"), project.description);
}

// A JSON value typed over several lines and applied at once (an object or an array of them).
PropertyField jsonField(const std::string &pointer, const QString &group, const QString &label,
                        const std::optional<nlohmann::json> &value, const QString &placeholder,
                        const QString &tooltip)
{
    PropertyField field;
    field.pointer = pointer;
    field.group = group;
    field.label = label;
    field.type = PropertyField::Type::Json;
    field.optional = true;
    field.placeholder = placeholder;
    if (value && !value->empty())
        field.text = QString::fromStdString(value->dump(2));
    field.tooltip = tooltip;
    return field;
}

void siteFields(std::vector<PropertyField> &out, const Project &project)
{
    const Site &site = project.site;
    SheetBuilder b(out, "/site", QObject::tr("Site"));
    b.declared("name", QObject::tr("Name"), site.name);
    b.declared("electricityUsdPerKWh", QObject::tr("Electricity price"), site.electricityUsdPerKWh);
    b.declared("demandChargeUsdPerKWMonth", QObject::tr("Demand charge"),
               site.demandChargeUsdPerKWMonth);
    b.declared("gridCo2KgPerKWh", QObject::tr("Grid carbon intensity"), site.gridCo2KgPerKWh);
    b.declared("utilityFeedMW", QObject::tr("Utility feed"), site.utilityFeedMW);
    b.declared("rampLimitMWPerS", QObject::tr("Utility ramp limit"), site.rampLimitMWPerS);
    b.declared("designDryBulbC", QObject::tr("Design dry bulb"), site.designDryBulbC);
    b.declared("designWetBulbC", QObject::tr("Design wet bulb"), site.designWetBulbC);
    b.declared("designConditionsSource", QObject::tr("Design conditions source"),
               site.designConditionsSource);
    b.declared("renewableFraction", QObject::tr("Renewable share"), site.renewableFraction);
    b.declared("batteryMWh", QObject::tr("Battery energy"), site.batteryMWh);
    b.declared("batteryMW", QObject::tr("Battery power"), site.batteryMW);
    b.declared("batteryRoundTripEfficiency", QObject::tr("Battery round-trip efficiency"),
               site.batteryRoundTripEfficiency);
    b.declared("utilityInterruptionsPerYear", QObject::tr("Utility interruptions"),
               site.utilityInterruptionsPerYear);
    b.declared("utilityOutageHours", QObject::tr("Utility outage length"), site.utilityOutageHours);

    // Climate{} (all zero) means "not given": the evaluation uses the reference climate.
    const bool ownClimate = site.climate != Climate{};
    const Climate reference = referenceClimate();
    const Climate &shown = ownClimate ? site.climate : reference;
    SheetBuilder c(out, "/site", QObject::tr("Climate"));
    PropertyField &custom = c.declared("climate", QObject::tr("Site's own climate"), ownClimate);
    custom.trueValue = nlohmann::json{{"monthlyDryBulbC", reference.dryBulbC},
                                      {"monthlyWetBulbC", reference.wetBulbC}};
    custom.uncheckedRemoves = true;
    custom.tooltip += QObject::tr("\nSwitching it on starts from the reference tables; switching "
                                  "it off removes the tables.");
    SheetBuilder t(out, "/site/climate", QObject::tr("Climate"));
    const QString range = QObject::tr("12 values, January first, each −90..60");
    PropertyField &dry = t.add("monthlyDryBulbC", QObject::tr("Dry bulb, monthly mean"),
                               PropertyField::Type::NumberList);
    dry.unit = QStringLiteral("°C");
    dry.dimension = Dimension::Temperature;
    dry.text = numberList(shown.dryBulbC);
    dry.tooltip = SheetBuilder::tip(QObject::tr("Monthly mean dry-bulb temperature, comma "
                                                "separated"),
                                    dry.unit, range, QObject::tr("the reference climate"));
    dry.readOnly = !ownClimate;
    PropertyField &wet = t.add("monthlyWetBulbC", QObject::tr("Wet bulb, monthly mean"),
                               PropertyField::Type::NumberList);
    wet.unit = QStringLiteral("°C");
    wet.dimension = Dimension::Temperature;
    wet.text = numberList(shown.wetBulbC);
    wet.tooltip = SheetBuilder::tip(
        QObject::tr("Monthly mean wet-bulb temperature, comma separated; at most the same "
                    "month's dry bulb"),
        wet.unit, range, QObject::tr("the reference climate"));
    wet.readOnly = !ownClimate;

    // The power supply over time: a date, then two arrays of objects edited as JSON.
    const QString supply = QObject::tr("Power supply by date");
    SheetBuilder p(out, "/site", supply);
    p.declared("startDate", QObject::tr("Full load from"), site.startDate);
    out.push_back(jsonField(
        "/site/utilitySteps", supply, QObject::tr("Utility capacity steps"),
        documentValue(project, "/site/utilitySteps"),
        QObject::tr("[ { \"date\": \"2027-06-01\", \"utilityMW\": 150 } ]"),
        SheetBuilder::tip(QObject::tr("Grid capacity from each date on, in date order, each on or "
                                      "after the start date; empty = none"),
                          {}, {}, QObject::tr("none"))));
    out.push_back(jsonField(
        "/site/generation", supply, QObject::tr("On-site generation"),
        documentValue(project, "/site/generation"),
        QObject::tr("[ { \"type\": \"gas-turbine\", \"ratingMW\": 35, \"units\": 4, "
                    "\"role\": \"bridge\", \"until\": \"2028-01-01\" } ]"),
        SheetBuilder::tip(QObject::tr("Blocks of identical units: rating, units, role (prime, "
                                      "bridge, backup), from/until dates, heat rate, fuel price, "
                                      "CO2, availability, O&M (docs/project-format.md); empty = "
                                      "none"),
                          {}, {}, QObject::tr("none"))));
}

void hallFields(std::vector<PropertyField> &out, int index, const Hall &hall)
{
    SheetBuilder b(out, hallPointer(index), QObject::tr("Hall"));
    b.declared("id", QObject::tr("Id"), hall.id);
    b.declared("name", QObject::tr("Name"), hall.name);
    b.declared("widthM", QObject::tr("Width"), hall.widthM);
    b.declared("lengthM", QObject::tr("Length"), hall.lengthM);
    b.declared("usableAreaM2", QObject::tr("Usable area"), hall.usableAreaM2);
    b.declared("floorLoadKPa", QObject::tr("Floor load rating"), hall.floorLoadKPa);
    b.declared("powerCapacityMW", QObject::tr("Power capacity"), hall.powerCapacityMW);
    b.declared("coolingCapacityMW", QObject::tr("Cooling capacity"), hall.coolingCapacityMW);
    b.declared("rowPitchM", QObject::tr("Row pitch"), hall.rowPitchM);
}

void rowFields(std::vector<PropertyField> &out, int hall, int index, const Row &row)
{
    SheetBuilder b(out, rowPointer(hall, index), QObject::tr("Row"));
    b.declared("id", QObject::tr("Id"), row.id);
    b.declared("xM", QObject::tr("Origin x"), row.xM);
    b.declared("yM", QObject::tr("Origin y"), row.yM);
    b.declared("rackPitchM", QObject::tr("Rack pitch"), row.rackPitchM);
}

void rackFields(std::vector<PropertyField> &out, const Project &project, int hall, int row,
                int slot, const RackSlot &rack, const Catalog *catalog)
{
    SheetBuilder b(out, rackPointer(hall, row, slot), QObject::tr("Rack"));
    b.declared("id", QObject::tr("Id"), rack.id);
    b.declaredEnum("role", QObject::tr("Role"), rack.role, rackRoleNames());
    b.declaredPick("rackType", QObject::tr("Rack type"), rack.rackType,
                   catalog ? idsOf(catalog->rackTypes) : std::vector<std::string>(),
                   QObject::tr("(default for the role)"));
    b.declaredPick("pool", QObject::tr("Pool"), rack.pool, poolNames(project),
                   QObject::tr("(none)"));
    b.declared("servers", QObject::tr("Servers"), rack.servers);
}

void poolFields(std::vector<PropertyField> &out, const Project &project, int index,
                const Catalog *catalog)
{
    const ComputePool &pool = project.pools[index];
    SheetBuilder b(out, "/compute/pools/" + std::to_string(index), QObject::tr("Compute pool"));
    b.declared("name", QObject::tr("Name"), pool.name);
    PropertyField &gpu =
        b.declaredPick("gpu", QObject::tr("Accelerator"), pool.gpu,
                       catalog ? idsOf(catalog->accelerators) : std::vector<std::string>(), {});
    // Servers that carry the pool's accelerator; an accelerator the chosen server does not carry
    // takes the server back to the accelerator's default in the same step.
    std::vector<std::string> servers;
    const std::string base = "/compute/pools/" + std::to_string(index);
    if (catalog) {
        for (const Server &server : catalog->servers) {
            if (server.accelerator == pool.gpu)
                servers.push_back(server.id);
        }
        if (const Server *chosen = catalog->server(pool.server)) {
            for (const Accelerator &accelerator : catalog->accelerators) {
                if (accelerator.id != chosen->accelerator)
                    gpu.choiceUnsets.emplace_back(q(accelerator.id), base + "/server");
            }
        }
    }
    PropertyField &server = b.declaredPick("server", QObject::tr("Server"), pool.server, servers,
                                           QObject::tr("(the accelerator's default)"));
    // A catalog server that does not carry the accelerator (a file opened with problems) is
    // known, not "(unknown)": say what is wrong with it.
    if (const Server *chosen = catalog ? catalog->server(pool.server) : nullptr;
        chosen && chosen->accelerator != pool.gpu) {
        const qsizetype at = server.choiceValues.indexOf(q(pool.server));
        if (at >= 0)
            server.choiceLabels[at] =
                QObject::tr("%1 (does not carry %2)").arg(q(pool.server), q(pool.gpu));
    }
    b.declared("gpuCount", QObject::tr("GPUs"), pool.gpuCount);
    b.declared("serversPerRack", QObject::tr("Servers per rack"), pool.serversPerRack);
    std::vector<std::string> halls;
    for (const Hall &hall : project.halls)
        halls.push_back(hall.id);
    b.declaredPick("hall", QObject::tr("Hall"), pool.hall, halls, QObject::tr("(layout chooses)"));
}

void planeFields(std::vector<PropertyField> &out, const Project &project, int index,
                 const Catalog *catalog)
{
    const FabricPlane &plane = project.planes[index];
    const FabricPlane d;
    SheetBuilder b(out, "/network/planes/" + std::to_string(index), QObject::tr("Fabric plane"));
    b.declared("name", QObject::tr("Name"), plane.name);
    b.declaredEnum("role", QObject::tr("Role"), plane.role, planeRoleNames());
    b.declaredEnum("technology", QObject::tr("Technology"), plane.technology, technologyNames());
    b.declaredPick("switch", QObject::tr("Switch"), plane.switchModel,
                   catalog ? idsOf(catalog->switches) : std::vector<std::string>(),
                   QObject::tr("(default for the plane)"));
    b.declared("portGbps", QObject::tr("Port speed"), plane.portGbps);
    b.declared("parallelPlanes", QObject::tr("Parallel planes"), plane.parallelPlanes);
    b.declared("endpointsPerServer", QObject::tr("Endpoints per server"), plane.endpointsPerServer);
    b.declared("railOptimized", QObject::tr("Rail-optimized"), plane.railOptimized);
    b.declaredEnum("leafPlacement", QObject::tr("Leaf placement"), plane.leafPlacement,
                   leafPlacementNames());
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
    b.declared("islandGpus", QObject::tr("Island size"), plane.islandGpus);
    b.declared("islandOversubscription", QObject::tr("Oversubscription between islands"),
               plane.islandOversubscription);
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
    b.declared("allowAoc", QObject::tr("Allow active optical cables"), plane.allowAoc);
    b.declared("fabricManagerPorts", QObject::tr("Fabric-manager ports"), plane.fabricManagerPorts);
    b.declared("railGroupServers", QObject::tr("Servers per rail group (SU)"),
               plane.railGroupServers);
    b.declared("spinesPerRail", QObject::tr("Spine groups per rail"), plane.spinesPerRail);

    // The media policy: classes as a comma-separated list, the per-level rules as JSON.
    const std::string base = "/network/planes/" + std::to_string(index) + "/media";
    const QString group = QObject::tr("Media policy");
    SheetBuilder m(out, base, group);
    PropertyField &allowed =
        m.add("allowed", QObject::tr("Allowed media classes"), PropertyField::Type::TextList);
    QStringList kinds, known;
    for (MediumKind kind : plane.media.allowed)
        kinds << QString::fromUtf8(toString(kind));
    for (const auto &[name, kind] : mediumKindNames())
        known << QString::fromUtf8(name);
    allowed.text = kinds.join(", ");
    allowed.optional = true;
    allowed.placeholder = QObject::tr("every class the catalog offers");
    allowed.tooltip =
        SheetBuilder::tip(QObject::tr("Medium classes, comma separated"), {}, known.join(", "),
                          QObject::tr("every class the catalog offers"));
    m.declared("opticsRequired", QObject::tr("Optics required"), plane.media.opticsRequired);
    m.declaredEnum("order", QObject::tr("Media ranking"), plane.media.order, mediaOrderNames());
    out.push_back(jsonField(
        base + "/boundaries", group, QObject::tr("Rules per link level"),
        documentValue(project, base + "/boundaries"),
        QObject::tr("[ {}, { \"opticsRequired\": true } ]"),
        SheetBuilder::tip(QObject::tr("Entry 0: endpoint to leaf links; entry j: tier j to "
                                      "j + 1. Each may set \"allowed\" and \"opticsRequired\"; "
                                      "a key left out takes the plane's value"),
                          {}, {}, QObject::tr("the plane's policy everywhere"))));
}

void powerFields(std::vector<PropertyField> &out, const PowerDesign &power, const Catalog *catalog)
{
    const PowerDesign d;
    SheetBuilder b(out, "/power", QObject::tr("Power distribution"));
    b.declared("utilityVoltageKV", QObject::tr("Utility voltage"), power.utilityVoltageKV);
    b.declaredPick("transformer", QObject::tr("Transformer"), power.transformer,
                   transformerIds(catalog), QObject::tr("(default)"));
    b.declaredEnum("distribution", QObject::tr("Rack distribution"), power.distribution,
                   distributionNames());
    b.declared("gpuLoadFactor", QObject::tr("GPU load factor"), power.gpuLoadFactor);
    b.declared("averageLoadFactor", QObject::tr("Average load factor"), power.averageLoadFactor);
    b.declared("gpuWaitPowerFraction", QObject::tr("GPU power while waiting"),
               power.gpuWaitPowerFraction);
    b.declared("gpuPowerFloorFraction", QObject::tr("GPU power floor"),
               power.gpuPowerFloorFraction);
    b.declared("rackStorageJPerGpu", QObject::tr("Rack smoothing store per GPU"),
               power.rackStorageJPerGpu);
    b.declared("otherItFraction", QObject::tr("Other IT load"), power.otherItFraction);
    b.declared("generators", QObject::tr("Backup generators"), power.generators);
    b.declared("generatorStartReliability", QObject::tr("Generator start reliability"),
               power.generatorStartReliability);
    b.declaredEnum("generatorRedundancy", QObject::tr("Generator redundancy"),
                   power.generatorRedundancy, redundancyNames());
    b.declared("pue", QObject::tr("PUE override"), power.pueOverride);
    SheetBuilder u(out, "/power/ups", QObject::tr("UPS"));
    u.declaredEnum("type", QObject::tr("UPS type"), power.ups.type, upsTypeNames());
    u.declaredEnum("redundancy", QObject::tr("UPS redundancy"), power.ups.redundancy,
                   redundancyNames());
    u.declared("modules", QObject::tr("Modules carrying the load"), power.ups.modules);
    u.declared("distributedX", QObject::tr("Distributed: installed"), power.ups.distributedX);
    u.declared("distributedY", QObject::tr("Distributed: carrying"), power.ups.distributedY);
}

void coolingFields(std::vector<PropertyField> &out, const CoolingDesign &cooling,
                   const Catalog *catalog)
{
    const CoolingDesign d;
    SheetBuilder b(out, "/cooling", QObject::tr("Cooling"));
    b.declaredEnum("type", QObject::tr("Cooling type"), cooling.type, coolingTypeNames());
    b.declared("liquidFraction", QObject::tr("Heat to liquid"), cooling.liquidFraction);
    b.declaredEnum("facilityWaterClass", QObject::tr("Facility water class"),
                   cooling.facilityWaterClass, waterClassNames());
    b.declared("supplyWaterC", QObject::tr("Supply water"), cooling.supplyWaterC);
    b.declared("designDeltaTK", QObject::tr("Loop temperature rise"), cooling.designDeltaTK);
    b.declaredEnum("liquidHeatRejection", QObject::tr("Liquid heat rejection"),
                   cooling.liquidHeatRejection, heatRejectionNames());
    b.declaredEnum("airHeatRejection", QObject::tr("Air loop heat rejection"),
                   cooling.airHeatRejection, heatRejectionNames());
    b.declared("cduApproachK", QObject::tr("CDU approach"), cooling.cduApproachK);
    b.declaredEnum("coolant", QObject::tr("Facility coolant"), cooling.coolant, coolantNames());
    b.declared("facilityPumpHeadKPa", QObject::tr("Facility pump head"),
               cooling.facilityPumpHeadKPa);
    b.declaredPick("cdu", QObject::tr("CDU"), cooling.cdu, coolingIds(catalog, "cdu"),
                   QObject::tr("(default)"));
    b.declaredEnum("cduRedundancy", QObject::tr("CDU redundancy"), cooling.cduRedundancy,
                   redundancyNames());
    b.declaredPick("chiller", QObject::tr("Chiller"), cooling.chiller,
                   coolingIds(catalog, "chiller"), QObject::tr("(default)"));
    b.declared("economizer", QObject::tr("Economizer"), cooling.economizer);
    b.declared("towerCyclesOfConcentration", QObject::tr("Tower cycles of concentration"),
               cooling.towerCyclesOfConcentration);
    b.declared("heatReuseFraction", QObject::tr("Heat reused"), cooling.heatReuseFraction);
    b.declared("heatReuseSupplyC", QObject::tr("Heat reuse temperature"), cooling.heatReuseSupplyC);
}

// Shown with every plane: the trays over the rows carry all planes' cables.
void cablingFields(std::vector<PropertyField> &out, const CablingDesign &cabling)
{
    SheetBuilder b(out, "/network/cabling", QObject::tr("Cable trays (all planes)"));
    b.declared("copperTraysPerRow", QObject::tr("Copper trays per row"), cabling.copperTraysPerRow);
    b.declared("fibreTraysPerRow", QObject::tr("Fibre trays per row"), cabling.fibreTraysPerRow);
}

void storageFields(std::vector<PropertyField> &out, const StorageDesign &storage,
                   const Catalog *catalog)
{
    SheetBuilder b(out, "/storage", QObject::tr("Storage"));
    b.declared("capacityPB", QObject::tr("Capacity"), storage.capacityPB);
    b.declared("writeTBps", QObject::tr("Write bandwidth"), storage.writeTBps);
    b.declared("readTBps", QObject::tr("Read bandwidth"), storage.readTBps);
    b.declaredPick("system", QObject::tr("Storage system"), storage.system,
                   catalog ? idsOf(catalog->storageSystems) : std::vector<std::string>(),
                   QObject::tr("(default all-flash PFS)"));
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
    b.declared("trainingTokens", QObject::tr("Training tokens"), w.trainingTokens);
    b.declared("globalBatchSequences", QObject::tr("Global batch"), w.globalBatchSequences);
    b.declaredEnum("precision", QObject::tr("Precision"), w.precision, precisionNames());
    b.declaredPick("pool", QObject::tr("Pool"), w.pool, poolNames(project),
                   QObject::tr("(largest pool)"));
    b.declared("gpus", QObject::tr("GPUs used"), w.gpus);

    const ModelArchitecture &m = w.model;
    SheetBuilder mb(out, "/workload/model", QObject::tr("Model"));
    modelPresetField(out, m);
    mb.declared("name", QObject::tr("Name"), m.name);
    mb.declared("layers", QObject::tr("Layers"), m.layers);
    mb.declared("hidden", QObject::tr("Hidden size"), m.hidden);
    mb.declared("ffnHidden", QObject::tr("FFN hidden size"), m.ffnHidden);
    mb.declared("heads", QObject::tr("Attention heads"), m.heads);
    mb.declared("kvHeads", QObject::tr("KV heads"), m.kvHeads);
    mb.declared("headDim", QObject::tr("Head dimension"), m.headDim);
    mb.declared("vocab", QObject::tr("Vocabulary"), m.vocab);
    mb.declared("seqLen", QObject::tr("Sequence length"), m.seqLen);
    mb.declaredEnum("ffn", QObject::tr("FFN type"), m.ffn, ffnTypeNames());
    mb.declared("tiedEmbeddings", QObject::tr("Tied embeddings"), m.tiedEmbeddings);

    SheetBuilder eb(out, "/workload/model", QObject::tr("Mixture of experts"));
    PropertyField &isMoe = eb.declared("moe", QObject::tr("Mixture of experts"), m.moe.has_value());
    isMoe.trueValue = nlohmann::json{{"experts", 8}, {"topK", 2}};
    isMoe.uncheckedRemoves = true;
    isMoe.tooltip += QObject::tr("\nSwitching it on starts from 8 experts, top-2; switching it "
                                 "off makes the model dense again.");
    const MoeSpec e = m.moe.value_or(MoeSpec());
    SheetBuilder me(out, "/workload/model/moe", QObject::tr("Mixture of experts"));
    const std::size_t firstMoe = out.size();
    me.declared("experts", QObject::tr("Routed experts"), e.experts);
    me.declared("topK", QObject::tr("Active experts (top-k)"), e.topK);
    me.declared("sharedExperts", QObject::tr("Shared experts"), e.sharedExperts);
    me.declared("expertFfnHidden", QObject::tr("Expert FFN width"), e.expertFfnHidden);
    me.declared("layerFrequency", QObject::tr("MoE layer frequency"), e.layerFrequency);
    me.declared("firstDenseLayers", QObject::tr("Leading dense layers"), e.firstDenseLayers);
    me.declared("loadImbalance", QObject::tr("Load imbalance"), e.loadImbalance);
    for (std::size_t i = firstMoe; i < out.size(); ++i)
        out[i].readOnly = !m.moe; // only a MoE model has these

    // A plan key left empty is searched (a partial plan); all of them empty: search everything.
    const Parallelism &p = w.parallelism;
    SheetBuilder pp(out, "/workload/parallelism", QObject::tr("Parallelism"));
    pp.declared("tp", QObject::tr("Tensor parallel"), p.tp);
    pp.declared("pp", QObject::tr("Pipeline parallel"), p.pp);
    pp.declared("dp", QObject::tr("Data parallel"), p.dp);
    pp.declared("cp", QObject::tr("Context parallel"), p.cp);
    pp.declared("ep", QObject::tr("Expert parallel"), p.ep);
    pp.declared("microBatch", QObject::tr("Micro-batch"), p.microBatch);
    pp.declared("virtualStages", QObject::tr("Virtual stages"), p.virtualStages);
    pp.declaredEnum("schedule", QObject::tr("Pipeline schedule"), p.schedule,
                    pipelineScheduleNames());
    pp.declared("zeroStage", QObject::tr("ZeRO stage"), p.zeroStage);
    pp.declaredEnum("recompute", QObject::tr("Recompute"), p.recompute, recomputeNames());

    const SoftwareStack &st = w.stack;
    SheetBuilder sb(out, "/workload/stack", QObject::tr("Software stack"));
    std::vector<std::string> presets;
    for (const StackPreset &preset : stackPresets())
        presets.push_back(preset.name);
    sb.declaredPick("preset", QObject::tr("Preset"), st.preset, presets,
                    QObject::tr("(model defaults)"));
    sb.declared("flashAttention", QObject::tr("FlashAttention"), st.flashAttention);
    sb.declared("dropout", QObject::tr("Dropout"), st.dropout);
    sb.declared("distributedOptimizer", QObject::tr("Distributed optimizer"),
                st.distributedOptimizer);
    sb.declared("zeroBubble", QObject::tr("Zero-bubble schedules"), st.zeroBubble);
    sb.declared("dualPipe", QObject::tr("DualPipe"), st.dualPipe);
    sb.declared("tpOverlap", QObject::tr("TP overlap"), st.tpOverlap);
    sb.declared("dpOverlap", QObject::tr("DP overlap"), st.dpOverlap);
    sb.declared("ppOverlap", QObject::tr("PP overlap"), st.ppOverlap);
    sb.declared("cpOverlap", QObject::tr("CP overlap"), st.cpOverlap);
    sb.declared("epOverlap", QObject::tr("EP overlap"), st.epOverlap);

    const CheckpointPolicy &c = w.checkpoint;
    SheetBuilder cb(out, "/workload/checkpoint", QObject::tr("Checkpoints"));
    PropertyField &interval = cb.declared("interval", QObject::tr("Interval"), c.intervalMinutes);
    interval.autoKeyword = true;
    interval.placeholder = QStringLiteral("auto");
    if (c.automaticInterval)
        interval.text = QStringLiteral("auto");
    cb.declared("minIntervalMinutes", QObject::tr("Minimum interval"), c.minIntervalMinutes);
    cb.declared("retained", QObject::tr("Checkpoints kept"), c.retained);
    cb.declared("asynchronous", QObject::tr("Asynchronous"), c.asynchronous);
    cb.declaredEnum("tier", QObject::tr("Tier"), c.tier, checkpointTierNames());
    cb.declared("bytesPerParameter", QObject::tr("Bytes per parameter"), c.bytesPerParameter);
}

void reliabilityFields(std::vector<PropertyField> &out, const ReliabilitySettings &r,
                       const Catalog *catalog)
{
    SheetBuilder b(out, "/reliability", QObject::tr("Reliability"));
    b.declared("detectionMinutes", QObject::tr("Detection time"), r.detectionMinutes);
    b.declared("restartMinutes", QObject::tr("Restart time"), r.restartMinutes);
    b.declared("repairHours", QObject::tr("Repair time"), r.repairHours);
    b.declared("spareConfidence", QObject::tr("Spare confidence"), r.spareConfidence);
    b.declared("spareNodes", QObject::tr("Spare nodes"), r.spareNodes);
    b.declared("repairCrews", QObject::tr("Repair crews per island"), r.repairCrews);
    b.declaredEnum("noSpareRecovery", QObject::tr("Without a spare"), r.noSpareRecovery,
                   noSpareRecoveryNames());

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
            f.declared(componentClass.c_str(), q(componentClass), overridden ? given->second : 0.0);
        field.optional = true;
        field.placeholder = catalogRate;
        field.tooltip = SheetBuilder::tip(
            meaning, field.unit, q(fieldRangeText(SheetBuilder::declaration(field.pointer))),
            catalogRate);
        if (!overridden)
            field.text.clear();
    }
}

void costFields(std::vector<PropertyField> &out, const CostSettings &c)
{
    SheetBuilder b(out, "/cost", QObject::tr("Cost"));
    b.declared("horizonYears", QObject::tr("Horizon"), c.horizonYears);
    b.declared("costOfCapital", QObject::tr("Cost of capital"), c.costOfCapital);
    b.declared("staffUsdPerYear", QObject::tr("Staff"), c.staffUsdPerYear);
    b.declared("networkServicesUsdPerYear", QObject::tr("Network services"),
               c.networkServicesUsdPerYear);
    b.declared("priceBook", QObject::tr("Price book"), c.priceBook).pricebookPicker = true;
}

// The +/- ranges `aidc sensitivity` applies per confidence class (docs/uncertainty.md).
void uncertaintyFields(std::vector<PropertyField> &out, const UncertaintySettings &u)
{
    SheetBuilder b(out, "/uncertainty", QObject::tr("Uncertainty ranges (sensitivity)"));
    b.declared("vendor", QObject::tr("[V] vendor figures"), u.vendor);
    b.declared("paper", QObject::tr("[P] paper figures"), u.paper);
    b.declared("analyst", QObject::tr("[A] analyst figures"), u.analyst);
    b.declared("secondary", QObject::tr("[S] secondary sources"), u.secondary);
    b.declared("derived", QObject::tr("[D] derived figures"), u.derived);
    b.declared("unverified", QObject::tr("[U] unverified, defaults"), u.unverified);
    b.declared("project", QObject::tr("Values the project states"), u.project);
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
        siteFields(sheet.fields, project);
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
        cablingFields(sheet.fields, project.cabling);
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
        uncertaintyFields(sheet.fields, project.uncertainty);
        break;
    case K::CatalogOverrides: {
        sheet.title = QObject::tr("Catalog overrides");
        sheet.note = QObject::tr("Catalog entries this project replaces or adds, merged over the "
                                 "part catalog (docs/catalog-format.md, \"Overriding from a "
                                 "project\"). Apply checks them against the catalog.");
        std::optional<nlohmann::json> overrides;
        if (!project.catalogOverridesJson.empty())
            overrides = nlohmann::json::parse(project.catalogOverridesJson);
        sheet.fields.push_back(jsonField(
            "/catalogOverrides", QObject::tr("Catalog overrides"), QObject::tr("JSON object"),
            overrides,
            QObject::tr("{ \"accelerators\": [ { \"id\": \"H100-SXM\", \"tdpW\": 650 } ] }"),
            SheetBuilder::tip(QObject::tr("Part catalog entries by kind, each matched by id; "
                                          "empty = none"),
                              {}, {}, QObject::tr("none"))));
        break;
    }
    }
    return sheet;
}

namespace {

// `text` as a C-locale number shown through `c` to 6 significant digits (24 m is 78.7402 ft,
// not 78.7401574803), or nullopt when it is no number. A field is written back only when typed
// in, so the rounding never reaches the project unasked.
std::optional<QString> shownNumber(const QString &text, const UnitConversion &c)
{
    bool ok = false;
    const double value = QLocale::c().toDouble(text.trimmed(), &ok);
    if (!ok)
        return std::nullopt;
    return QString::number(c.shown(value), 'g', 6);
}

} // namespace

void showInDisplayUnits(PropertySheet &sheet, const DisplayUnits &units)
{
    for (PropertyField &f : sheet.fields) {
        if (f.dimension == Dimension::None ||
            (f.type != PropertyField::Type::Number && f.type != PropertyField::Type::NumberList))
            continue;
        const UnitConversion c = conversionFor(f.unit.toStdString(), f.dimension, units);
        if (c.identity() && c.unit == f.unit.toStdString())
            continue;
        const QString stored = f.unit;
        f.storedText = f.text;
        if (f.type == PropertyField::Type::Number) {
            if (const std::optional<QString> shown = shownNumber(f.text, c))
                f.text = *shown;
        } else {
            QStringList items;
            for (const QString &item : f.text.split(QLatin1Char(','), Qt::SkipEmptyParts))
                items << shownNumber(item, c).value_or(item.trimmed());
            f.text = items.join(QStringLiteral(", "));
        }
        if (const std::optional<QString> shown = shownNumber(f.placeholder, c))
            f.placeholder = *shown;
        f.display = c;
        f.unit = q(c.unit);
        f.tooltip += QObject::tr("<p>Shown in %1 (View ▸ Units); the project stores %2.</p>")
                         .arg(f.unit.toHtmlEscaped(), stored.toHtmlEscaped());
    }
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
        return nlohmann::json(field.display.stored(value));
    }
    case PropertyField::Type::Choice: {
        const qsizetype chosen = field.choiceValues.indexOf(text);
        if (chosen >= 0 && std::size_t(chosen) < field.choiceJson.size() &&
            !field.choiceJson[std::size_t(chosen)].is_null()) // null: unset, below
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
        // Items shown converted and left as shown keep their stored value exactly: editing one
        // month of a climate in °F changes that month only.
        const QStringList stored = field.storedText.split(QLatin1Char(','), Qt::SkipEmptyParts);
        const QStringList typed = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
        for (qsizetype i = 0; i < typed.size(); ++i) {
            const QString item = typed[i].trimmed();
            if (!field.display.identity() && i < stored.size() &&
                shownNumber(stored[i], field.display) == item) {
                bool ok = false;
                const double value = QLocale::c().toDouble(stored[i].trimmed(), &ok);
                if (ok) {
                    list.push_back(value);
                    continue;
                }
            }
            if (field.type == PropertyField::Type::TextList) {
                list.push_back(item.toStdString());
                continue;
            }
            bool ok = false;
            const double value = QLocale::c().toDouble(item, &ok);
            list.push_back(ok ? nlohmann::json(field.display.stored(value))
                              : nlohmann::json(item.toStdString()));
        }
        return list;
    }
    case PropertyField::Type::Bool:
        return fieldValue(field, text == QLatin1String("true"));
    case PropertyField::Type::Json: {
        if (text.isEmpty() && field.optional)
            return std::nullopt;
        Diagnostics problems;
        std::optional<nlohmann::json> parsed =
            parseStrictJson(text.toStdString(), "", problems, field.pointer);
        if (!parsed || problems.hasErrors())
            throw std::invalid_argument(problems.toString());
        return parsed;
    }
    }
    return std::nullopt;
}

ProjectEdit fieldEdit(const PropertyField &field, const std::optional<nlohmann::json> &value,
                      const std::string &description)
{
    ProjectEdit edit = value ? setField(field.pointer, *value, description)
                             : unsetField(field.pointer, description);
    if (value && value->is_string()) {
        for (const auto &[choice, pointer] : field.choiceUnsets) {
            if (choice.toStdString() == value->get<std::string>()) {
                const ProjectEdit unset = unsetField(pointer, description);
                edit.operations.insert(edit.operations.end(), unset.operations.begin(),
                                       unset.operations.end());
            }
        }
    }
    return edit;
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
