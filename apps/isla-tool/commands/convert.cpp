// SPDX-License-Identifier: MIT
// isla-tool convert IN OUT: write IN (v2 or legacy v1) as v2. Every section
// keeps its bytes, unknown ones included; only the params' provenance is
// restamped, unless --keep-provenance.
#include <iostream>

#include <isla/mapping/blueprint_file.hpp>
#include <isla/container/blueprint_writer.hpp>
#include <isla/publish/staged_file.hpp>

#include "cli/command_step.hpp"
#include "cli/provenance.hpp"
#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

void noteRemovedStages(const std::vector<std::filesystem::path>& removed) {
  if (removed.empty()) return;
  std::cerr << "isla-tool: note: removed what killed runs left behind:";
  for (const auto& stage : removed) std::cerr << " " << stage.string();
  std::cerr << "\n";
}

}  // namespace

int runConvert(Invocation& invocation) {
  po::options_description options("convert");
  options.add_options()
      ("input", po::value<std::string>()->required(), "the blueprint to read (v2 or legacy v1)")
      ("output", po::value<std::string>()->required(), "the v2 blueprint to write; must not exist")
      ("keep-provenance", po::bool_switch(),
       "keep GeneratedUtc and GeneratorGitHash as read, so that a v2 input converts byte-identical")
      ("overwrite", po::bool_switch(), "replace OUTPUT if it exists (atomically)");
  po::positional_options_description positional;
  positional.add("input", 1).add("output", 1);
  if (!invocation.parse(options, positional)) return 0;

  const auto& values = invocation.values();
  const std::string input = values["input"].as<std::string>();
  const std::string output = values["output"].as<std::string>();
  const bool overwrite = values["overwrite"].as<bool>();
  commandStep([&] { StagedFile::checkTarget(output, overwrite); }, "");

  const LoadResult load = readBlueprint(input, invocation.kernel());
  printDiagnostics(load.diagnostics, std::cerr, Severity::Warning);
  if (!load.ok()) {
    std::cerr << "isla-tool: error: " << input << " is not a valid blueprint; nothing was written\n";
    return 1;
  }
  EncodeContext context;
  if (!values["keep-provenance"].as<bool>()) context.restamp = writeTimeProvenance();
  commandStep([&] {
    const auto sections = encodeSections(*load.blueprint, context);
    StagedFile out(output, overwrite);
    noteRemovedStages(out.removedStages());
    writeV2(sections, out);
    out.commit();
  });
  std::size_t kept = 0;
  for (const auto& section : load.blueprint->sections) kept += section.status == SectionStatus::Skipped;
  std::cout << "wrote " << output << " (v2, " << load.blueprint->sections.size() << " sections";
  if (kept) std::cout << ", " << kept << " kept as opaque bytes";
  std::cout << ")\n";
  return 0;
}

}  // namespace isla::cli
