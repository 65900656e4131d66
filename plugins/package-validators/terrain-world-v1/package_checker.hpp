// SPDX-License-Identifier: MIT
// The checker of one package: its state, shared by the rules of each
// document, which live in a file a document (check_boundaries.cpp,
// check_scenery.cpp, check_terrain.cpp, check_report.cpp; package_check.cpp
// runs them in order). Internal to this plugin.
#pragma once

#include <array>
#include <cstdint>
#include <filesystem>
#include <latch>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <isla/document/json_schema.hpp>

#include "json_document.hpp"
#include "json_values.hpp"
#include "package_check.hpp"
#include "package_files.hpp"
#include "patch_figures.hpp"
#include "world_model.hpp"

namespace isla::terrain_world {

namespace json = boost::json;

// The schema's violations of `document` reported; true when there is none.
bool conforms(const JsonSchema& schema, const json::value& document, std::string_view definition,
              const std::string& file, Report& report);

struct ExpectedEdge {
  std::string id;
  std::size_t first, second;  // patch indices: north or west member, then the other
  bool east;                  // an east edge (axis z), else a south one (axis x)
};

class PackageCheck {
 public:
  PackageCheck(const std::filesystem::path& descriptor, Diagnostics& out, CheckDepth depth, unsigned threads)
      : root_(descriptor.parent_path().empty() ? "." : descriptor.parent_path()),
        descriptorName_(descriptor.filename().string()),
        out_(out),
        report_(out),
        recompute_(depth == CheckDepth::Full),
        threads_(threads) {}


  PackageSummary run();

 private:
  bool readDescriptor();
  // Located now, hashed later with the terrain reads.
  std::optional<std::filesystem::path> located(const Reference& reference);
  // A terrain file far larger than its patch's heights can be (a sparse
  // file of gigabytes) is refused before it is hashed or read.
  std::optional<std::filesystem::path> locatedTerrain(const PatchEntry& patch);
  // Hashing every file and streaming every terrain file (in a stage just
  // written, hashed in the same pass) are independent: they run on every core, each task reporting on its own, merged in
  // terrain-then-hash order, so the diagnostics do not depend on the thread
  // count. The first task reads the boundaries and scenery documents (their
  // diagnostics go straight to out_, before the others); the terrain reads
  // need its elevation queries and wait for it, so they come after the
  // hashes, which do not.
  void checkFiles();
  void locateReferences();
  std::optional<json::value> companion(const std::optional<std::filesystem::path>& file, const std::string& name,
                                       std::string_view definition);
  std::size_t patchIndex(const std::string& id) const;

  // boundaries.json (check_boundaries.cpp)
  void checkBoundaries();
  void checkEdge(const ExpectedEdge& e, const json::value& edge, const std::string& pointer);
  // Edges meeting at a lattice vertex agree there: same height, same normal.
  void checkEndpoints();
  // An edge's heights are both members' border samples, exactly.
  void checkEdgeSamples();

  // scenery/*.json (check_scenery.cpp)
  void checkScenery(std::size_t index);
  // The contract's ids: <ns>:imported-vegetation:<source_index>, a model
  // reference <ns>:species:..., and a region of this document (scope world)
  // or <ns>:external-region:... (scope external).
  void checkVegetation(const json::value& item, const std::string& ns, const std::set<std::string>& regionIds,
                       const std::string& file, const std::string& pointer);
  void checkEntityId(const json::value& entity, const std::string& prefix, const std::string& file,
                     const std::string& pointer);

  // terrain/*.json (check_terrain.cpp)
  // At CheckDepth::Full the heights are first parsed as plain numbers; that
  // read is kept when it read the document and its reader reported nothing,
  // else the parser reads it again so that the diagnostics are the parser's.
  void readTerrain(std::size_t index, Diagnostics& found);

  // report.json (check_report.cpp)
  void checkReport();
  void checkPatchFigures(const json::value& entry, std::size_t index, std::set<std::string>& steep);
  void checkSteepWarnings(const json::array& warnings, const std::set<std::string>& steep);

  // Opens the latch however the documents' task ends, so that no terrain
  // read waits forever.
  struct CountDown {
    std::latch& latch;
    ~CountDown() { latch.count_down(); }
  };

  struct EdgeData {
    const ExpectedEdge* expected;
    std::string pointer;
    std::vector<double> heights;
    std::vector<std::array<double, 3>> normals;
  };

  struct HashJob {
    std::filesystem::path file;
    Reference reference;
  };

  std::filesystem::path root_;
  std::string descriptorName_;
  Diagnostics& out_;
  Report report_;
  std::optional<JsonSchema> schema_;
  PackageSummary summary_;
  WorldModel model_;
  std::vector<ExpectedEdge> edges_;
  std::vector<EdgeData> edgeData_;
  std::optional<std::filesystem::path> boundariesFile_, reportFile_;
  std::vector<std::optional<std::filesystem::path>> sceneryFiles_, terrainFiles_;
  std::vector<HashJob> hashes_;
  std::vector<std::unique_ptr<PatchFigures>> figures_;  // of intact terrain files
  std::vector<double> slopes_;                          // max_slope_deg by patch, of those
  bool recompute_;                                      // CheckDepth::Full
  unsigned threads_;
  std::vector<std::vector<ElevationQuery>> queries_;   // by patch
  bool sceneryRead_ = true;
  std::size_t entities_ = 0, roads_ = 0;
};

}  // namespace isla::terrain_world
