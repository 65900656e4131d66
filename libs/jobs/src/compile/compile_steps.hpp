// SPDX-License-Identifier: MIT
// The steps of the compile job that a whole compile, a shard and an
// assembly of shards share (compile.cpp, shard_compile.cpp), so that all
// three make the same bytes.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "isla/compile/compile.hpp"
#include "isla/mapping/mapped_file.hpp"
#include "isla/plugin/exporter.hpp"
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
  // The sources' files, mapped: the world reads them until its outputs are
  // written, and they are checked unchanged before these are published
  // (SourceReading::files; none for a package read back).
  std::vector<std::shared_ptr<const MappedFile>> files;
};

// The request's layout (one made for a lone blueprint), and what reading
// it said; throws CompileError when it has errors.
struct RequestedLayout {
  Layout layout;
  Diagnostics diagnostics;
};
RequestedLayout loadRequestedLayout(const Kernel& kernel, const CompileRequest& request);

// A built world with what was found making it: its own warnings counted,
// then the sources' warnings (a bundle's: about its members) added to
// World::warnings as report warnings about their source, in source order;
// `files` the sources' files it reads (BuiltWorld::files).
BuiltWorld builtWorld(World world, const Layout& layout, Diagnostics diagnostics,
                      std::vector<std::shared_ptr<const MappedFile>> files = {});

// The request's package, checked in full by its validator and read back;
// throws CompileError when it breaks a rule (package_input.cpp).
BuiltWorld buildPackageWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                             Progress& progress);

// Checks the written stage with the exporter's package validator, if it
// has one (and `check`: an assembly of shards, whose shards checked their
// documents as they wrote them, does not), and the world's source files
// unchanged (checkUnchanged), publishes it, and returns the counts and the
// warnings.
CompileResult publishStage(const Kernel& kernel, const ChosenExporter& chosen, StagedDirectory& stage,
                           const BuiltWorld& built, unsigned threads, Progress& progress, bool check = true);

}  // namespace isla
