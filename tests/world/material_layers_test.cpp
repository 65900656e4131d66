// SPDX-License-Identifier: MIT
// The World's material layers on a 2 x 2 world of sample islands, each with
// a stripe of its own biome along its east and south edges so that every
// strip and corner blends different classes: every sample of every patch
// sums to 255; a sample farther than blend_m from every other class (found
// here from the roles, by Euclidean distance) weighs 255 on its layer; the
// sample nearest each road point weighs 255 road; patches agree on their
// shared edges; the bytes are the same on one thread and two; and the
// mapping file's errors say which file, which key and what to do.
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <numeric>
#include <optional>

#include <isla/world/material_layers.hpp>

#include "test_kernel.hpp"
#include "tool_runner.hpp"
#include "world_fixture.hpp"

using namespace isla;
using namespace isla::test;

namespace {

constexpr std::int32_t kStripe = 40;
constexpr std::array<std::uint8_t, 4> kStripeBiomes{5, 6, 7, 9};  // Jungle, Swamp, Desert, Rock

// Each source's east and south edges painted with its own dry biome.
void paintStripes(SampleBlueprint& sample, const LayoutSource& source) {
  const std::int32_t n = sample.mapSize;
  const std::uint8_t biome = kStripeBiomes[static_cast<std::size_t>(source.row * 2 + source.col)];
  for (std::int32_t x = 0; x < n; ++x) {
    for (std::int32_t z = 0; z < n; ++z) {
      if (x < n - kStripe && z < n - kStripe) continue;
      const auto i = static_cast<std::size_t>(x * n + z);
      sample.biomes[i] = biome;
      sample.waterIds[i] = 0;
      sample.waterSurface[i] = 0;
    }
  }
  refreshBodies(sample);
}

World stripedWorld(unsigned threads = 1) {
  return buildTestWorld({.rows = 2, .cols = 2, .mapSize = 256, .gapCells = 8, .threads = threads, .edit = paintStripes});
}

MaterialLayers defaultLayers(const World& world, double blendM, unsigned threads = 1, double waterFadeM = 0) {
  return MaterialLayers(world, defaultLayerMapping(findClasses(world), sharedKernel().enums()), blendM, threads,
                        waterFadeM);
}

// A source sample's depth below its water body's level, in metres; none outside the bodies.
std::optional<double> depthM(const World& world, const WorldSource& source, std::int32_t x, std::int32_t z) {
  const std::uint16_t body = source.role<WaterBodyIdGrid>()->ids.at<std::uint16_t>(x, z);
  if (body == 0) return std::nullopt;
  for (const WaterBody& entry : source.role<WaterBodyTable>()->bodies) {
    if (entry.id == body) return (entry.surfaceLevelRaw - source.heights().at<float>(x, z)) * world.settings.heightScaleM;
  }
  return std::nullopt;
}

// Half the deepest water of the world: a water_fade_m that some water is deeper than and some shallower.
double halfTheDeepestM(const World& world) {
  double deepest = 0;
  for (const WorldSource& source : world.sources) {
    for (std::int32_t x = 0; x < world.mapSize; ++x) {
      for (std::int32_t z = 0; z < world.mapSize; ++z) deepest = std::max(deepest, depthM(world, source, x, z).value_or(0));
    }
  }
  return deepest / 2;
}

using Weights = std::vector<std::vector<std::uint8_t>>;  // rows of pointsX x layers bytes

Weights patchWeights(const MaterialLayers& layers, std::size_t patch) {
  LayerRows rows = layers.rows(patch);
  Weights out;
  for (std::int32_t z = 0; z < layers.world().patches[patch].pointsZ; ++z) {
    const auto row = rows.row(z);
    out.emplace_back(row.begin(), row.end());
  }
  return out;
}

// The same rows from compactRow, laid out here: a whole sample 255 on its class.
Weights compactPatchWeights(const MaterialLayers& layers, std::size_t patch) {
  LayerRows rows = layers.rows(patch);
  const std::size_t L = layers.count();
  Weights out;
  for (std::int32_t z = 0; z < layers.world().patches[patch].pointsZ; ++z) {
    const CompactLayerRow row = rows.compactRow(z);
    std::vector<std::uint8_t> weights(row.classes.size() * L);
    for (std::size_t x = 0; x < row.classes.size(); ++x) {
      if (row.classes[x] == kMixedSample) {
        std::copy_n(&row.samples[x * L], L, &weights[x * L]);
      } else {
        weights[x * L + row.classes[x]] = 255;
      }
    }
    out.push_back(std::move(weights));
  }
  return out;
}

std::uint8_t weightAt(const Weights& weights, std::size_t layers, std::int32_t x, std::int32_t z, std::size_t layer) {
  return weights[static_cast<std::size_t>(z)][static_cast<std::size_t>(x) * layers + layer];
}

// A source sample's class as a layer: its water body, else its biome.
std::size_t classOf(const WorldSource& source, const LayerMapping& mapping, std::int32_t x, std::int32_t z) {
  const auto* water = source.role<WaterBodyIdGrid>();
  if (water && water->ids.at<std::uint16_t>(x, z) != 0) return *mapping.waterLayer;
  return *mapping.biomeLayer[source.role<BiomeGrid>()->classes.at<std::uint8_t>(x, z)];
}

std::filesystem::path writeMapping(const TempDir& dir, const std::string& name, const std::string& json) {
  const auto path = dir / name;
  std::ofstream(path) << json;
  return path;
}

std::string mappingError(const World& world, const std::filesystem::path& file) {
  try {
    readLayerMapping(file, findClasses(world), sharedKernel().enums());
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "no error";
}

}  // namespace

BOOST_AUTO_TEST_SUITE(material_layers)

BOOST_AUTO_TEST_CASE(every_sample_of_every_patch_sums_to_255_and_patches_agree_on_shared_edges) {
  const World world = stripedWorld();
  const double fadeM = halfTheDeepestM(world);
  for (const auto& [blendM, waterFadeM] : {std::pair{0.0, 0.0}, {6.0, 0.0}, {40.0, 0.0}, {6.0, fadeM}}) {
    BOOST_TEST_CONTEXT("water_fade_m " << waterFadeM) {
    const MaterialLayers layers = defaultLayers(world, blendM, 1, waterFadeM);
    const std::size_t L = layers.count();
    std::vector<Weights> patches;
    std::int64_t samples = 0, badSums = 0, blended = 0;
    for (std::size_t p = 0; p < world.patches.size(); ++p) {
      patches.push_back(patchWeights(layers, p));
      for (const auto& row : patches.back()) {
        for (std::size_t at = 0; at < row.size(); at += L) {
          const int sum = std::accumulate(row.begin() + static_cast<std::ptrdiff_t>(at),
                                          row.begin() + static_cast<std::ptrdiff_t>(at + L), 0);
          badSums += sum != 255;
          blended += std::none_of(row.begin() + static_cast<std::ptrdiff_t>(at),
                                  row.begin() + static_cast<std::ptrdiff_t>(at + L), [](auto w) { return w == 255; });
          ++samples;
        }
      }
    }
    BOOST_TEST(badSums == 0, "blend_m " << blendM);
    BOOST_TEST(blended > 0, "blend_m " << blendM);  // strips blend even at blend_m 0; the tests above are not vacuous
    // Each edge's samples, from either member, by the side it is on.
    std::int64_t compared = 0, differing = 0;
    for (const Edge& edge : world.edges) {
      const auto line = [&](const EdgeMember& member, std::int32_t i) {
        const Patch& patch = world.patches[member.patch];
        const Weights& weights = patches[member.patch];
        const std::int32_t x = member.side == Side::East ? patch.pointsX - 1 : member.side == Side::West ? 0 : i;
        const std::int32_t z = member.side == Side::South ? patch.pointsZ - 1 : member.side == Side::North ? 0 : i;
        const auto* sample = &weights[static_cast<std::size_t>(z)][static_cast<std::size_t>(x) * L];
        return std::vector<std::uint8_t>(sample, sample + L);
      };
      for (std::int32_t i = 0; i < static_cast<std::int32_t>(edge.heights.size()); ++i) {
        differing += line(edge.members[0], i) != line(edge.members[1], i);
        ++compared;
      }
    }
    BOOST_TEST(compared > 0);
    BOOST_TEST(differing == 0, "blend_m " << blendM);
    }
  }
}

BOOST_AUTO_TEST_CASE(a_sample_farther_than_blend_m_from_every_other_class_weighs_255_on_its_layer) {
  const World world = stripedWorld();
  const LayerMapping mapping = defaultLayerMapping(findClasses(world), sharedKernel().enums());
  for (const double blendM : {0.0, 6.0, 17.5}) {
    const MaterialLayers layers(world, mapping, blendM, 2);
    const std::size_t L = layers.count();
    const auto reach = static_cast<std::int32_t>(std::floor(blendM));
    std::int64_t interior = 0, wrong = 0;
    for (const WorldSource& source : world.sources) {
      const Weights weights = patchWeights(layers, source.patch);
      const std::int32_t n = world.mapSize;
      for (std::int32_t z = 0; z < n; ++z) {
        for (std::int32_t x = 0; x < n; ++x) {
          if (weightAt(weights, L, x, z, *mapping.roadLayer) != 0) continue;  // the road lies on top
          const std::size_t own = classOf(source, mapping, x, z);
          bool alone = true;
          for (std::int32_t dz = -reach; dz <= reach && alone; ++dz) {
            for (std::int32_t dx = -reach; dx <= reach && alone; ++dx) {
              const std::int32_t nx = x + dx, nz = z + dz;
              if (dx * dx + dz * dz > blendM * blendM || nx < 0 || nz < 0 || nx >= n || nz >= n) continue;
              alone = classOf(source, mapping, nx, nz) == own;
            }
          }
          if (!alone) continue;
          ++interior;
          wrong += weightAt(weights, L, x, z, own) != 255;
        }
      }
    }
    BOOST_TEST(interior > 40000, "blend_m " << blendM << ": " << interior);
    BOOST_TEST(wrong == 0, "blend_m " << blendM);
  }
}

BOOST_AUTO_TEST_CASE(a_source_sample_off_the_roads_is_its_box_counts_quantised) {
  // The counts taken naively, box by box, against the sparse filter's, on
  // every fifth row and second column (a box is wider, so none is skipped).
  const World world = stripedWorld();
  const LayerMapping mapping = defaultLayerMapping(findClasses(world), sharedKernel().enums());
  for (const double blendM : {0.0, 6.0, 17.5, 30.0}) {
    const MaterialLayers layers(world, mapping, blendM, 2);
    const std::size_t L = layers.count();
    const std::int32_t r = layers.blendSamples(), n = world.mapSize;
    const double total = (2.0 * r + 1) * (2.0 * r + 1);
    std::int64_t compared = 0, mixed = 0, wrong = 0;
    for (const WorldSource& source : world.sources) {
      const Weights weights = patchWeights(layers, source.patch);
      for (std::int32_t z = 0; z < n; z += 5) {
        for (std::int32_t x = z % 2; x < n; x += 2) {
          if (weightAt(weights, L, x, z, *mapping.roadLayer) != 0) continue;  // the road lies on top
          std::vector<double> counts(L, 0.0);
          for (std::int32_t dz = -r; dz <= r; ++dz) {
            for (std::int32_t dx = -r; dx <= r; ++dx) {
              counts[classOf(source, mapping, std::clamp(x + dx, 0, n - 1), std::clamp(z + dz, 0, n - 1))] += 1;
            }
          }
          std::vector<double> expected(L);
          for (std::size_t l = 0; l < L; ++l) expected[l] = counts[l] * 255 / total;
          std::vector<std::uint8_t> quantised(L);
          quantiseWeights(expected, quantised);
          const auto* sample = &weights[static_cast<std::size_t>(z)][static_cast<std::size_t>(x) * L];
          wrong += !std::equal(quantised.begin(), quantised.end(), sample);
          mixed += std::none_of(quantised.begin(), quantised.end(), [](auto w) { return w == 255; });
          ++compared;
        }
      }
    }
    BOOST_TEST(compared > 20000, "blend_m " << blendM);
    BOOST_TEST((blendM == 0 ? mixed == 0 : mixed > 300), "blend_m " << blendM << ": " << mixed << " blended");
    BOOST_TEST(wrong == 0, "blend_m " << blendM << ": " << wrong << " of " << compared);
  }
}

BOOST_AUTO_TEST_CASE(water_fades_from_0_at_the_shore_to_255_at_water_fade_m_deep) {
  const World world = stripedWorld();
  const LayerMapping mapping = defaultLayerMapping(findClasses(world), sharedKernel().enums());
  const double fadeM = halfTheDeepestM(world);
  BOOST_TEST_REQUIRE(fadeM > 0);
  const MaterialLayers layers(world, mapping, 6, 2, fadeM);
  const std::size_t L = layers.count(), water = *mapping.waterLayer;
  const std::int32_t r = layers.blendSamples(), n = world.mapSize;
  std::vector<std::pair<double, int>> byDepth;  // water samples away from the shore: depth, water weight
  std::int64_t wrongLand = 0, wrongScale = 0, badSums = 0;
  for (const WorldSource& source : world.sources) {
    const Weights weights = patchWeights(layers, source.patch);
    for (std::int32_t z = 0; z < n; ++z) {
      for (std::int32_t x = 0; x < n; ++x) {
        const auto* sample = &weights[static_cast<std::size_t>(z)][static_cast<std::size_t>(x) * L];
        badSums += std::accumulate(sample, sample + L, 0) != 255;
        const int weight = sample[water];
        const std::optional<double> depth = depthM(world, source, x, z);
        if (!depth) {
          wrongLand += weight != 0;  // a shore's land side: no water at all
          continue;
        }
        if (weightAt(weights, L, x, z, *mapping.roadLayer) != 0) continue;  // the road lies on top
        bool inWater = true;
        for (std::int32_t dz = -r; dz <= r && inWater; ++dz) {
          for (std::int32_t dx = -r; dx <= r && inWater; ++dx) {
            inWater = classOf(source, mapping, std::clamp(x + dx, 0, n - 1), std::clamp(z + dz, 0, n - 1)) == water;
          }
        }
        if (!inWater) continue;
        byDepth.emplace_back(*depth, weight);
        wrongScale += std::abs(weight - 255 * std::clamp(*depth / fadeM, 0.0, 1.0)) > 1;
      }
    }
  }
  BOOST_TEST(badSums == 0);
  BOOST_TEST(wrongLand == 0);
  BOOST_TEST(wrongScale == 0, wrongScale << " of " << byDepth.size() << " not 255 x depth / water_fade_m");
  std::sort(byDepth.begin(), byDepth.end());
  std::int64_t falling = 0, partial = 0, whole = 0, wrongWhole = 0;
  for (std::size_t i = 0; i < byDepth.size(); ++i) {
    const auto [depth, weight] = byDepth[i];
    falling += i > 0 && weight < byDepth[i - 1].second;
    partial += weight > 0 && weight < 255;
    if (depth >= fadeM) {
      ++whole;
      wrongWhole += weight != 255;
    }
  }
  BOOST_TEST(falling == 0, "the water weight falls " << falling << " times as the water deepens");
  BOOST_TEST(wrongWhole == 0);
  BOOST_TEST(partial > 100, partial);
  BOOST_TEST(whole > 100, whole);
}

BOOST_AUTO_TEST_CASE(the_sample_nearest_every_road_point_weighs_255_road) {
  const World world = stripedWorld();
  const MaterialLayers layers = defaultLayers(world, 8);
  const std::size_t L = layers.count();
  const std::size_t road = layers.count() - 2;  // then water
  BOOST_TEST_REQUIRE(layers.names()[road] == "road");
  std::int64_t points = 0, wrong = 0;
  for (const WorldSource& source : world.sources) {
    const Weights weights = patchWeights(layers, source.patch);
    for (const RoadClass roadClass : kRoadClasses) {
      const RoadTier* tier = roadTier(*source.blueprint, roadClass);
      BOOST_TEST_REQUIRE(tier != nullptr);
      for (std::size_t p = 0; p < tier->paths.size(); ++p) {
        for (const Point2f& point : tier->paths.path(p)) {
          const auto x = static_cast<std::int32_t>(std::lround(point.x));
          const auto z = static_cast<std::int32_t>(std::lround(point.y));
          if (x < 0 || z < 0 || x >= world.mapSize || z >= world.mapSize) continue;
          ++points;
          wrong += weightAt(weights, L, x, z, road) != 255;
        }
      }
    }
  }
  BOOST_TEST(points > 20);
  BOOST_TEST(wrong == 0);
}

BOOST_AUTO_TEST_CASE(the_bytes_are_the_same_on_one_thread_and_two) {
  const World world = stripedWorld();
  const MaterialLayers one = defaultLayers(world, 10, 1), two = defaultLayers(world, 10, 2);
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    BOOST_TEST((patchWeights(one, p) == patchWeights(two, p)), world.patches[p].id);
  }
}

BOOST_AUTO_TEST_CASE(bands_made_ahead_on_another_thread_give_the_bytes_of_bands_made_in_turn) {
  // A source of 1024 rows is several bands: with two threads each is made while the one before is read.
  const World world =
      buildTestWorld({.rows = 1, .cols = 1, .mapSize = 1024, .gapCells = 8, .threads = 2, .edit = paintStripes});
  const MaterialLayers one = defaultLayers(world, 10, 1), two = defaultLayers(world, 10, 2);
  const Weights inTurn = patchWeights(one, 0);
  BOOST_TEST((patchWeights(two, 0) == inTurn));
  // Rows out of order: a band made ahead and not wanted is waited for and dropped.
  LayerRows rows = two.rows(0);
  for (const std::int32_t z : {700, 3, 1023, 256, 255, 256}) {
    const auto row = rows.row(z);
    BOOST_TEST((std::vector<std::uint8_t>(row.begin(), row.end()) == inTurn[static_cast<std::size_t>(z)]), "row " << z);
  }
}

BOOST_AUTO_TEST_CASE(compact_rows_are_the_rows_laid_out) {
  // Sources of several bands, strips and corners, with and without a water fade and a blend.
  const World world =
      buildTestWorld({.rows = 2, .cols = 2, .mapSize = 600, .gapCells = 8, .threads = 2, .edit = paintStripes});
  for (const auto& [blendM, waterFadeM] : {std::pair{0.0, 0.0}, {10.0, 0.0}, {6.0, halfTheDeepestM(world)}}) {
    const MaterialLayers layers = defaultLayers(world, blendM, 2, waterFadeM);
    for (std::size_t p = 0; p < world.patches.size(); ++p) {
      BOOST_TEST((compactPatchWeights(layers, p) == patchWeights(layers, p)),
                 world.patches[p].id << " blend_m " << blendM << " water_fade_m " << waterFadeM);
    }
  }
  // A row out of the patch refused as row() refuses it.
  LayerRows rows = defaultLayers(world, 10).rows(0);
  BOOST_CHECK_THROW(rows.compactRow(world.patches[0].pointsZ), std::out_of_range);
  BOOST_CHECK_THROW(rows.compactRow(-1), std::out_of_range);
}

BOOST_AUTO_TEST_CASE(the_default_mapping_is_one_layer_a_biome_that_occurs_then_road_and_water) {
  const World world = stripedWorld();
  const WorldClasses classes = findClasses(world);
  const LayerMapping mapping = defaultLayerMapping(classes, sharedKernel().enums());
  // The sample's beach, grassland, forest and mountain, its ocean and lake
  // (under water, but biomes all the same), and the four stripes.
  const std::vector<std::string> expected{"ocean", "lake",   "beach",    "grassland", "forest", "jungle",
                                          "swamp", "desert", "mountain", "rock",      "road",   "water"};
  std::vector<std::string> sorted = mapping.names;
  BOOST_TEST(mapping.names.size() == expected.size());
  BOOST_TEST(mapping.names[mapping.names.size() - 2] == "road");
  BOOST_TEST(mapping.names.back() == "water");
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::string> want = expected;
  std::sort(want.begin(), want.end());
  BOOST_TEST(sorted == want, boost::test_tools::per_element());
  BOOST_TEST(*classes.biomes[5] == "s00");  // jungle: the first source's stripe
  BOOST_TEST(*classes.biomes[9] == "s11");  // rock: the last's
}

BOOST_AUTO_TEST_CASE(a_mapping_file_merges_renames_and_orders_the_classes) {
  const World world = stripedWorld();
  TempDir dir;
  const auto file = writeMapping(dir, "map.json", R"({"layers": [
    {"name": "wet", "classes": ["water", "Ocean", "Lake", "Swamp"]},
    {"name": "green", "classes": ["Forest", "Jungle", "Grassland"]},
    {"name": "dry", "classes": ["Beach", "Desert", "Rock", "Mountain"]},
    {"name": "paved", "classes": ["road"]}]})");
  const MaterialLayers merged(world, readLayerMapping(file, findClasses(world), sharedKernel().enums()), 4, 1);
  BOOST_TEST(merged.names() == (std::vector<std::string>{"wet", "green", "dry", "paved"}),
             boost::test_tools::per_element());
  // A merged layer weighs what its classes' layers weigh together, but for
  // the rounding of each (under 1 apiece): on a source and on a corner.
  const MaterialLayers apart = defaultLayers(world, 4);
  const auto layerOf = [&](const std::string& name) {
    return static_cast<std::size_t>(std::find(apart.names().begin(), apart.names().end(), name) - apart.names().begin());
  };
  const std::array green{layerOf("forest"), layerOf("jungle"), layerOf("grassland")};
  for (const std::size_t patch : {world.sources[0].patch, static_cast<std::size_t>(world.patch(1, 1) - world.patches.data())}) {
    const Weights together = patchWeights(merged, patch), separate = patchWeights(apart, patch);
    int worst = 0;
    for (std::size_t z = 0; z < together.size(); ++z) {
      for (std::int32_t x = 0; x < world.patches[patch].pointsX; ++x) {
        int sum = 0;
        for (const std::size_t layer : green) sum += weightAt(separate, apart.count(), x, static_cast<std::int32_t>(z), layer);
        worst = std::max(worst, std::abs(weightAt(together, 4, x, static_cast<std::int32_t>(z), 1) - sum));
      }
    }
    BOOST_TEST(worst <= 2, world.patches[patch].id);
  }
}

BOOST_AUTO_TEST_CASE(mapping_file_errors_name_the_file_the_key_and_what_to_do) {
  const World world = stripedWorld();
  TempDir dir;
  const std::string all = R"("Ocean", "Lake", "Beach", "Grassland", "Forest", "Jungle", "Swamp", "Desert",
                             "Mountain", "Rock")";
  const std::vector<std::pair<std::string, std::string>> cases{
      {R"({"layers": [)", "line 1, column 13 (byte 12)"},
      {R"({"layers": [], "colour": 1})", "key /colour: unknown key; the mapping has only \"layers\""},
      {R"({"layers": []})", "key /layers: give \"layers\": an array of {\"name\": ..., \"classes\": [...]}"},
      {R"({"layers": [{"name": "a b", "classes": ["road"]}]})",
       "key /layers/0/name: give the layer a name of 1 to 64 letters, digits, '-' and '_'"},
      {R"({"layers": [{"name": "a", "classes": ["road"]}, {"name": "a", "classes": ["water"]}]})",
       "key /layers/1/name: layer 'a' is named twice; give each layer its own name"},
      {R"({"layers": [{"name": "a", "classes": ["Jungel"]}]})",
       "key /layers/0/classes/0: 'Jungel' is no class; the classes are Ocean, Lake, Beach"},
      {R"({"layers": [{"name": "a", "classes": ["road", "road"]}]})",
       "key /layers/0/classes/1: class 'road' is already in layer 'a'; give each class to one layer"},
      {R"({"layers": [{"name": "a", "classes": ["road", "water", )" + all + R"(]}], "x": [1, 1e999]})",
       "key /x/1:"},
      {R"({"layers": [{"name": "a", "classes": ["road", "water", "Ocean"]}]})",
       "key /layers: biome 'Lake' occurs (in source 's00') but no layer takes it; add it to the classes of a layer"},
      {R"({"layers": [{"name": "a", "classes": [)" + all + R"(]}]})",
       "key /layers: class 'road' occurs (in source 's00') but no layer takes it"},
  };
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const auto file = writeMapping(dir, "map" + std::to_string(i) + ".json", cases[i].first);
    const std::string message = mappingError(world, file);
    BOOST_TEST(message.starts_with("layer mapping " + file.string()), message);
    BOOST_TEST(message.find(cases[i].second) != std::string::npos, cases[i].second << "\n in: " << message);
  }
  const std::string missing = mappingError(world, dir.path() / "none.json");
  BOOST_TEST(missing.find("cannot read the file") != std::string::npos, missing);
}

BOOST_AUTO_TEST_CASE(a_blend_beyond_the_box_limit_is_refused_naming_the_option) {
  const World world = stripedWorld();
  try {
    defaultLayers(world, 1000);
    BOOST_FAIL("blend_m 1000 at spacing 1 was taken");
  } catch (const std::runtime_error& error) {
    BOOST_TEST(std::string(error.what()) == "option 'blend_m' is 1000 m, a box of 707 samples either side at spacing "
                                            "1 m; at most 256 samples, a blend_m of at most 362.0 m here");
  }
}

BOOST_AUTO_TEST_CASE(quantised_weights_sum_to_255_the_largest_remainders_rounded_up) {
  std::array<std::uint8_t, 3> out{};
  quantiseWeights(std::array{85.0, 85.0, 85.0}, out);
  BOOST_TEST((out == std::array<std::uint8_t, 3>{85, 85, 85}));
  quantiseWeights(std::array{100.3, 100.5, 54.2}, out);
  BOOST_TEST((out == std::array<std::uint8_t, 3>{100, 101, 54}));
  quantiseWeights(std::array{127.5, 127.5, 0.0}, out);  // a tie: the first layer first
  BOOST_TEST((out == std::array<std::uint8_t, 3>{128, 127, 0}));
  quantiseWeights(std::array{255.0000000001, -1e-12, 0.0}, out);  // rounding noise either side
  BOOST_TEST((out == std::array<std::uint8_t, 3>{255, 0, 0}));
}

BOOST_AUTO_TEST_SUITE_END()
