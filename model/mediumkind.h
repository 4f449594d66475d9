// SPDX-License-Identifier: Apache-2.0
#pragma once

// The classes of link media, shared by the catalog (what a medium is) and the project (which
// classes a plane's media policy allows). Their JSON names are in enumnames.h.

namespace aidc {

// TwistedPair: 1 GbE copper (Cat6) for the OOB plane.
enum class MediumKind {
    Dac,
    Acc,
    Aec,
    Aoc,
    MultimodeOptic,
    SinglemodeOptic,
    Coherent,
    TwistedPair
};

} // namespace aidc
