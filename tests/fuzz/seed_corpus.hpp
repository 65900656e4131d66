// SPDX-License-Identifier: MIT
// The seed corpus, made from the toolkit's own blueprints (the test
// support's sample) rather than committed: the valid files, each layout
// variation the spec allows, and a few small files that reach every codec
// without the grids.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace isla::fuzz {

struct Seed {
  std::string name;  // a file name without extension
  std::vector<std::byte> bytes;
};

// Inputs of fuzzBlueprint: whole files.
std::vector<Seed> blueprintSeeds();
// Inputs of fuzzSection: each payload behind its selector byte.
std::vector<Seed> sectionSeeds();
// Inputs of fuzzLayout (JSON text) and fuzzBundle (ZIP files).
std::vector<Seed> layoutSeeds();
std::vector<Seed> bundleSeeds();

}  // namespace isla::fuzz
