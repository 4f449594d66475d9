// SPDX-License-Identifier: Apache-2.0
#pragma once

// The editable fields of whatever is selected, as plain descriptions the property editor turns
// into widgets: the member's JSON pointer, a label with its unit, the current value, the
// documented range and default (docs/project-format.md) for the tooltip, and the pick list
// (enum names, catalog ids, pools, halls). The loader stays the judge of a value: the editor
// sends what the user typed through ProjectDocument::edit() and shows the loader's refusal.

#include "catalogs/catalog.h"
#include "model/projectedit.h"
#include "selection.h"

#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

#include "solvers/common/displayunits.h"
#include <optional>

#include <string>
#include <vector>

namespace aidc::ui {

struct PropertyField
{
    enum class Type { Text, Number, Integer, Bool, Choice, NumberList, TextList, Json };

    std::string pointer; // absolute JSON pointer of the member
    QString group;       // section heading ("Hall", "UPS", "Model", ...)
    QString label;       // "Width"
    QString unit;        // "m" ("" when dimensionless)
    Type type = Type::Text;
    QString text;             // Text, Number, Integer, NumberList, Json: current value ("" = unset)
    bool checked = false;     // Bool
    bool optional = false;    // may be left empty: the documented default applies
    bool autoKeyword = false; // Number: "auto" (or empty) is sent as the string "auto"
    // Bool: JSON values to send instead of true/false (e.g. parallelism "auto" / {}).
    std::optional<nlohmann::json> trueValue, falseValue;
    bool uncheckedRemoves = false; // Bool: unchecking removes the member (e.g. a model's "moe")
    QString placeholder;           // shown when unset, e.g. "auto" or "70 % of width × length"
    // Choice: JSON values (as text) and labels; an entry with value "" means "unset/default".
    QStringList choiceValues, choiceLabels;
    QString choice; // current choice value
    // Choice: when given, the JSON value each choice sends (parallel to choiceValues), e.g. a
    // whole model architecture for a preset.
    std::vector<nlohmann::json> choiceJson;
    bool choiceNumbers = false; // choice values other than "auto"/"" are numbers (tiers)
    // Choice: choosing value `.first` also unsets the member at `.second` in the same undo step
    // (an accelerator the pool's server does not carry unsets the server, so its default
    // applies instead of the edit being refused).
    std::vector<std::pair<QString, std::string>> choiceUnsets;
    QString tooltip;
    bool readOnly = false;
    // Number and NumberList fields of the field table: the quantity's dimension, and how the
    // text shows it (showInDisplayUnits(); identity: in the project's unit, `unit`).
    Dimension dimension = Dimension::None;
    UnitConversion display;
    QString storedText;           // the text in the project's unit, when `display` converts it
    bool pricebookPicker = false; // Text: a "…" button chooses a price book file

    QString labelWithUnit() const; // "Width (m)"
};

struct PropertySheet
{
    QString title;             // "Hall H1 — Data hall 1"
    QString note;              // e.g. "Placed by the layout solver: editing pins the layout"
    bool needsPinning = false; // edits must first pin the automatic layout into the project
    std::vector<PropertyField> fields;
};

// The sheet of `selection`. `layout` supplies rows and racks the solver placed; `catalog` the
// pick lists (both may be null).
PropertySheet propertySheet(const Project &project, const Selection &selection,
                            const LayoutResult *layout, const Catalog *catalog);

// The sheet's quantities in the display's units (feet, °F, BTU/h, EUR, ...): the text, a
// numeric placeholder and the unit convert; fieldValue() converts what is typed back to the
// project's unit, so the file stays in SI and USD.
void showInDisplayUnits(PropertySheet &sheet, const DisplayUnits &units);

// The JSON value to send for `input` typed into `field`: nullopt = remove the member (empty
// optional field or the "default" choice). Text that is not a number is sent as a string, so the
// loader's own message ("expected a number, found a string") explains the refusal. Json fields
// parse the input strictly (model/strictjson.h); malformed JSON, a duplicate key, a number
// beyond the double range or too deep a nesting throws std::invalid_argument with the problem
// and its line and column (the editor shows it as a refusal).
std::optional<nlohmann::json> fieldValue(const PropertyField &field, const QString &input);
std::optional<nlohmann::json> fieldValue(const PropertyField &field, bool checked);

// The undoable edit that sets `field` to `value` (nullopt: unsets it), with the members the
// chosen value unsets as well (choiceUnsets).
ProjectEdit fieldEdit(const PropertyField &field, const std::optional<nlohmann::json> &value,
                      const std::string &description);

} // namespace aidc::ui
