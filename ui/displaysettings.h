// SPDX-License-Identifier: Apache-2.0
#pragma once

// The units the GUI shows (View ▸ Units…): feet or metres, °F or °C, heat in kW, BTU/h or tons
// of refrigeration, money in USD, EUR or CNY at the rates the user states. The project, the
// CLI and every export stay in SI and USD; only what the GUI shows converts, through
// solvers/common/displayunits.h. The choice is an application preference (QSettings), read at
// start and changed only through setDisplayUnits().

#include "model/csv.h"
#include "solvers/common/displayunits.h"

#include <QDialog>

#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;

namespace aidc::ui {

// The application's current choice (the defaults until loadDisplayUnits() or a change).
const DisplayUnits &displayUnits();
// Makes `units` current and saves it in QSettings.
void setDisplayUnits(const DisplayUnits &units);
// Reads the saved choice (defaults for anything missing or out of range) and makes it current.
void loadDisplayUnits();

// How money shown in another currency was converted: "Converted from USD at 0.927300 EUR per
// USD (ECB …, 2024-06-13)."; "" while the display is in USD.
QString currencyNote(const DisplayUnits &units);

// A column of a result table in a project unit: its values and the unit in its header convert.
struct ColumnUnit
{
    const char *header; // "Heat (kW)"
    Dimension dimension;
    const char *unit; // the column's unit as the field table spells it ("kW", "kPa", "m²")
};
// The converted columns of the hall and rack tables (solvers/pipeline/report.h).
const std::vector<ColumnUnit> &hallTableUnits();
const std::vector<ColumnUnit> &rackTableUnits();
// `table` with the listed columns in `units`: numbers converted (rounded to the column's
// decimals), the unit in parentheses in the header replaced. Other cells unchanged.
CsvTable withDisplayUnits(CsvTable table, const std::vector<ColumnUnit> &columns,
                          const DisplayUnits &units);
// The header `header` gets under `units` (the same, when its column does not convert).
QString displayHeader(const QString &header, const std::vector<ColumnUnit> &columns,
                      const DisplayUnits &units);

// View ▸ Units…: length, temperature, heat and currency, the two exchange rates with their date
// and source, and a button back to the ECB defaults.
class UnitsDialog : public QDialog
{
    Q_OBJECT

public:
    explicit UnitsDialog(const DisplayUnits &units, QWidget *parent = nullptr);
    DisplayUnits units() const;
    void setUnits(const DisplayUnits &units);

private:
    QComboBox *m_length, *m_temperature, *m_heat, *m_currency;
    QDoubleSpinBox *m_eur, *m_cny;
    QLineEdit *m_asOf, *m_source;
    ExchangeRates m_shownRates; // as last set: a rate shown rounded and left alone stays exact
};

} // namespace aidc::ui
