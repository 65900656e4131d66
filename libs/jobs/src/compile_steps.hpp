// SPDX-License-Identifier: MIT
// The steps of the compile job that a whole compile, a shard and an
// assembly of shards share (compile.cpp, shard_compile.cpp), so that all
// three make the same bytes.
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "isla/plugin/exporter.hpp"
#include "isla/jobs/compile.hpp"
#include "isla/publish/staged_directory.hpp"
#include "isla/world/world_builder.hpp"

namespace isla {

struct ChosenExporter {
  const Exporter& exporter;
  std::string who;  // "exporter 'png' (plugin png)"
  OptionValues options;
};

// The exporter and its options, parsed and checked (by the kernel, then by
// the exporter's own rules across options) before anything is read.
ChosenExporter chooseExporter(const Kernel& kernel, const CompileRequest& request);

struct BuiltWorld {
  World world;
  Diagnostics diagnostics;        // the sources' and the exporter's
  std::size_t worldWarnings = 0;  // the first ones of world.warnings are the world's own
};

// How a shard reads each of the layout's sources (by index into
// Layout::sources): not at all (its patches do not need it), for its
// borders alone (a strip or corner of the shard's borders it), or whole
// (its patch is the shard's: validated, hashed, its scenery and water).
enum class SourceUse : std::uint8_t { Unread, Borders, Whole };
using SourceSelection = std::function<std::vector<SourceUse>(const Layout& layout)>;

// The request's layout (one made for a lone blueprint), and what reading
// it said; throws CompileError when it has errors.
struct RequestedLayout {
  Layout layout;
  Diagnostics diagnostics;
};
RequestedLayout loadRequestedLayout(const Kernel& kernel, const CompileRequest& request);

// Loads and validates every source of the request's layout (those that
// `select` picks, when given) and builds the World; throws CompileError
// when an input has errors. With a patch cache, the sources' digests and
// validators' findings it remembers are taken, and those it does not are
// remembered. The layout is read unless the caller read it (`layout`):
// what a compile keys and what it builds are then one reading of the file.
BuiltWorld buildRequestedWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                               Progress& progress, const KnownFigures& knownFigures = {},
                               const SourceSelection& select = {}, const PatchCache* cache = nullptr,
                               const RequestedLayout* layout = nullptr);

// The warning that the patch cache's `kind` record ("digest",
// "validation") of `source` was damaged and is `redone` ("hashed").
Diagnostic damagedSourceRecord(const std::string& kind, const LayoutSource& source, const std::string& problem,
                               const std::string& redone);

// The sources' warnings (a bundle's: about its members) as report warnings
// about their source, appended to World::warnings in source order.
void reportSourceWarnings(World& world, const Layout& layout, const Diagnostics& diagnostics);

// The request's package, checked in full by its validator and read back;
// throws CompileError when it breaks a rule (package_input.cpp).
BuiltWorld buildPackageWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                             Progress& progress);

// Checks the written stage with the exporter's package validator, if it
// has one (and `check`: an assembly of shards, whose shards checked their
// documents as they wrote them, does not), publishes it, and returns the
// counts and the warnings.
CompileResult publishStage(const Kernel& kernel, const ChosenExporter& chosen, StagedDirectory& stage,
                           const BuiltWorld& built, unsigned threads, Progress& progress, bool check = true);

// compileWorld with CompileRequest::cache (cached_compile.cpp).
CompileResult compileThroughCache(const Kernel& kernel, const CompileRequest& request, Progress& progress);

}  // namespace isla
