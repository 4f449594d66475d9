// SPDX-License-Identifier: Apache-2.0
#include "solvers/uncertainty/modelerror.h"

#include <algorithm>
#include <cmath>

namespace aidc {

const Deciles &mfuModelErrorFactors()
{
    // `aidc validate-model validation/runs` on 2026-11-26: 84 clean runs from 16 sources,
    // published / leave-one-source-out predicted MFU. Recomputed by
    // tests/solvers/uncertainty/test_modelerror.cpp.
    static const Deciles deciles = {0.4260, 0.6875, 0.8287, 0.8920, 0.9324, 0.9733,
                                    1.0492, 1.0859, 1.1532, 1.2119, 2.8434};
    return deciles;
}

Deciles decilesOf(std::vector<double> values)
{
    Deciles out{};
    if (values.empty())
        return out;
    std::sort(values.begin(), values.end());
    for (std::size_t k = 0; k < out.size(); ++k) {
        const double position = double(k) / 10.0 * double(values.size() - 1);
        const std::size_t below = std::size_t(std::floor(position));
        const std::size_t above = std::min(values.size() - 1, below + 1);
        const double t = position - double(below);
        out[k] = values[below] + t * (values[above] - values[below]);
    }
    return out;
}

double atShare(const Deciles &deciles, double u)
{
    const double position = std::clamp(u, 0.0, 1.0) * 10.0;
    const std::size_t below = std::min<std::size_t>(9, std::size_t(std::floor(position)));
    const double t = position - double(below);
    return deciles[below] + t * (deciles[below + 1] - deciles[below]);
}

double cappedModelErrorFactor(double factor, const std::optional<double> &mfu)
{
    if (!mfu || !(*mfu > 0))
        return factor;
    return std::min(factor, 1.0 / *mfu);
}

} // namespace aidc
