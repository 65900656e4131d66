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

// Which of the layout's sources to read (by index into Layout::sources);
// the others are not opened (a shard's, whose patches do not need them).
using SourceSelection = std::function<std::vector<bool>(const Layout& layout)>;

// Loads and validates every source of the request's layout (those that
// `select` picks, when given) and builds the World; throws CompileError
// when an input has errors.
BuiltWorld buildRequestedWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                               Progress& progress, const KnownFigures& knownFigures = {},
                               const SourceSelection& select = {});

// The request's package, checked in full by its validator and read back;
// throws CompileError when it breaks a rule (package_input.cpp).
BuiltWorld buildPackageWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                             Progress& progress);

// Checks the written stage with the exporter's package validator, if it
// has one, publishes it, and returns the counts and the warnings.
CompileResult publishStage(const Kernel& kernel, const ChosenExporter& chosen, StagedDirectory& stage,
                           const BuiltWorld& built, unsigned threads, Progress& progress);

}  // namespace isla
