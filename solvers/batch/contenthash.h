// SPDX-License-Identifier: Apache-2.0
#pragma once

// Content hashes that key batch results: the SHA-256 digest (FIPS 180-4) of a project
// document's bytes. SHA-256 rather than a shorter non-cryptographic hash so that the hash in a
// results database can be checked with any standard tool (`sha256sum project.json`).

#include <string>
#include <string_view>

namespace aidc {

// SHA-256 of `data` as 64 lowercase hex digits [ref:fips-180-4 §6.2].
std::string sha256Hex(std::string_view data);

// The content hash stored with every batch result: "sha256:" followed by sha256Hex(data).
std::string contentHash(std::string_view data);

} // namespace aidc
