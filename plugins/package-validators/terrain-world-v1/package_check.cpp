// SPDX-License-Identifier: MIT
// The order matters: world.json first (without it nothing else can be
// judged), then every reference's path and hash, then the small documents
// (boundaries, scenery: the scenery gives the points the terrain pass must
// sample), then one streamed pass over each terrain file, and last the rules
// that compare terrain figures with boundaries and the report.
#include "package_checker.hpp"

#include <algorithm>
#include <map>

#include <isla/parallel/parallel.hpp>

namespace isla::terrain_world {

namespace {

// The most bytes a terrain file of n heights may have: a header and, per
// height, the longest float32 JSON ("-1.17549435e-38") with generous
// separators and indentation.
constexpr double kMaxTerrainBytesPerHeight = 64;
constexpr double kMaxTerrainHeaderBytes = 1 << 20;
std::vector<ExpectedEdge> expectedEdges(const WorldModel& model) {
  std::vector<ExpectedEdge> edges;
  for (std::int64_t r = 0; r < model.latticeRows; ++r) {
    for (std::int64_t c = 0; c < model.latticeCols; ++c) {
      const auto index = static_cast<std::size_t>(r * model.latticeCols + c);
      if (c + 1 < model.latticeCols) edges.push_back({edgeId(r, c, "east"), index, index + 1, true});
      if (r + 1 < model.latticeRows) {
        edges.push_back({edgeId(r, c, "south"), index, index + static_cast<std::size_t>(model.latticeCols), false});
      }
    }
  }
  return edges;
}

}  // namespace

bool conforms(const JsonSchema& schema, const json::value& document, std::string_view definition,
              const std::string& file, Report& report) {
  const auto violations = schema.validate(document, definition);
  for (const auto& v : violations) report.error("world.schema", file, v.pointer, v.message);
  return violations.empty();
}

PackageSummary PackageCheck::run() {
  try {
    schema_.emplace(JsonSchema::shipped("world-v1.schema.json"));
  } catch (const std::runtime_error& error) {
    report_.error("world.unreadable", descriptorName_, "",
                  std::string("cannot load the package schema: ") + error.what() + "; reinstall isla-tool");
    return summary_;
  }
  if (!readDescriptor()) return summary_;
  locateReferences();
  checkFiles();
  checkEdgeSamples();
  checkReport();
  return summary_;
}

bool PackageCheck::readDescriptor() {
  if (!locate(root_, descriptorName_, descriptorName_, "", report_)) return false;
  const auto world = readDocument(root_ / descriptorName_, descriptorName_, report_, {.maxBytes = kMaxDocumentBytes});
  if (!world) return false;
  if (const auto* name = world->is_object() ? world->get_object().if_contains("name") : nullptr;
      name && name->is_string()) {
    summary_.name = str(*name);
  }
  if (!conforms(*schema_, *world, {}, descriptorName_, report_)) return false;
  model_ = readWorld(*world, descriptorName_);
  checkWorld(model_, *world, report_);
  summary_.sources = model_.sources.size();
  summary_.patches = model_.patches.size();
  if (model_.latticeIntact) edges_ = expectedEdges(model_);
  summary_.boundaries = edges_.size();
  return true;
}

// Located now, hashed later with the terrain reads.
std::optional<std::filesystem::path> PackageCheck::located(const Reference& reference) {
  auto file = locate(root_, reference, report_);
  if (file) hashes_.push_back({*file, reference});
  return file;
}

std::optional<std::filesystem::path> PackageCheck::locatedTerrain(const PatchEntry& patch) {
  const auto file = locate(root_, patch.terrain, report_);
  if (!file) return file;
  const double heights = static_cast<double>(std::max<std::int64_t>(0, patch.pointsX)) *
                         static_cast<double>(std::max<std::int64_t>(0, patch.pointsZ));
  const double limit = kMaxTerrainHeaderBytes + kMaxTerrainBytesPerHeight * heights;
  std::error_code error;
  if (const auto size = std::filesystem::file_size(*file, error); !error && static_cast<double>(size) > limit) {
    report_.error("world.terrain-too-large", patch.terrain.path, "",
                  patch.terrain.path + " is " + std::to_string(size) + " bytes, more than the " +
                      std::to_string(static_cast<std::uint64_t>(limit)) + " a terrain of " +
                      std::to_string(patch.pointsX) + " x " + std::to_string(patch.pointsZ) +
                      " heights can have; it was neither hashed nor read: recompile the package");
    return std::nullopt;
  }
  // A stage just written is hashed in its terrain pass (check_terrain.cpp).
  if (recompute_) hashes_.push_back({*file, patch.terrain});
  return file;
}

// Hashing every file and streaming every terrain file (in a stage just
// written, hashed in the same pass) are independent: they run on every core, each task reporting on its own, merged in
// terrain-then-hash order, so the diagnostics do not depend on the thread
// count. The first task reads the boundaries and scenery documents (their
// diagnostics go straight to out_, before the others); the terrain reads
// need its elevation queries and wait for it, so they come after the
// hashes, which do not.
void PackageCheck::checkFiles() {
  const std::size_t terrains = model_.patches.size(), hashes = hashes_.size();
  std::vector<Diagnostics> found(terrains + hashes);
  std::latch documentsRead(1);
  parallelFor(1 + hashes + terrains, threads_, [&](std::size_t task) {
    if (task == 0) {
      const CountDown done{documentsRead};  // braces: clang 14 has no parenthesised aggregates
      checkBoundaries();
      for (std::size_t i = 0; i < model_.sources.size(); ++i) checkScenery(i);
    } else if (task <= hashes) {
      Report report(found[terrains + task - 1]);
      checkHash(hashes_[task - 1].file, hashes_[task - 1].reference, report);
    } else {
      documentsRead.wait();
      readTerrain(task - 1 - hashes, found[task - 1 - hashes]);
    }
  });
  for (const auto& f : found) out_.append(f);
}

void PackageCheck::locateReferences() {
  boundariesFile_ = located(model_.boundaries);
  reportFile_ = located(model_.report);
  for (const auto& s : model_.sources) sceneryFiles_.push_back(located(s.scenery));
  for (const auto& p : model_.patches) terrainFiles_.push_back(locatedTerrain(p));
  figures_.resize(model_.patches.size());
  slopes_.resize(model_.patches.size());
  queries_.resize(model_.patches.size());
}

std::optional<json::value> PackageCheck::companion(const std::optional<std::filesystem::path>& file, const std::string& name,
                                     std::string_view definition) {
  if (!file) return std::nullopt;
  auto document = readDocument(*file, name, report_, {.maxBytes = kMaxDocumentBytes});
  if (!document || !conforms(*schema_, *document, definition, name, report_)) return std::nullopt;
  return document;
}

std::size_t PackageCheck::patchIndex(const std::string& id) const {
  for (std::size_t i = 0; i < model_.patches.size(); ++i) {
    if (model_.patches[i].id == id) return i;
  }
  return model_.patches.size();
}

PackageSummary checkPackage(const std::filesystem::path& descriptor, Diagnostics& out, CheckDepth depth,
                            unsigned threads) {
  return PackageCheck(descriptor, out, depth, threads).run();
}

}  // namespace isla::terrain_world
