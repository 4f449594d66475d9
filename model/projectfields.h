// SPDX-License-Identifier: Apache-2.0
#pragma once

// One declaration per project field: the table that the project reader, the GUI's property
// sheets, the generated docs table (docs/project-format.md) and the JSON Schema of the project
// file (`aidc schema project`, docs/schema/aidc-project.schema.json) all read.
//
// The pattern is Qt Creator's aspects (one object declares a setting's key, default, label and
// tooltip), made Qt-free and data-only: each entry names the field by its JSON pointer pattern
// (array indices as `*`), its JSON type, unit and physical dimension, default, accepted range or
// enum names, a one-line description, the format version it appeared in, the solver stages that
// read it (so an edit can re-evaluate only what it touches) and whether it may serve as a design
// variable. Defaults are not restated here: an entry takes its default from the default member
// initializer of the struct in project.h / workload.h, which stays the one owner of each default.
//
// Adding a field: declare the member in project.h (with its default), add one entry to the
// table in projectfields.cpp, read it in projectjson.cpp with ProjectReader::field(), use it in
// the solver, test it (CONTRIBUTING.md walks through an example).

#include <nlohmann/json.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace aidc {

enum class FieldType {
    Object, // nested object with declared keys
    Array,  // array of the entry at pointer + "/*"
    String,
    Boolean,
    Integer,       // whole number (8.0 is read as 8)
    Number,        // finite number
    Enum,          // one of enumNames
    NumberList,    // array of numbers in [minimum, maximum]; `items` fixes the length if > 0
    StringList,    // array of strings
    NumberMap,     // object of arbitrary keys -> numbers in [minimum, maximum]
    AnyObject,     // any JSON object, not looked into here
    IntegerOrAuto, // "auto" or a whole number in range
    NumberOrAuto,  // "auto" or a number in range
    ObjectOrAuto,  // "auto" or an object with declared keys
};

// Physical dimension of a quantity. A display layer converts units per dimension in one place.
enum class Dimension {
    None,
    Count,
    Ratio, // dimensionless ratio or fraction
    Length,
    Area,
    Pressure,  // a fluid's (pump head): shown in kPa whatever the length unit
    FloorLoad, // a floor's rating or a rack's load per area: lbf/ft² where lengths are in feet
    Temperature,
    TemperatureDifference,
    Power,
    HeatFlow,  // heat to reject (cooling capacity): shown in BTU/h or tons where asked
    PowerRamp, // power per time (MW/s)
    Energy,
    Voltage,
    Time,
    DataRate,
    DataSize,
    Money,
    MoneyPerEnergy,
    MoneyPerPowerMonth,
    MoneyPerTime,
    EmissionPerEnergy,
    Tokens,
};

// The most accelerators one project may state (all pools together, and any one field that counts
// them): twice the largest design the tool plans for (issue 1: up to 1,000,000).
inline constexpr int kMaxGpus = 2'000'000;

// The solver stages that read a field (bit set). Layout = 1 << 0, ...
namespace stage {
constexpr unsigned Layout = 1u << 0;
constexpr unsigned Fabric = 1u << 1;
constexpr unsigned Power = 1u << 2;
constexpr unsigned Performance = 1u << 3;
constexpr unsigned Reliability = 1u << 4;
constexpr unsigned Cost = 1u << 5;
constexpr unsigned Catalog = 1u << 6; // resolved against the part catalog first
constexpr unsigned All = (1u << 7) - 1;
} // namespace stage

struct ProjectField
{
    std::string pointer; // JSON pointer pattern, array indices as "*": "/halls/*/widthM"
    FieldType type = FieldType::String;
    std::string unit; // display symbol ("m", "USD/kWh"); "" when dimensionless or not a quantity
    Dimension dimension = Dimension::None;
    nlohmann::json defaultValue; // null: no fixed default (required, or "not set")
    std::string defaultText;     // the rule when the default is not a constant ("= heads")
    bool required = false;
    std::optional<double> minimum;
    bool minimumExclusive = false;
    std::optional<double> maximum;
    std::string rangeNote; // a rule min/max cannot state ("< distributedX when distributed")
    std::vector<std::string> enumNames;
    std::size_t items = 0; // NumberList: exact length, 0 = any
    std::string description;
    int sinceVersion = 1;
    unsigned stages = 0;
    bool designVariable = false;

    // The last token of the pointer ("widthM").
    std::string key() const;
    // The pointer of the enclosing object ("/halls/*").
    std::string parent() const;
};

// Every project field, containers included, in document order.
const std::vector<ProjectField> &projectFields();

// The entry for a concrete pointer ("/halls/3/widthM") or a pattern ("/halls/*/widthM");
// nullptr when the project format has no such field.
const ProjectField *findProjectField(std::string_view pointer);

// "/halls/3/rows/0/xM" -> "/halls/*/rows/*/xM": array indices and the data keys of
// NumberMap objects become "*".
std::string projectFieldPattern(std::string_view pointer);

// Human-readable range ("> 0, ≤ 5000", "0..1", "12 values, each −90..60"), "" when none.
std::string fieldRangeText(const ProjectField &field);
// Human-readable default ("0.078", "\"48V\"", "**required**", "none", or the rule).
std::string fieldDefaultText(const ProjectField &field);
// Names of the stages in `stages` ("layout, fabric").
std::string stageNames(unsigned stages);

// The solver stages that read the value at `pointer` ("/halls/3/widthM") or anything under it: the
// union of the stages of every field at or below its pattern, a field without stages taking those
// of its nearest ancestor that has some. A pointer inside a value the table does not look into (a
// NumberList element, a catalog override) counts as its field; one the table does not know at all
// as stage::All. 0 means no solver reads it (the project's name, an acknowledgement, the
// uncertainty ranges). The GUI re-runs only the solvers from the first stage an edit changes
// (incremental re-evaluation).
unsigned fieldStages(std::string_view pointer);
std::string_view typeName(FieldType type);
std::string_view dimensionName(Dimension dimension);

// The JSON Schema (draft 2020-12) of the project file, generated from the table.
nlohmann::ordered_json projectJsonSchema();

// Markdown tables of the fields directly under `objectPointer` ("/site", "/halls/*"), one row
// per field: key, type, unit, default, range, meaning. Used to generate
// docs/project-format.md.
std::string projectFieldsMarkdown(std::string_view objectPointer);

// The object pointers that have a generated table in docs/project-format.md, in page order.
std::vector<std::string> documentedObjects();

} // namespace aidc
