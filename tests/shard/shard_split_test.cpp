// SPDX-License-Identifier: MIT
// The split of patches between shards: balanced by samples, every patch in
// exactly one shard, a function of the sizes alone; the sources each needs.
#include <boost/test/unit_test.hpp>

#include <isla/shard/shard.hpp>

#include <algorithm>
#include <numeric>

namespace {

std::vector<std::uint64_t> loads(const std::vector<std::uint64_t>& samples, const std::vector<unsigned>& owners,
                                 unsigned shards) {
  std::vector<std::uint64_t> load(shards, 0);
  for (std::size_t p = 0; p < samples.size(); ++p) load.at(owners[p]) += samples[p];
  return load;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(shard_split)

BOOST_AUTO_TEST_CASE(the_largest_patches_go_first_to_the_lightest_shard) {
  // A 2 x 2 lattice of 100-sample sources, 10-sample strips, a 1-sample corner.
  const std::vector<std::uint64_t> samples{100, 10, 100, 10, 1, 10, 100, 10, 100};
  const auto owners = isla::splitPatches(samples, 2);
  BOOST_TEST((owners == std::vector<unsigned>{0, 0, 1, 1, 0, 0, 0, 1, 1}));
  BOOST_TEST((loads(samples, owners, 2) == std::vector<std::uint64_t>{221, 220}));
  const auto four = isla::splitPatches(samples, 4);
  BOOST_TEST((loads(samples, four, 4) == std::vector<std::uint64_t>{111, 110, 110, 110}));
}

BOOST_AUTO_TEST_CASE(more_shards_than_patches_leaves_some_empty) {
  const std::vector<std::uint64_t> samples{5, 7};
  BOOST_TEST((isla::splitPatches(samples, 4) == std::vector<unsigned>{1, 0}));
  BOOST_TEST((isla::splitPatches(samples, 1) == std::vector<unsigned>{0, 0}));
  BOOST_CHECK_THROW(isla::splitPatches(samples, 0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_split_never_leaves_a_shard_more_than_a_patch_above_the_mean) {
  std::vector<std::uint64_t> samples;
  for (std::uint64_t i = 0; i < 200; ++i) samples.push_back(1 + (i * 7919) % 1000);
  const std::uint64_t total = std::accumulate(samples.begin(), samples.end(), std::uint64_t{0});
  const std::uint64_t largest = *std::max_element(samples.begin(), samples.end());
  for (const unsigned shards : {2U, 3U, 7U, 16U}) {
    const auto owners = isla::splitPatches(samples, shards);
    BOOST_TEST(owners == isla::splitPatches(samples, shards));
    for (const std::uint64_t load : loads(samples, owners, shards)) {
      BOOST_TEST(load <= total / shards + largest, shards << " shards");
    }
  }
}

BOOST_AUTO_TEST_CASE(the_lattice_gives_each_patch_its_samples_and_the_sources_it_needs) {
  // 2 x 3 sources of 256² with 4-cell gaps: a 3 x 5 lattice, row by row.
  const auto samples = isla::latticeSamples(2, 3, 256, 4);
  BOOST_TEST(samples.size() == 15U);
  BOOST_TEST(samples[0] == 256U * 256U);  // source (0, 0)
  BOOST_TEST(samples[1] == 256U * 5U);    // the strip east of it
  BOOST_TEST(samples[5] == 5U * 256U);    // the strip south of it
  BOOST_TEST(samples[6] == 5U * 5U);      // a corner
  const std::vector<std::size_t> source{2}, strip{3}, corner{6}, none{};
  BOOST_TEST((isla::sourcesOfShard(2, 3, source) == std::vector<bool>{false, true, false, false, false, false}));
  BOOST_TEST((isla::sourcesOfShard(2, 3, strip) == std::vector<bool>{false, true, true, false, false, false}));
  BOOST_TEST((isla::sourcesOfShard(2, 3, corner) == std::vector<bool>{true, true, false, true, true, false}));
  BOOST_TEST((isla::sourcesOfShard(2, 3, none) == std::vector<bool>{true, false, false, false, false, false}));
}

BOOST_AUTO_TEST_SUITE_END()
