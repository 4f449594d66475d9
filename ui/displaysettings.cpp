// SPDX-License-Identifier: Apache-2.0
#include "displaysettings.h"

#include "qtext.h"

#include "model/isodate.h"

#include "solvers/common/reportformat.h"

#include <QComboBox>
#include <QDate>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>
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

// Significant digits of a number's text ("1397.4" -> 5, "12" -> 2, "0.05" -> 1).
int significantDigits(const std::string &text)
{
    int digits = 0;
    bool leading = true;
    for (char c : text) {
        if (c < '0' || c > '9')
            continue;
        leading = leading && c == '0';
        digits += !leading;
    }
    return digits;
}

// `value` to `digits` significant digits in fixed notation (4,768,092 BTU/h, not 4.768e+06).
std::string fixedSignificant(double value, int digits)
{
    if (value == 0 || !std::isfinite(value))
        return formatFixed(value, 0);
    const int magnitude = int(std::floor(std::log10(std::abs(value))));
    return formatFixed(value, std::clamp(digits - 1 - magnitude, 0, 6));
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

QString currencyNote(const DisplayUnits &units)
{
    if (units.currency == Currency::Usd)
        return {};
    QString note = QObject::tr("Converted from USD at %1 %2 per USD")
                       .arg(units.perUsd(), 0, 'f', 6)
                       .arg(QString::fromLatin1(currencyCode(units.currency)));
    QStringList origin;
    if (!units.rates.source.empty())
        origin << q(units.rates.source);
    if (!units.rates.asOf.empty())
        origin << q(units.rates.asOf);
    if (!origin.isEmpty())
        note += QStringLiteral(" (") + origin.join(QStringLiteral(", ")) + QLatin1Char(')');
    return note + QLatin1Char('.');
}

const std::vector<ColumnUnit> &hallTableUnits()
{
    static const std::vector<ColumnUnit> columns = {
        {"Heat (kW)", Dimension::HeatFlow, "kW"},
        {"Cooling capacity (kW)", Dimension::HeatFlow, "kW"},
        {"Floor average (kPa)", Dimension::FloorLoad, "kPa"},
        {"Max footprint (kPa)", Dimension::FloorLoad, "kPa"},
        {"Floor rating (kPa)", Dimension::FloorLoad, "kPa"},
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
        {"Footprint (kPa)", Dimension::FloorLoad, "kPa"},
        {"Cell (kPa)", Dimension::FloorLoad, "kPa"},
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
            // As many significant digits as the cell had, at least 4: 1397.4 kW is 397.34
            // tons, 12 kPa is 250.6 lbf/ft².
            for (std::vector<std::string> &row : table.rows) {
                std::string &cell = row[i];
                double value = 0;
                const auto parsed = std::from_chars(cell.data(), cell.data() + cell.size(), value);
                if (cell.empty() || parsed.ec != std::errc() ||
                    parsed.ptr != cell.data() + cell.size())
                    continue;
                cell = fixedSignificant(c.shown(value), std::max(4, significantDigits(cell)));
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
    // The date must be one (YYYY-MM-DD) or left empty.
    QPushButton *ok = buttons->button(QDialogButtonBox::Ok);
    connect(m_asOf, &QLineEdit::textChanged, this, [this, ok](const QString &text) {
        const bool valid = text.trimmed().isEmpty() || isIsoDate(text.trimmed().toStdString());
        ok->setEnabled(valid);
        m_asOf->setToolTip(valid ? QString() : tr("A date as YYYY-MM-DD, or nothing"));
    });
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
    m_shownRates = units.rates;
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
    // A spin box shows 6 decimals: a rate left as shown keeps its exact value.
    const auto kept = [](const QDoubleSpinBox *box, double rate) {
        return std::abs(box->value() - rate) < 0.5 * std::pow(10.0, -box->decimals());
    };
    const bool eurKept = kept(m_eur, m_shownRates.eurPerUsd);
    const bool cnyKept = kept(m_cny, m_shownRates.cnyPerUsd);
    units.rates.eurPerUsd = eurKept ? m_shownRates.eurPerUsd : m_eur->value();
    units.rates.cnyPerUsd = cnyKept ? m_shownRates.cnyPerUsd : m_cny->value();
    units.rates.asOf = m_asOf->text().trimmed().toStdString();
    units.rates.source = m_source->text().trimmed().toStdString();
    // A rate typed in is no longer the source's: unless the date and source were changed too,
    // they say so.
    if ((!eurKept || !cnyKept) && units.rates.source == m_shownRates.source &&
        units.rates.asOf == m_shownRates.asOf) {
        units.rates.source = tr("entered in View ▸ Units").toStdString();
        units.rates.asOf = QDate::currentDate().toString(Qt::ISODate).toStdString();
    }
    return units;
}

} // namespace aidc::ui
