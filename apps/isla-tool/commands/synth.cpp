// SPDX-License-Identifier: MIT
// isla-tool synth: a sample blueprint from a seed, like PDAL's "faux" reader,
// or a viewer bundle of one with a catalogue and vegetation.
// The output is a pure function of the options (never of --threads or the
// clock): GeneratedUtc is fixed unless SOURCE_DATE_EPOCH is set.
#include <cstdlib>
#include <iostream>
#include <utility>

#include <isla/container/blueprint_writer.hpp>
#include <isla/publish/staged_file.hpp>
#include <isla/synth/generator.hpp>
#include <isla/synth/sections.hpp>
#include <isla/synth/viewer_bundle.hpp>
#include <isla/world/layout.hpp>
#include <isla/world/layout_limits.hpp>

#include "cli/command_step.hpp"
#include "cli/bundle_output.hpp"
#include "cli/provenance.hpp"
#include "cli/thread_count.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

synth::Settings settingsFrom(const po::variables_map& values) {
  synth::Settings settings;
  settings.seed = values["seed"].as<std::int32_t>();
  settings.mapSize = values["size"].as<std::int32_t>();
  if (values.count("towns")) settings.towns = values["towns"].as<std::int32_t>();
  if (values.count("lakes")) settings.lakes = values["lakes"].as<std::int32_t>();
  settings.seaLevel = values["sea-level"].as<float>();
  settings.isletDensity = values["islet-density"].as<float>();
  if (values.count("spacing")) settings.spacingM = values["spacing"].as<double>();
  settings.curve = !values["no-curve"].as<bool>();
  settings.detail = settings.curve && !values["no-detail"].as<bool>();
  settings.erosion = values["erosion"].as<bool>();
  settings.roads = !values["skip-roads"].as<bool>();
  if (values.count("threads")) settings.threads = threadCount(values, "threads");
  // Reproducible builds ask for their own time; otherwise a fixed one.
  if (std::getenv("SOURCE_DATE_EPOCH")) settings.generatedUtc = writeTimeProvenance().generatedUtc;
  return settings;
}

void warnShortfall(const synth::Blueprint& blueprint) {
  if (std::cmp_less(blueprint.lakeCount(), blueprint.requestedLakes)) {
    std::cerr << "isla-tool synth: warning: the land had room for " << blueprint.lakeCount() << " of "
              << blueprint.requestedLakes << " lakes\n";
  }
  if (std::cmp_less(blueprint.towns.size(), blueprint.requestedTowns)) {
    std::cerr << "isla-tool synth: warning: the mainland had room for " << blueprint.towns.size() << " of "
              << blueprint.requestedTowns << " towns\n";
  }
}

// The bundle's id and names come from the seed, never from the output's
// name: the same options give the same bytes.
void writeSampleBundle(const synth::Blueprint& blueprint, std::span<const std::byte> encoded, double spacingM,
                       const std::string& output, bool overwrite, const EnumTable& enums) {
  const std::string id = "synth-" + std::to_string(blueprint.params.worldSeed);
  BundleContents contents;
  contents.blueprintMember = id + ".dat";
  contents.metadata = metadataJson(id, "synth seed " + std::to_string(blueprint.params.worldSeed) + ", MapSize " +
                                           std::to_string(blueprint.params.mapSize),
                                   "isla-tool synth", contents.blueprintMember);
  const WorldSettings layoutDefaults;  // a layout's, so that the bundle compiles with them
  contents.runtime = runtimeJson(blueprint.params.mapSize, layoutDefaults.heightScaleM, spacingM);
  contents.catalogue = synth::catalogueJson(blueprint, enums);
  contents.vegetation = synth::vegetationJson(blueprint, enums);
  contents.blueprint = encoded;
  publishBundle(contents, output, overwrite);
}

}  // namespace

int runSynth(Invocation& invocation) {
  po::options_description options("synth");
  options.add_options()
      ("seed", po::value<std::int32_t>()->required(),
       "world seed: any 32-bit integer but 0 (the re-encode sentinel)")
      ("size", po::value<std::int32_t>()->required(),
       "MapSize in pixels, 256..32768 (not only powers of two)")
      ("out", po::value<std::string>(), "the blueprint to write; must not exist unless --overwrite")
      ("bundle", po::value<std::string>(),
       "also (or instead of --out) write a viewer bundle (.zip) of the blueprint, a catalogue with an asset a "
       "town tier and vegetation on the forest and jungle biomes; must not exist unless --overwrite")
      ("v1", po::bool_switch(), "write the legacy v1 layout (through the kernel's v1 writer) instead of v2")
      ("towns", po::value<std::int32_t>(), "towns to place, 0..1000 (default 8 + size/128)")
      ("lakes", po::value<std::int32_t>(), "lakes to carve, 0..1000 (default 3 + size/1024)")
      ("sea-level", po::value<float>()->default_value(0.15f, "0.15"),
       "the flat sea model's level in raw height units (1 raw = 251 m), 0..1")
      ("islet-density", po::value<float>()->default_value(0.02f, "0.02"),
       "fraction of the open sea raised into offshore islets, 0..0.5 (0: none)")
      ("spacing", po::value<double>(),
       "the metres between samples the map is made for, 0.001 to 1000: under 40 km across, the relief is "
       "scaled with the extent to keep the island's proportions; a viewer bundle's runtime.json records it "
       "(default 1, the native relief), and the layout that places the map must give it too")
      ("erosion", po::bool_switch(),
       "run the droplet erosion pass and write EROS (off by default, as upstream)")
      ("no-curve", po::bool_switch(), "no height curve: omit TCRV, and TDTL, which needs the curve")
      ("no-detail", po::bool_switch(), "no terrain detail passes: omit TDTL")
      ("skip-roads", po::bool_switch(), "write the four road sections empty (the SkipRoads knob)")
      ("threads", threadCountValue(),
       "worker threads, 1 to 256 (default: every core); never changes the output")
      ("overwrite", po::bool_switch(), "replace OUT if it exists (atomically)");
  if (!invocation.parse(options, {})) return 0;

  const auto& values = invocation.values();
  const synth::Settings settings = settingsFrom(values);
  if (settings.spacingM) {
    if (const auto problem = outOfRange(*settings.spacingM, kSpacingRange)) throw UsageError("--spacing: " + *problem);
  }
  try {
    settings.validate();
  } catch (const synth::InvalidSettings& error) {
    throw UsageError(error.what());
  }
  if (!values.count("out") && !values.count("bundle")) throw UsageError("give --out FILE.dat, --bundle OUT.zip or both");
  const double spacingM = settings.spacingM.value_or(WorldSettings{}.spacingM);
  const std::string output = values.count("out") ? values["out"].as<std::string>() : "";
  const std::string bundle = values.count("bundle") ? values["bundle"].as<std::string>() : "";
  const bool overwrite = values["overwrite"].as<bool>();
  const bool legacy = values["v1"].as<bool>();
  commandStep(
      [&] {
        for (const auto& target : {output, bundle}) {
          if (!target.empty()) StagedFile::checkTarget(target, overwrite);
        }
      },
      "");

  synth::Blueprint blueprint;
  try {
    blueprint = synth::synthesize(settings, invocation.kernel().enums());
  } catch (const std::runtime_error& error) {
    throw CommandError(std::string(error.what()) + "; nothing was written");
  }
  const auto sections = synth::toSections(blueprint);
  auto encode = [&](ByteSink& out) {
    if (legacy) {
      writeV1(sections, out);
    } else {
      writeV2(sections, out);
    }
  };
  commandStep([&] {
    if (bundle.empty()) {
      // Streamed to the file: a large blueprint is never held twice.
      StagedFile out(output, overwrite);
      encode(out);
      out.commit();
    } else {
      MemorySink encoded;
      encode(encoded);
      // The bundle first: when it fails, neither file is written.
      writeSampleBundle(blueprint, encoded.bytes(), spacingM, bundle, overwrite, invocation.kernel().enums());
      if (!output.empty()) {
        StagedFile out(output, overwrite);
        out.write(encoded.bytes());
        out.commit();
      }
    }
  });
  warnShortfall(blueprint);
  std::cout << "wrote " << (output.empty() ? bundle : output) << (output.empty() || bundle.empty() ? "" : " and " + bundle)
            << " (" << (legacy ? "legacy v1" : "v2") << ", MapSize " << settings.mapSize << ", seed "
            << settings.seed << "): " << blueprint.lakeCount() << " lakes, " << blueprint.towns.size() << " towns, "
            << blueprint.roads.pathCount() << " roads\n";
  return 0;
}

}  // namespace isla::cli
