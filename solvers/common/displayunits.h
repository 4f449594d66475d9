// SPDX-License-Identifier: Apache-2.0
#pragma once

// The units a reader wants to see, and the one place that converts to them. A project is
// always stored in SI and USD (the field table's units, model/projectfields.h); a display may
// show lengths in feet, temperatures in °F, heat in BTU/h or tons of refrigeration, floor load
// in lbf/ft² and money in EUR or CNY at a stated exchange rate. Conversion factors are exact by
// definition [ref:nist-sp811 §B.8]:
//   1 ft = 0.3048 m; 1 lbf/ft² = 47.880 259 Pa; °F = °C × 9/5 + 32;
//   1 BTU(IT)/h = 0.293 071 07 W; 1 ton of refrigeration = 12,000 BTU/h = 3,516.852 8 W.
// Exchange rates are not constants: the defaults are the ECB's euro reference rates of a stated
// day [ref:ecb-reference-rates], shown with their date, and the user enters today's.

#include "model/projectfields.h"

#include <string>

namespace aidc {

enum class LengthUnit { Metre, Foot };
enum class TemperatureUnit { Celsius, Fahrenheit };
enum class HeatUnit { Kilowatt, BtuPerHour, TonOfRefrigeration };
enum class Currency { Usd, Eur, Cny };

struct ExchangeRates
{
    double eurPerUsd = 0;
    double cnyPerUsd = 0;
    std::string asOf;   // "2024-06-13"
    std::string source; // where the rates come from
};

// ECB euro reference rates of 13 June 2024 (1 EUR = 1.0784 USD = 7.8211 CNY), as USD rates.
ExchangeRates defaultExchangeRates();

struct DisplayUnits
{
    LengthUnit length = LengthUnit::Metre;
    TemperatureUnit temperature = TemperatureUnit::Celsius;
    HeatUnit heat = HeatUnit::Kilowatt;
    Currency currency = Currency::Usd;
    ExchangeRates rates = defaultExchangeRates();

    bool operator==(const DisplayUnits &other) const;
    // Units of currency per USD (1 for USD).
    double perUsd() const;
};

const char *currencyCode(Currency currency);   // "USD", "EUR", "CNY"
const char *currencySymbol(Currency currency); // "$", "€", "CN¥"

// shown = value × scale + offset, in `unit`; value = (shown − offset) / scale.
struct UnitConversion
{
    double scale = 1;
    double offset = 0;
    std::string unit; // the shown unit's symbol

    double shown(double value) const { return value * scale + offset; }
    // To 12 significant digits, so that 100 ft is stored as 30.48 m, not 30.480000000000004.
    double stored(double shownValue) const;
    bool identity() const { return scale == 1 && offset == 0; }
};

// How a project field in `unit` of `dimension` shows under `units`: identity (and `unit`
// unchanged) for a dimension or unit the display does not convert (power, time, data, counts).
UnitConversion conversionFor(const std::string &unit, Dimension dimension,
                             const DisplayUnits &units);

// Money in USD shown in the display currency, compact as formatUsd(): "$59.1 M", "€54.8 M",
// "CN¥428.7 M", "$2.06".
std::string formatMoney(double usd, const DisplayUnits &units);
// Heat in W shown in the display's heat unit: "1397.4 kW", "4,768,092 BTU/h", "397.3 tons".
std::string formatHeat(double watts, const DisplayUnits &units);
// A length in m: "24 m" or "78.7 ft" (`decimals` after the point).
std::string formatLength(double metres, const DisplayUnits &units, int decimals = 1);
// A floor load in kPa: "12.00 kPa" or "250.6 lbf/ft²".
std::string formatFloorLoad(double kPa, const DisplayUnits &units);

} // namespace aidc
