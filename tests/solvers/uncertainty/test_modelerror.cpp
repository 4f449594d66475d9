// SPDX-License-Identifier: Apache-2.0
// The model-error factors' arithmetic (issue 19); their values against the published runs are
// checked in test_modelerror_validation.cpp.

#include "solvers/uncertainty/modelerror.h"

#include <catch2/catch.hpp>

using namespace aidc;

TEST_CASE("deciles and shares interpolate linearly", "[uncertainty]")
{
    const Deciles d = decilesOf({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11});
    CHECK(d[0] == 1);
    CHECK(d[5] == 6);
    CHECK(d[10] == 11);
    CHECK(atShare(d, 0.55) == Approx(6.5));
    CHECK(atShare(d, 1.0) == 11);
    CHECK(atShare(d, -1.0) == 1);
}

// Issue 19 review: with a high predicted MFU the model's error could draw an MFU above 100 %;
// the factor is capped there, and the time to train takes the same capped factor.
TEST_CASE("the model-error factor never lifts an MFU above 100 %", "[uncertainty][model-error]")
{
    CHECK(cappedModelErrorFactor(1.21, 0.5) == Approx(1.21));
    CHECK(cappedModelErrorFactor(1.21, 0.9) == Approx(1 / 0.9)); // 0.9 x 1.111 = 100 %
    CHECK(cappedModelErrorFactor(0.8, 0.95) == Approx(0.8));     // a lowering factor stays
    CHECK(cappedModelErrorFactor(1.21, std::nullopt) == Approx(1.21));
    CHECK(cappedModelErrorFactor(1.21, 0.0) == Approx(1.21));
}
