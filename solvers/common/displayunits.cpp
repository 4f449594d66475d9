// SPDX-License-Identifier: Apache-2.0
#include "displayunits.h"

#include "reportformat.h"

#include <charconv>
#include <cmath>

namespace aidc {

namespace {

constexpr double kMetresPerFoot = 0.3048;                 // exact [ref:nist-sp811 §B.8]
constexpr double kPascalPerPsf = 47.880259;               // lbf/ft² [ref:nist-sp811 §B.8]
constexpr double kWattsPerBtuHour = 0.29307107;           // BTU(IT)/h [ref:nist-sp811 §B.8]
constexpr double kWattsPerTon = 12000 * kWattsPerBtuHour; // ton of refrigeration, 12,000 BTU/h

// The shown value of `watts` of heat and its unit.
UnitConversion heatFromWatts(HeatUnit unit)
{
    switch (unit) {
    case HeatUnit::Kilowatt:
        return {1e-3, 0, "kW"};
    case HeatUnit::BtuPerHour:
        return {1 / kWattsPerBtuHour, 0, "BTU/h"};
    case HeatUnit::TonOfRefrigeration:
        return {1 / kWattsPerTon, 0, "tons"};
    }
    return {1e-3, 0, "kW"};
}

// A money unit ("USD/kWh", "$/MWh", "USD/year") with its currency part replaced.
std::string moneyUnit(const std::string &unit, Currency currency)
{
    for (const char *usd : {"USD", "$"}) {
        const std::string from(usd);
        if (unit.compare(0, from.size(), from) == 0)
            return currencyCode(currency) + unit.substr(from.size());
    }
    return unit;
}

} // namespace

double UnitConversion::stored(double shownValue) const
{
    const double value = (shownValue - offset) / scale;
    if (value == 0 || !std::isfinite(value))
        return value;
    const std::string text = formatSignificant(value, 12);
    double rounded = value;
    std::from_chars(text.data(), text.data() + text.size(), rounded);
    return rounded;
}

ExchangeRates defaultExchangeRates()
{
    // 1 EUR = 1.0784 USD = 7.8211 CNY [ref:ecb-reference-rates].
    return {1 / 1.0784, 7.8211 / 1.0784, "2024-06-13",
            "ECB euro foreign exchange reference rates of 13 June 2024"};
}

bool DisplayUnits::operator==(const DisplayUnits &other) const
{
    return length == other.length && temperature == other.temperature && heat == other.heat &&
           currency == other.currency && rates.eurPerUsd == other.rates.eurPerUsd &&
           rates.cnyPerUsd == other.rates.cnyPerUsd && rates.asOf == other.rates.asOf &&
           rates.source == other.rates.source;
}

double DisplayUnits::perUsd() const
{
    switch (currency) {
    case Currency::Usd:
        return 1;
    case Currency::Eur:
        return rates.eurPerUsd;
    case Currency::Cny:
        return rates.cnyPerUsd;
    }
    return 1;
}

const char *currencyCode(Currency currency)
{
    switch (currency) {
    case Currency::Usd:
        return "USD";
    case Currency::Eur:
        return "EUR";
    case Currency::Cny:
        return "CNY";
    }
    return "USD";
}

const char *currencySymbol(Currency currency)
{
    switch (currency) {
    case Currency::Usd:
        return "$";
    case Currency::Eur:
        return "€";
    case Currency::Cny:
        return "CN¥";
    }
    return "$";
}

UnitConversion conversionFor(const std::string &unit, Dimension dimension,
                             const DisplayUnits &units)
{
    const UnitConversion same{1, 0, unit};
    switch (dimension) {
    case Dimension::Length:
        if (units.length == LengthUnit::Foot && unit == "m")
            return {1 / kMetresPerFoot, 0, "ft"};
        return same;
    case Dimension::Area:
        if (units.length == LengthUnit::Foot && unit == "m²")
            return {1 / (kMetresPerFoot * kMetresPerFoot), 0, "ft²"};
        return same;
    case Dimension::FloorLoad:
        // Floor loading: lbf/ft² where lengths are in feet (TIA-942 states both).
        if (units.length == LengthUnit::Foot && unit == "kPa")
            return {1e3 / kPascalPerPsf, 0, "lbf/ft²"};
        return same;
    case Dimension::Temperature:
        if (units.temperature == TemperatureUnit::Fahrenheit && unit == "°C")
            return {1.8, 32, "°F"};
        return same;
    case Dimension::TemperatureDifference:
        if (units.temperature == TemperatureUnit::Fahrenheit && unit == "K")
            return {1.8, 0, "Δ°F"};
        return same;
    case Dimension::HeatFlow: {
        const double watts = unit == "MW" ? 1e6 : unit == "kW" ? 1e3 : unit == "W" ? 1 : 0;
        if (watts == 0 || units.heat == HeatUnit::Kilowatt)
            return same;
        UnitConversion heat = heatFromWatts(units.heat);
        heat.scale *= watts;
        return heat;
    }
    case Dimension::Money:
    case Dimension::MoneyPerEnergy:
    case Dimension::MoneyPerPowerMonth:
    case Dimension::MoneyPerTime:
        if (units.currency == Currency::Usd)
            return same;
        return {units.perUsd(), 0, moneyUnit(unit, units.currency)};
    default:
        return same;
    }
}

std::string formatMoney(double usd, const DisplayUnits &units)
{
    return formatMoneyAmount(usd * units.perUsd(), currencySymbol(units.currency));
}

std::string formatHeat(double watts, const DisplayUnits &units)
{
    const UnitConversion c = heatFromWatts(units.heat);
    const double shown = c.shown(watts);
    if (units.heat == HeatUnit::BtuPerHour)
        return formatCount(std::llround(shown)) + " " + c.unit;
    return formatFixed(shown, 1) + " " + c.unit;
}

std::string formatLength(double metres, const DisplayUnits &units, int decimals)
{
    if (units.length == LengthUnit::Foot)
        return formatFixed(metres / kMetresPerFoot, decimals) + " ft";
    return formatFixed(metres, decimals) + " m";
}

std::string formatFloorLoad(double kPa, const DisplayUnits &units)
{
    if (units.length == LengthUnit::Foot)
        return formatFixed(kPa * 1e3 / kPascalPerPsf, 1) + " lbf/ft²";
    return formatFixed(kPa, 2) + " kPa";
}

} // namespace aidc
