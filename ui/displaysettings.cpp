// SPDX-License-Identifier: Apache-2.0
#include "displaysettings.h"

#include "qtext.h"

#include "solvers/common/reportformat.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <charconv>
#include <cmath>

namespace aidc::ui {

namespace {

DisplayUnits &current()
{
    static DisplayUnits units;
    return units;
}

const char *const kLengthKey = "units/length";
const char *const kTemperatureKey = "units/temperature";
const char *const kHeatKey = "units/heat";
const char *const kCurrencyKey = "units/currency";
const char *const kEurKey = "units/eurPerUsd";
const char *const kCnyKey = "units/cnyPerUsd";
const char *const kAsOfKey = "units/ratesAsOf";
const char *const kSourceKey = "units/ratesSource";

// A saved enum value, or `fallback` when missing or out of range (a file edited by hand).
template<typename E> E savedEnum(const QSettings &settings, const char *key, int count, E fallback)
{
    bool ok = false;
    const int value = settings.value(QLatin1String(key)).toInt(&ok);
    return ok && value >= 0 && value < count ? E(value) : fallback;
}

double savedRate(const QSettings &settings, const char *key, double fallback)
{
    bool ok = false;
    const double value = settings.value(QLatin1String(key)).toDouble(&ok);
    return ok && std::isfinite(value) && value > 0 ? value : fallback;
}

// Decimals after the point in a number's text ("1397.4" -> 1).
int decimalsOf(const std::string &text)
{
    const std::size_t point = text.find('.');
    return point == std::string::npos ? 0 : int(text.size() - point - 1);
}

// `header` with its last "(unit)" replaced by "(shown)".
QString replaceUnit(const QString &header, const std::string &shown)
{
    const qsizetype open = header.lastIndexOf(QLatin1Char('('));
    if (open < 0)
        return header;
    return header.left(open + 1) + q(shown) + QLatin1Char(')');
}

} // namespace

const DisplayUnits &displayUnits()
{
    return current();
}

void setDisplayUnits(const DisplayUnits &units)
{
    current() = units;
    QSettings settings;
    settings.setValue(QLatin1String(kLengthKey), int(units.length));
    settings.setValue(QLatin1String(kTemperatureKey), int(units.temperature));
    settings.setValue(QLatin1String(kHeatKey), int(units.heat));
    settings.setValue(QLatin1String(kCurrencyKey), int(units.currency));
    settings.setValue(QLatin1String(kEurKey), units.rates.eurPerUsd);
    settings.setValue(QLatin1String(kCnyKey), units.rates.cnyPerUsd);
    settings.setValue(QLatin1String(kAsOfKey), q(units.rates.asOf));
    settings.setValue(QLatin1String(kSourceKey), q(units.rates.source));
}

void loadDisplayUnits()
{
    const QSettings settings;
    DisplayUnits units;
    units.length = savedEnum(settings, kLengthKey, 2, units.length);
    units.temperature = savedEnum(settings, kTemperatureKey, 2, units.temperature);
    units.heat = savedEnum(settings, kHeatKey, 3, units.heat);
    units.currency = savedEnum(settings, kCurrencyKey, 3, units.currency);
    units.rates.eurPerUsd = savedRate(settings, kEurKey, units.rates.eurPerUsd);
    units.rates.cnyPerUsd = savedRate(settings, kCnyKey, units.rates.cnyPerUsd);
    if (settings.contains(QLatin1String(kAsOfKey))) {
        units.rates.asOf = settings.value(QLatin1String(kAsOfKey)).toString().toStdString();
        units.rates.source = settings.value(QLatin1String(kSourceKey)).toString().toStdString();
    }
    current() = units;
}

const std::vector<ColumnUnit> &hallTableUnits()
{
    static const std::vector<ColumnUnit> columns = {
        {"Heat (kW)", Dimension::HeatFlow, "kW"},
        {"Cooling capacity (kW)", Dimension::HeatFlow, "kW"},
        {"Floor average (kPa)", Dimension::Pressure, "kPa"},
        {"Max footprint (kPa)", Dimension::Pressure, "kPa"},
        {"Floor rating (kPa)", Dimension::Pressure, "kPa"},
        {"Rack area (m2)", Dimension::Area, "m²"},
        {"Usable area (m2)", Dimension::Area, "m²"},
    };
    return columns;
}

const std::vector<ColumnUnit> &rackTableUnits()
{
    static const std::vector<ColumnUnit> columns = {
        {"x (m)", Dimension::Length, "m"},
        {"y (m)", Dimension::Length, "m"},
        {"Liquid heat (kW)", Dimension::HeatFlow, "kW"},
        {"Air heat (kW)", Dimension::HeatFlow, "kW"},
        {"Footprint (kPa)", Dimension::Pressure, "kPa"},
        {"Cell (kPa)", Dimension::Pressure, "kPa"},
    };
    return columns;
}

CsvTable withDisplayUnits(CsvTable table, const std::vector<ColumnUnit> &columns,
                          const DisplayUnits &units)
{
    for (const ColumnUnit &column : columns) {
        const UnitConversion c = conversionFor(column.unit, column.dimension, units);
        if (c.identity() && c.unit == column.unit)
            continue;
        for (std::size_t i = 0; i < table.header.size(); ++i) {
            if (table.header[i] != column.header)
                continue;
            table.header[i] = replaceUnit(q(table.header[i]), c.unit).toStdString();
            // As many significant digits as the column had: kW with 1 decimal becomes BTU/h
            // with none, tons with 2.
            const int shift = int(std::lround(std::log10(std::abs(c.scale))));
            for (std::vector<std::string> &row : table.rows) {
                std::string &cell = row[i];
                double value = 0;
                const auto parsed = std::from_chars(cell.data(), cell.data() + cell.size(), value);
                if (cell.empty() || parsed.ec != std::errc() ||
                    parsed.ptr != cell.data() + cell.size())
                    continue;
                cell = formatFixed(c.shown(value), std::max(0, decimalsOf(cell) - shift));
            }
        }
    }
    return table;
}

QString displayHeader(const QString &header, const std::vector<ColumnUnit> &columns,
                      const DisplayUnits &units)
{
    for (const ColumnUnit &column : columns)
        if (header == QLatin1String(column.header))
            return replaceUnit(header, conversionFor(column.unit, column.dimension, units).unit);
    return header;
}

// ------------------------------------------------------------------ UnitsDialog

UnitsDialog::UnitsDialog(const DisplayUnits &units, QWidget *parent)
    : QDialog(parent)
    , m_length(new QComboBox(this))
    , m_temperature(new QComboBox(this))
    , m_heat(new QComboBox(this))
    , m_currency(new QComboBox(this))
    , m_eur(new QDoubleSpinBox(this))
    , m_cny(new QDoubleSpinBox(this))
    , m_asOf(new QLineEdit(this))
    , m_source(new QLineEdit(this))
{
    setWindowTitle(tr("Units"));
    setMinimumWidth(fontMetrics().averageCharWidth() * 72);
    m_length->addItems({tr("Metres (m, m², kPa)"), tr("Feet (ft, ft², lbf/ft²)")});
    m_temperature->addItems({tr("Degrees Celsius (°C)"), tr("Degrees Fahrenheit (°F)")});
    m_heat->addItems({tr("Kilowatts (kW)"), tr("BTU per hour (BTU/h)"),
                      tr("Tons of refrigeration (12,000 BTU/h)")});
    m_currency->addItems(
        {tr("US dollars (USD, $)"), tr("Euros (EUR, €)"), tr("Chinese yuan (CNY, CN¥)")});
    for (QDoubleSpinBox *rate : {m_eur, m_cny}) {
        rate->setDecimals(6);
        rate->setRange(0.0001, 100000);
        rate->setSingleStep(0.01);
    }
    m_eur->setSuffix(tr(" EUR per USD"));
    m_cny->setSuffix(tr(" CNY per USD"));
    m_asOf->setPlaceholderText(tr("YYYY-MM-DD"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Length, area, floor load:"), m_length);
    form->addRow(tr("&Temperature:"), m_temperature);
    form->addRow(tr("&Heat and cooling:"), m_heat);
    form->addRow(tr("&Currency:"), m_currency);
    form->addRow(tr("&Euro rate:"), m_eur);
    form->addRow(tr("&Yuan rate:"), m_cny);
    form->addRow(tr("Rates &as of:"), m_asOf);
    form->addRow(tr("Rates &source:"), m_source);
    auto *note = new QLabel(
        tr("Only what the planner shows converts: the project file, the command line and "
           "every export stay in SI units and USD. Electrical power stays in kW and MW."),
        this);
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(
        QDialogButtonBox::Ok | QDialogButtonBox::Cancel | QDialogButtonBox::RestoreDefaults, this);
    buttons->button(QDialogButtonBox::RestoreDefaults)
        ->setToolTip(tr("SI units, USD, and the ECB reference rates of %1")
                         .arg(q(defaultExchangeRates().asOf)));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons->button(QDialogButtonBox::RestoreDefaults), &QPushButton::clicked, this,
            [this] { setUnits(DisplayUnits()); });
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
    setUnits(units);
}

void UnitsDialog::setUnits(const DisplayUnits &units)
{
    m_length->setCurrentIndex(int(units.length));
    m_temperature->setCurrentIndex(int(units.temperature));
    m_heat->setCurrentIndex(int(units.heat));
    m_currency->setCurrentIndex(int(units.currency));
    m_eur->setValue(units.rates.eurPerUsd);
    m_cny->setValue(units.rates.cnyPerUsd);
    m_asOf->setText(q(units.rates.asOf));
    m_source->setText(q(units.rates.source));
    m_source->setCursorPosition(0);
}

DisplayUnits UnitsDialog::units() const
{
    DisplayUnits units;
    units.length = LengthUnit(m_length->currentIndex());
    units.temperature = TemperatureUnit(m_temperature->currentIndex());
    units.heat = HeatUnit(m_heat->currentIndex());
    units.currency = Currency(m_currency->currentIndex());
    units.rates.eurPerUsd = m_eur->value();
    units.rates.cnyPerUsd = m_cny->value();
    units.rates.asOf = m_asOf->text().trimmed().toStdString();
    units.rates.source = m_source->text().trimmed().toStdString();
    return units;
}

} // namespace aidc::ui
