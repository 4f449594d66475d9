// SPDX-License-Identifier: Apache-2.0
#include "solvers/reliability/reliabilityinputs.h"

#include <cmath>
#include <sstream>

namespace aidc {

namespace {

std::string text(double value)
{
    std::ostringstream out;
    out << value;
    return out.str();
}

} // namespace

Diagnostics ReliabilityOptions::validate() const
{
    Diagnostics d;
    if (monteCarloSamples < 0 || monteCarloSamples > 10'000'000)
        d.error("", "",
                "monteCarloSamples is " + std::to_string(monteCarloSamples) +
                    "; use 0 (no cross-check) up to 10,000,000");
    for (double s : clusterScales) {
        if (!(s > 0) || !std::isfinite(s)) {
            d.error("", "",
                    "clusterScales holds " + text(s) +
                        "; every cluster-size multiplier must be > 0");
            break;
        }
    }
    for (double s : bandwidthScales) {
        if (!(s > 0) || !std::isfinite(s)) {
            d.error("", "",
                    "bandwidthScales holds " + text(s) +
                        "; every bandwidth multiplier must be > 0");
            break;
        }
    }
    if (intervalCurvePoints != 0 && (intervalCurvePoints < 3 || intervalCurvePoints > 10'000))
        d.error("", "",
                "intervalCurvePoints is " + std::to_string(intervalCurvePoints) +
                    "; use 0 (no curve) or 3 to 10,000");
    if (!(intervalCurveSpan > 1) || !std::isfinite(intervalCurveSpan))
        d.error("", "",
                "intervalCurveSpan is " + text(intervalCurveSpan) +
                    "; it must be > 1 (the curve runs from chosen / span to chosen x span)");
    if (spareCurvePoints < 0 || spareCurvePoints > 1000)
        d.error("", "",
                "spareCurvePoints is " + std::to_string(spareCurvePoints) +
                    "; use 0 (no curve) up to 1000");
    if (!(ctmcTolerance > 0 && ctmcTolerance <= 1e-3))
        d.error("", "", "ctmcTolerance is " + text(ctmcTolerance) + "; it must be in (0, 1e-3]");
    return d;
}

} // namespace aidc
