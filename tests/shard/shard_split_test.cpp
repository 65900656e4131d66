// SPDX-License-Identifier: MIT
// The split of patches between shards: balanced by samples, every patch in
// exactly one shard, the seams beside their sources where balance allows, a
// function of the lattice and the sizes alone; the sources each needs.
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

BOOST_AUTO_TEST_CASE(the_largest_patches_go_first_to_the_lightest_shard_the_seams_beside_their_sources) {
  // A 2 x 2 lattice of 100-sample sources, 10-sample strips, a 1-sample corner.
  const std::vector<std::uint64_t> samples{100, 10, 100, 10, 1, 10, 100, 10, 100};
  const auto owners = isla::splitPatches(2, 2, samples, 2);
  // Sources 0 and 6 to shard 0, 2 and 8 to shard 1; each strip to the
  // lighter shard of the two sources it joins, the corner to shard 0.
  BOOST_TEST((owners == std::vector<unsigned>{0, 0, 1, 0, 0, 1, 0, 1, 1}));
  BOOST_TEST((loads(samples, owners, 2) == std::vector<std::uint64_t>{221, 220}));
  const auto four = isla::splitPatches(2, 2, samples, 4);
  BOOST_TEST((four == std::vector<unsigned>{0, 0, 1, 2, 0, 1, 2, 3, 3}));
  BOOST_TEST((loads(samples, four, 4) == std::vector<std::uint64_t>{111, 110, 110, 110}));
}

BOOST_AUTO_TEST_CASE(a_seam_goes_elsewhere_where_it_would_make_its_sources_shard_the_heaviest) {
  // Two 100-sample sources and a 60-sample strip between them, on 3 shards:
  // beside either source, that shard would hold 160, the split by load
  // alone at most 100.
  const std::vector<std::uint64_t> samples{100, 60, 100};
  BOOST_TEST((isla::splitPatches(1, 2, samples, 3) == std::vector<unsigned>{0, 2, 1}));
  BOOST_TEST((isla::splitPatches(1, 2, samples, 2) == std::vector<unsigned>{0, 0, 1}));
}

BOOST_AUTO_TEST_CASE(sixteen_sources_in_sixteen_shards_keep_their_strips_beside_them) {
  const std::int32_t mapSize = 4096, gapCells = 64;
  const auto samples = isla::latticeSamples(4, 4, mapSize, gapCells);
  const auto owners = isla::splitPatches(4, 4, samples, 16);
  std::size_t cornersElsewhere = 0;
  for (std::size_t p = 0; p < samples.size(); ++p) {
    const std::vector<std::size_t> patch{p};
    const std::vector<bool> sources = isla::sourcesOfShard(4, 4, patch);
    bool beside = false;
    for (std::size_t s = 0; s < sources.size(); ++s) {
      const std::size_t sourcePatch = 2 * (s / 4) * 7 + 2 * (s % 4);
      beside = beside || (sources[s] && owners[sourcePatch] == owners[p]);
    }
    const bool corner = (p / 7) % 2 == 1 && (p % 7) % 2 == 1;
    if (corner) cornersElsewhere += beside ? 0 : 1;
    else BOOST_TEST(beside, "patch " << p);
  }
  // Of the 9 corners, one finds every shard beside it full (two strips).
  BOOST_TEST(cornersElsewhere == 1U);
  // As balanced as the largest patch first to the lightest shard: a source
  // and at most two strips a shard.
  const std::uint64_t strip = std::uint64_t{mapSize} * (gapCells + 1);
  const auto load = loads(samples, owners, 16);
  BOOST_TEST(*std::max_element(load.begin(), load.end()) == std::uint64_t{mapSize} * mapSize + 2 * strip);
}

BOOST_AUTO_TEST_CASE(more_shards_than_patches_leaves_some_empty) {
  const std::vector<std::uint64_t> samples{5, 1, 7};  // two sources and the strip between them
  BOOST_TEST((isla::splitPatches(1, 2, samples, 4) == std::vector<unsigned>{1, 1, 0}));
  BOOST_TEST((isla::splitPatches(1, 2, samples, 1) == std::vector<unsigned>{0, 0, 0}));
  BOOST_CHECK_THROW(isla::splitPatches(1, 2, samples, 0), std::invalid_argument);
  BOOST_CHECK_THROW(isla::splitPatches(2, 2, samples, 4), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(the_split_never_leaves_a_shard_more_than_a_patch_above_the_mean) {
  // A lattice of 5 x 12 sources (9 x 23 patches) of uneven sizes.
  std::vector<std::uint64_t> samples;
  for (std::uint64_t i = 0; i < 9 * 23; ++i) samples.push_back(1 + (i * 7919) % 1000);
  const std::uint64_t total = std::accumulate(samples.begin(), samples.end(), std::uint64_t{0});
  const std::uint64_t largest = *std::max_element(samples.begin(), samples.end());
  for (const unsigned shards : {2U, 3U, 7U, 16U}) {
    const auto owners = isla::splitPatches(5, 12, samples, shards);
    BOOST_TEST(owners == isla::splitPatches(5, 12, samples, shards));
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
  BOOST_TEST((isla::sourcesOfShard(2, 3, none) == std::vector<bool>(6, false)));
}

BOOST_AUTO_TEST_SUITE_END()
