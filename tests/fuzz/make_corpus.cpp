// SPDX-License-Identifier: MIT
// isla-fuzz-corpus DIR: writes the seed corpus as DIR/blueprint/*.dat,
// DIR/section/*.bin, DIR/layout/*.json and DIR/bundle/*.zip, replacing what
// an older build wrote there.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "seed_corpus.hpp"

namespace {

void writeSeeds(const std::filesystem::path& directory, const std::vector<isla::fuzz::Seed>& seeds,
                const char* extension) {
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory);
  for (const auto& seed : seeds) {
    const auto path = directory / (seed.name + extension);
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(seed.bytes.data()), static_cast<std::streamsize>(seed.bytes.size()));
    if (!out) throw std::runtime_error("cannot write " + path.string());
  }
  std::cout << directory.string() << ": " << seeds.size() << " seeds\n";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: isla-fuzz-corpus DIR\n";
    return 2;
  }
  try {
    const std::filesystem::path root = argv[1];
    writeSeeds(root / "blueprint", isla::fuzz::blueprintSeeds(), ".dat");
    writeSeeds(root / "section", isla::fuzz::sectionSeeds(), ".bin");
    writeSeeds(root / "layout", isla::fuzz::layoutSeeds(), ".json");
    writeSeeds(root / "bundle", isla::fuzz::bundleSeeds(), ".zip");
  } catch (const std::exception& error) {
    std::cerr << "isla-fuzz-corpus: " << error.what() << "\n";
    return 1;
  }
  return 0;
}
