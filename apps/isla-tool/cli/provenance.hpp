// SPDX-License-Identifier: MIT
// The write-time provenance isla-tool stamps into the params it writes.
#pragma once

#include <isla/plugin/section_codec.hpp>

namespace isla::cli {

// GeneratedUtc is now, or SOURCE_DATE_EPOCH when set (reproducible output),
// as "YYYY-MM-DDTHH:MM:SSZ"; GeneratorGitHash is this build's short hash.
Provenance writeTimeProvenance();

}  // namespace isla::cli
