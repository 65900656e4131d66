// SPDX-License-Identifier: MIT
// isla-tool diff A B: what changed between two blueprints, section by
// section, and whether the expectations a generator's CI states held.
#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <iostream>

#include <isla/bundle/source_reader.hpp>
#include <isla/diff/blueprint_diff.hpp>
#include <isla/diff/diff_json.hpp>
#include <isla/diff/expectations.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/publish/staged_file.hpp>

#include "cli/command_step.hpp"
#include "cli/change_image_file.hpp"
#include "cli/thread_count.hpp"
#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

using namespace isla::diff;

struct Request {
  DiffOptions options;
  Expectations expectations;
};

Request parseRequest(const po::variables_map& values) {
  const auto texts = [&](const char* option) {
    return values.count(option) ? values[option].as<std::vector<std::string>>() : std::vector<std::string>{};
  };
  const auto tags = [&](const char* option) {
    std::vector<FourCC> out;
    for (const auto& list : texts(option)) {
      for (const auto tag : parseTagList(list, option)) out.push_back(tag);
    }
    return out;
  };
  Request request;
  request.options.threads = threadCount(values, "jobs");
  try {
    request.expectations.same = tags("expect-same");
    request.expectations.changed = tags("expect-changed");
    for (const auto& text : texts("tolerance")) {
      const auto [tag, tolerance] = parseTolerance(text);
      if (!request.options.tolerances.emplace(tag, tolerance).second) {
        throw ArgumentError("--tolerance " + text + ": " + tag.text() + " has a tolerance already");
      }
    }
  } catch (const ArgumentError& error) {
    throw UsageError(error.what());
  }
  for (const auto tag : request.expectations.same) {
    const auto& changed = request.expectations.changed;
    if (std::find(changed.begin(), changed.end(), tag) != changed.end()) {
      throw UsageError(tag.text() + " is in both --expect-same and --expect-changed");
    }
  }
  return request;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  char text[32];
  std::snprintf(text, sizeof text, "%.4f %%", whole ? 100.0 * static_cast<double>(part) / static_cast<double>(whole) : 0.0);
  return text;
}

std::string metres(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f m", value);
  return text;
}

void printGrid(const GridChange& grid, std::ostream& out) {
  out << grid.tag << ": " << grid.changed << " of " << grid.pixels << " pixels changed ("
      << percent(grid.changed, grid.pixels) << ")\n";
}

void printHeights(const HeightChange& h, std::ostream& out) {
  printGrid(h.grid, out);
  out << "  " << h.raised << " raised, " << h.lowered << " lowered; largest |change| " << metres(h.maxAbsChangeM)
      << " at (" << h.maxX << ", " << h.maxY << "): " << metres(h.maxFromM) << " -> " << metres(h.maxToM)
      << "; mean |change| " << metres(h.meanAbsChangeM) << "\n  |change| histogram:";
  for (std::size_t bin = 0; bin < h.histogram.size(); ++bin) {
    out << (bin ? ", " : " ");
    if (bin == 0) {
      out << "< " << kHeightBinEdgesM[0] << " m";
    } else if (bin < kHeightBinEdgesM.size()) {
      out << kHeightBinEdgesM[bin - 1] << "-" << kHeightBinEdgesM[bin] << " m";
    } else {
      out << ">= " << kHeightBinEdgesM[bin - 1] << " m";
    }
    out << ": " << h.histogram[bin];
  }
  out << "\n";
}

void printBiomes(const BiomeChange& biomes, const EnumTable& enums, std::ostream& out) {
  printGrid(biomes.grid, out);
  for (const auto& t : biomes.transitions) {
    out << "  " << enums.name("Biome", t.from) << " -> " << enums.name("Biome", t.to) << ": " << t.pixels
        << " pixels\n";
  }
}

std::string levelText(std::optional<float> level, const Units& units) {
  if (!level) return "(no WBTB row)";
  return toText(FieldValue(*level)) + " raw (" + metres(*level * units.heightScaleM) + ")";
}

void printWater(const WaterChange& water, const Units& units, std::ostream& out) {
  out << "water bodies: " << water.bodiesA << " -> " << water.bodiesB << ", " << water.unchanged
      << " unchanged; coastline (ocean mask) " << (water.coastlineMoved ? "MOVED: " : "unmoved: ")
      << water.coastlineMoved << " pixels changed side, ocean " << water.oceanPixelsA << " -> "
      << water.oceanPixelsB << " pixels\n";
  for (const auto& body : water.bodies) {
    out << "  ";
    switch (body.kind) {
      case BodyChangeKind::Removed:
        out << "body " << body.idA << " removed: " << body.pixelsA << " pixels, level " << levelText(body.levelA, units);
        break;
      case BodyChangeKind::Added:
        out << "body " << body.idB << " added: " << body.pixelsB << " pixels, level " << levelText(body.levelB, units);
        break;
      case BodyChangeKind::Changed:
        out << "body " << body.idA;
        if (body.idB != body.idA) out << " (now id " << body.idB << ")";
        out << " changed: " << body.pixelsA << " -> " << body.pixelsB << " pixels (" << body.overlap
            << " shared), level " << levelText(body.levelA, units) << " -> " << levelText(body.levelB, units);
        break;
    }
    out << "\n";
  }
}

std::string optionalText(const std::optional<std::string>& text) { return text ? *text : "(absent)"; }

void printFields(const std::vector<FieldChange>& fields, const std::string& indent, std::ostream& out) {
  for (const auto& f : fields) {
    out << indent << f.field << ": " << optionalText(f.from) << " -> " << optionalText(f.to) << "\n";
  }
}

void printRecord(const RecordChange& record, std::ostream& out) {
  out << record.tag << ":\n";
  printFields(record.fields, "  ", out);
  for (const auto& row : record.rows) {
    const char* kind = row.kind == RowChangeKind::Added ? "added" : row.kind == RowChangeKind::Removed ? "removed" : "changed";
    out << "  " << row.key << " " << kind << "\n";
    printFields(row.fields, "    ", out);
  }
}

std::string townText(const TownRecord& town, const EnumTable& enums) {
  return enums.name("TownTier", town.tier) + " at (" + toText(FieldValue(town.x)) + ", " + toText(FieldValue(town.y)) +
         ")" + (town.highwayNode ? " highway node" : "");
}

void printTowns(const TownChange& towns, const EnumTable& enums, const Units& units, std::ostream& out) {
  out << "TOWN: " << towns.countA << " -> " << towns.countB << " towns, " << towns.unchanged << " unchanged, "
      << towns.moved.size() << " moved or changed, " << towns.added.size() << " added, " << towns.removed.size()
      << " removed\n";
  for (const auto& m : towns.moved) {
    out << "  town " << m.indexA << " -> " << m.indexB << ": " << townText(m.from, enums) << " -> "
        << townText(m.to, enums) << ", moved " << metres(m.distancePx * units.spacingM) << "\n";
  }
  for (const auto& t : towns.removed) out << "  town " << t.index << " removed: " << townText(t.town, enums) << "\n";
  for (const auto& t : towns.added) out << "  town " << t.index << " added: " << townText(t.town, enums) << "\n";
}

void printRoad(const RoadChange& road, const Units& units, std::ostream& out) {
  out << road.tag << ": " << road.pathsA << " -> " << road.pathsB << " paths (" << road.pathsChanged << " changed, "
      << road.pathsAdded << " added, " << road.pathsRemoved << " removed), " << road.pointsA << " -> " << road.pointsB
      << " points (" << road.pointsMoved << " moved, " << road.pointsAdded << " added, " << road.pointsRemoved
      << " removed)";
  if (road.pointsMoved) {
    out << "; largest displacement " << metres(road.maxDisplacementPx * units.spacingM) << " (path " << road.maxPath
        << ", point " << road.maxPoint << ")";
  }
  out << "\n";
}

void printText(const BlueprintDiff& diff, const EnumTable& enums, const Units& units, std::ostream& out) {
  out << "A: " << diff.fileA << " (" << sourceFormatName(diff.formatA) << ", MapSize " << diff.mapSizeA << ")\n"
      << "B: " << diff.fileB << " (" << sourceFormatName(diff.formatB) << ", MapSize " << diff.mapSizeB << ")\n";
  if (!diff.sameMapSize()) out << "MapSize differs: the grids are compared as bytes only\n";
  std::array<std::size_t, 5> counts{};
  for (const auto& row : diff.sections) ++counts[static_cast<std::size_t>(row.change)];
  out << "sections: " << counts[0] << " identical, " << counts[1] << " within tolerance, " << counts[2]
      << " changed, " << counts[3] << " only in A, " << counts[4] << " only in B\n";
  for (const auto& row : diff.sections) {
    char line[96];
    std::snprintf(line, sizeof line, "  %-10s %-17s %14s %14s%s\n", row.tag.text().c_str(),
                  std::string(sectionChangeName(row.change)).c_str(),
                  row.change == SectionChange::OnlyInB ? "-" : std::to_string(row.lengthA).c_str(),
                  row.change == SectionChange::OnlyInA ? "-" : std::to_string(row.lengthB).c_str(),
                  row.decoded ? "" : "  (bytes)");
    out << line;
  }
  if (diff.heights) printHeights(*diff.heights, out);
  if (diff.biomes) printBiomes(*diff.biomes, enums, out);
  for (const auto& grid : diff.otherGrids) printGrid(grid, out);
  if (diff.water) printWater(*diff.water, units, out);
  for (const auto& record : diff.records) printRecord(record, out);
  if (diff.towns) printTowns(*diff.towns, enums, units, out);
  for (const auto& road : diff.roads) printRoad(road, units, out);
}

// Both blueprints, read at once; nullptr (with the reasons on stderr) when
// either is not a valid blueprint.
std::array<std::shared_ptr<const Blueprint>, 2> load(const std::array<std::string, 2>& paths, const Kernel& kernel) {
  std::array<LoadResult, 2> loads;
  parallelFor(2, 0, [&](std::size_t i) { loads[i] = readSourceBlueprint(paths[i], kernel).load; });
  std::array<std::shared_ptr<const Blueprint>, 2> blueprints;
  for (std::size_t i = 0; i < 2; ++i) {
    printDiagnostics(loads[i].diagnostics, std::cerr, Severity::Warning);
    if (!loads[i].ok()) {
      std::cerr << "isla-tool: error: " << paths[i] << " is not a valid blueprint; nothing was compared\n";
      return {};
    }
    blueprints[i] = loads[i].blueprint;
  }
  return blueprints;
}

}  // namespace

int runDiff(Invocation& invocation) {
  po::options_description options("diff");
  options.add_options()
      ("a", po::value<std::string>()->required(), "the old blueprint (v2 or legacy v1, bare or in a viewer bundle)")
      ("b", po::value<std::string>()->required(), "the new blueprint")
      ("json", po::bool_switch(), "print the whole result as one JSON document (docs/diff.md)")
      ("expect-same", po::value<std::vector<std::string>>()->composing(),
       "TAGS (comma-separated) that must be identical or within tolerance; exit 1 otherwise")
      ("expect-changed", po::value<std::vector<std::string>>()->composing(),
       "TAGS that must have changed beyond tolerance; exit 1 otherwise")
      ("tolerance", po::value<std::vector<std::string>>()->composing(),
       "TAG=VALUE: changes of at most VALUE (the section's stored units) count as equal (repeatable)")
      ("image", po::value<std::string>(), "write a PNG of the height change (and its legend, OUT.json)")
      ("jobs", threadCountValue(), "threads to compare and encode with, 1 to 256 (default: every core); never "
                                   "changes the result or the image's bytes");
  po::positional_options_description positional;
  positional.add("a", 1).add("b", 1);
  if (!invocation.parse(options, positional)) return 0;

  const auto& values = invocation.values();
  const Request request = parseRequest(values);
  const std::array<std::string, 2> paths{values["a"].as<std::string>(), values["b"].as<std::string>()};
  const std::string image = values.count("image") ? values["image"].as<std::string>() : std::string();
  const Kernel& kernel = invocation.kernel();
  if (!image.empty()) {
    if (std::filesystem::path(image).extension() != ".png") {
      throw UsageError("--image " + image + ": name the image OUT.png (its legend is written beside it as OUT.json)");
    }
    commandStep(
        [&] {
          StagedFile::checkTarget(image, false);
          StagedFile::checkTarget(changeImageSidecar(image), false);
        },
        "nothing was compared");
  }
  const auto blueprints = load(paths, kernel);
  if (!blueprints[0]) return 1;
  const Blueprint& a = *blueprints[0];
  const Blueprint& b = *blueprints[1];
  const BlueprintDiff result = diffBlueprints(a, b, kernel.units(), request.options);
  const auto failures = failedExpectations(result, request.expectations);

  if (!image.empty()) {
    const Raster* heightsA = heights(a);
    const Raster* heightsB = heights(b);
    if (!heightsA || !heightsB || !result.sameMapSize()) {
      throw CommandError("--image " + image + ": the height-change image needs HGTS in both blueprints, of one "
                         "MapSize; nothing was written");
    }
    const double scale = result.heights && result.heights->maxAbsChangeM > 0 ? result.heights->maxAbsChangeM : 1.0;
    const ChangeImage picture(*heightsA, *heightsB, OceanMask::of(a, kernel.enums()), OceanMask::of(b, kernel.enums()),
                              scale, kernel.units());
    commandStep([&] { writeChangeImage(picture, image, request.options.threads); });
  }

  if (values["json"].as<bool>()) {
    auto document = diffJson(result, kernel.enums(), kernel.units());
    boost::json::array same, changed, failed;
    for (const auto tag : request.expectations.same) same.emplace_back(tag.text());
    for (const auto tag : request.expectations.changed) changed.emplace_back(tag.text());
    for (const auto& failure : failures) failed.emplace_back(failure);
    document["expectations"] = {{"same", std::move(same)}, {"changed", std::move(changed)},
                                {"met", failures.empty()}, {"failures", std::move(failed)}};
    if (!image.empty()) document["image"] = {{"png", image}, {"legend", changeImageSidecar(image).string()}};
    printJson(document, std::cout);
  } else {
    printText(result, kernel.enums(), kernel.units(), std::cout);
    if (!image.empty()) std::cout << "image: " << image << " (legend " << changeImageSidecar(image).string() << ")\n";
    if (!request.expectations.same.empty() || !request.expectations.changed.empty()) {
      std::cout << "expectations: " << (failures.empty() ? "all met" : "FAILED") << "\n";
    }
  }
  for (const auto& failure : failures) std::cerr << "isla-tool: expectation failed: " << failure << "\n";
  return failures.empty() ? 0 : 1;
}

}  // namespace isla::cli
