// SPDX-License-Identifier: Apache-2.0
// The display's units (issue 23 item 25): feet, °F, BTU/h and tons, EUR and CNY, against values
// worked by hand from the exact definitions [ref:nist-sp811 §B.8] and the ECB reference rates of
// 13 June 2024 [ref:ecb-reference-rates].

#include "solvers/common/displayunits.h"

#include <catch2/catch.hpp>

using namespace aidc;

TEST_CASE("lengths, floor loads and temperatures convert by their exact definitions", "[units]")
{
    DisplayUnits imperial;
    imperial.length = LengthUnit::Foot;
    imperial.temperature = TemperatureUnit::Fahrenheit;

    // 24 m / 0.3048 m/ft = 78.740 ft; 720 m² / 0.092903 m²/ft² = 7,750.0 ft².
    const UnitConversion ft = conversionFor("m", Dimension::Length, imperial);
    CHECK(ft.unit == "ft");
    CHECK(ft.shown(24) == Approx(78.74016).epsilon(1e-6));
    CHECK(ft.stored(ft.shown(24)) == Approx(24).epsilon(1e-12));
    CHECK(conversionFor("m²", Dimension::Area, imperial).shown(720) ==
          Approx(7750.02).epsilon(1e-5));
    // TIA-942's recommended 12 kPa is "250 lbf/ft²": 12,000 Pa / 47.880 26 = 250.6.
    const UnitConversion psf = conversionFor("kPa", Dimension::FloorLoad, imperial);
    CHECK(psf.unit == "lbf/ft²");
    CHECK(psf.shown(12) == Approx(250.63).epsilon(1e-4));
    CHECK(formatFloorLoad(12, imperial) == "250.6 lbf/ft²");
    CHECK(formatFloorLoad(12, DisplayUnits()) == "12.00 kPa");
    // 27 °C = 80.6 °F; a 10 K rise is 18 °F; back again exactly.
    const UnitConversion f = conversionFor("°C", Dimension::Temperature, imperial);
    CHECK(f.unit == "°F");
    CHECK(f.shown(27) == Approx(80.6));
    CHECK(f.stored(80.6) == Approx(27));
    const UnitConversion rise = conversionFor("K", Dimension::TemperatureDifference, imperial);
    CHECK(rise.unit == "Δ°F");
    CHECK(rise.shown(10) == Approx(18));
    // A pump's head is a fluid pressure: it stays in kPa.
    CHECK(conversionFor("kPa", Dimension::Pressure, imperial).identity());
    // Typed feet are stored without the binary remainder of the division.
    CHECK(ft.stored(100) == 30.48);
    // Electrical power, time and counts never convert.
    const UnitConversion mw = conversionFor("MW", Dimension::Power, imperial);
    CHECK(mw.identity());
    CHECK(mw.unit == "MW");
    CHECK(conversionFor("min", Dimension::Time, imperial).identity());
    CHECK(conversionFor("m", Dimension::Length, DisplayUnits()).identity());
}

TEST_CASE("heat shows in kW, BTU/h or tons of refrigeration", "[units]")
{
    DisplayUnits btu, tons;
    btu.heat = HeatUnit::BtuPerHour;
    tons.heat = HeatUnit::TonOfRefrigeration;
    // 1 MW / 0.293 071 07 W per BTU/h = 3,412,142 BTU/h; / 3,516.853 W per ton = 284.35 tons.
    CHECK(conversionFor("MW", Dimension::HeatFlow, btu).shown(1) ==
          Approx(3412141.6).epsilon(1e-7));
    const UnitConversion t = conversionFor("MW", Dimension::HeatFlow, tons);
    CHECK(t.unit == "tons");
    CHECK(t.shown(1) == Approx(284.345).epsilon(1e-5));
    CHECK(conversionFor("kW", Dimension::HeatFlow, tons).shown(3.5168528) == Approx(1.0));
    CHECK(formatHeat(1397.4e3, tons) == "397.3 tons");
    CHECK(formatHeat(1e6, btu) == "3,412,142 BTU/h");
    CHECK(formatHeat(1397.4e3, DisplayUnits()) == "1397.4 kW");
    CHECK(conversionFor("MW", Dimension::HeatFlow, DisplayUnits()).identity());
}

TEST_CASE("money shows in USD, EUR or CNY at the stated rates", "[units]")
{
    const ExchangeRates ecb = defaultExchangeRates();
    CHECK(ecb.asOf == "2024-06-13");
    // 1 EUR = 1.0784 USD = 7.8211 CNY: 1 USD = 0.92730 EUR = 7.25250 CNY.
    CHECK(ecb.eurPerUsd == Approx(0.927300).epsilon(1e-6));
    CHECK(ecb.cnyPerUsd == Approx(7.252504).epsilon(1e-6));

    DisplayUnits eur, cny;
    eur.currency = Currency::Eur;
    cny.currency = Currency::Cny;
    CHECK(formatMoney(1.0784, eur) == "€1.00");
    CHECK(formatMoney(59.1e6, DisplayUnits()) == "$59.1 M");
    CHECK(formatMoney(59.1e6, eur) == "€54.8 M");    // 59.1 × 0.9273
    CHECK(formatMoney(59.1e6, cny) == "CN¥428.6 M"); // 59.1 × 7.2525
    const UnitConversion tariff = conversionFor("USD/kWh", Dimension::MoneyPerEnergy, eur);
    CHECK(tariff.unit == "EUR/kWh");
    CHECK(tariff.shown(0.08) == Approx(0.074184));
    CHECK(conversionFor("$/MWh", Dimension::MoneyPerEnergy, cny).unit == "CNY/MWh");
    CHECK(conversionFor("USD/year", Dimension::MoneyPerTime, eur).unit == "EUR/year");
    // The user's own rate.
    eur.rates.eurPerUsd = 0.5;
    CHECK(formatMoney(2e9, eur) == "€1.00 B");
}
