// SPDX-License-Identifier: MIT
// The fuzz corpus in the normal suite: every seed, every input of the
// distilled corpus and every committed regression passes the harness (a
// finding aborts this binary with the finding's message), and the
// regressions README explains every regression.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <tuple>

#include "harness.hpp"
#include "seed_corpus.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::fuzz;

namespace {

const std::filesystem::path kRegressions = ISLA_FUZZ_REGRESSIONS;
const std::filesystem::path kCorpus = ISLA_FUZZ_CORPUS;

// Sorted; none when the folder does not exist (git keeps no empty one).
std::vector<std::filesystem::path> filesIn(const std::filesystem::path& folder) {
  std::vector<std::filesystem::path> files;
  if (!std::filesystem::is_directory(folder)) return files;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::ranges::sort(files);
  return files;
}

std::vector<std::filesystem::path> regressions(const char* target) { return filesIn(kRegressions / target); }

std::string regressionsReadme() {
  std::ostringstream readme;
  readme << std::ifstream(kRegressions / "README.md").rdbuf();
  return readme.str();
}

// Printed, so that a log shows how many inputs a green replay covered.
void announce(const char* target, std::size_t count) {
  std::cerr << "replaying " << count << " " << target << " regression input(s) of tests/fuzz/regressions/" << target
            << (count == 0 ? " (none committed: the README's table is empty)" : "") << "\n";
}

// A section regression starts with the tag of the codec its input selected,
// so that it keeps that codec when plugins are added; then the input as the
// fuzzer ran it, whose selector keeps only its kMapSizeFollows bit.
std::vector<std::byte> sectionInput(const std::vector<std::byte>& file) {
  BOOST_TEST_REQUIRE(file.size() >= 5u, "a section regression needs a tag and a selector byte");
  const auto text = std::string_view(reinterpret_cast<const char*>(file.data()), 4);
  const auto tag = FourCC::parse(text);
  BOOST_TEST_REQUIRE(tag.has_value());
  std::vector<std::byte> input(file.begin() + 4, file.end());
  input[0] = std::byte{static_cast<std::uint8_t>((std::to_integer<std::uint8_t>(input[0]) & kMapSizeFollows) |
                                                 sectionSelector(*tag))};
  return input;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(fuzz_replay)

BOOST_AUTO_TEST_CASE(every_blueprint_seed_passes) {
  for (const auto& seed : blueprintSeeds()) {
    BOOST_TEST_CONTEXT(seed.name) { BOOST_TEST(fuzzBlueprint(seed.bytes) == 0); }
  }
}

BOOST_AUTO_TEST_CASE(every_section_seed_passes) {
  for (const auto& seed : sectionSeeds()) {
    BOOST_TEST_CONTEXT(seed.name) { BOOST_TEST(fuzzSection(seed.bytes) == 0); }
  }
}

BOOST_AUTO_TEST_CASE(every_distilled_corpus_input_passes) {
  const auto blueprints = filesIn(kCorpus / "blueprint");
  const auto sections = filesIn(kCorpus / "section");
  BOOST_TEST(!blueprints.empty());
  BOOST_TEST(!sections.empty());
  for (const auto& file : blueprints) {
    BOOST_TEST_CONTEXT(file.filename()) { BOOST_TEST(fuzzBlueprint(test::readFile(file)) == 0); }
  }
  for (const auto& file : sections) {
    BOOST_TEST_CONTEXT(file.filename()) { BOOST_TEST(fuzzSection(test::readFile(file)) == 0); }
  }
}

// The JSON readers' targets: their seeds and distilled corpus.
BOOST_AUTO_TEST_CASE(every_layout_and_bundle_seed_and_corpus_input_passes) {
  using Harness = int (*)(std::span<const std::byte>);
  const std::vector<std::tuple<std::string, std::vector<Seed>, Harness>> targets{
      {"layout", layoutSeeds(), &fuzzLayout}, {"bundle", bundleSeeds(), &fuzzBundle}};
  for (const auto& [folder, seeds, harness] : targets) {
    for (const auto& seed : seeds) {
      BOOST_TEST_CONTEXT(folder << " seed " << seed.name) { BOOST_TEST(harness(seed.bytes) == 0); }
    }
    const auto files = filesIn(kCorpus / folder);
    BOOST_TEST(!files.empty(), "tests/fuzz/corpus/" << folder << " is empty");
    for (const auto& file : files) {
      BOOST_TEST_CONTEXT(folder << "/" << file.filename()) { BOOST_TEST(harness(test::readFile(file)) == 0); }
    }
  }
}

BOOST_AUTO_TEST_CASE(every_blueprint_regression_passes) {
  const auto files = regressions("blueprint");
  announce("blueprint", files.size());
  for (const auto& file : files) {
    BOOST_TEST_CONTEXT(file.filename()) { BOOST_TEST(fuzzBlueprint(test::readFile(file)) == 0); }
  }
}

BOOST_AUTO_TEST_CASE(every_section_regression_passes) {
  const auto files = regressions("section");
  announce("section", files.size());
  for (const auto& file : files) {
    BOOST_TEST_CONTEXT(file.filename()) { BOOST_TEST(fuzzSection(sectionInput(test::readFile(file))) == 0); }
  }
}

BOOST_AUTO_TEST_CASE(every_regression_is_explained_in_the_readme) {
  const std::string readme = regressionsReadme();
  for (const char* target : {"blueprint", "section"}) {
    for (const auto& file : regressions(target)) {
      const std::string name = std::string(target) + "/" + file.filename().string();
      BOOST_TEST(readme.find(name) != std::string::npos, name << " has no line in the README");
    }
  }
}

// An empty set is a state the README declares, not a folder that went
// missing: its table's rows and the files are the same inputs.
BOOST_AUTO_TEST_CASE(every_readme_row_is_a_committed_input) {
  std::istringstream readme(regressionsReadme());
  std::size_t rows = 0;
  for (std::string line; std::getline(readme, line);) {
    if (!line.starts_with("| `")) continue;
    ++rows;
    const auto name = line.substr(3, line.find('`', 3) - 3);
    BOOST_TEST(std::filesystem::is_regular_file(kRegressions / name), "the README's row " << name << " has no file");
  }
  const auto files = regressions("blueprint").size() + regressions("section").size();
  BOOST_TEST(rows == files, "the README's table has " << rows << " rows for " << files << " inputs");
  if (files == 0) {
    BOOST_TEST(regressionsReadme().find("No fuzzer run has found a bug yet") != std::string::npos,
               "no regression inputs, and the README does not say that none were found");
  }
}

BOOST_AUTO_TEST_SUITE_END()
