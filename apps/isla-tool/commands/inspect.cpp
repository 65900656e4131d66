// SPDX-License-Identifier: MIT
// isla-tool inspect FILE: the format, MapSize, the params and a table of the
// sections in file order, each summarised by the plugin that decoded it.
#include <cstdio>
#include <iostream>

#include <isla/mapping/blueprint_file.hpp>
#include <isla/parallel/parallel.hpp>
#include <isla/base/printable_text.hpp>

#include "cli/report.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

struct SectionView {
  const Section& section;
  std::string name;  // the codec's, or "(unknown)"
  SectionSummary summary;
};

// Each section is summarised by its own plugin, independently: they run in
// parallel, one pass over each grid, and land in file order.
std::vector<SectionView> summarize(const Blueprint& blueprint, const Kernel& kernel) {
  const SummaryContext context{kernel.enums(), kernel.units()};
  std::vector<SectionView> views;
  for (const auto& section : blueprint.sections) {
    views.push_back({section, section.codec ? section.codec->name() : "(unknown)", {}});
  }
  parallelFor(views.size(), 0, [&](std::size_t i) {
    const Section& section = views[i].section;
    SectionSummary& summary = views[i].summary;
    if (section.status != SectionStatus::Decoded) {
      summary.brief = std::string(sectionStatusName(section.status)) + ": " + section.note;
      return;
    }
    try {
      summary = section.codec->summarize(section.content, context);
    } catch (const std::exception& error) {
      summary.brief = "(summary failed: " + std::string(error.what()) + ")";
    }
  });
  return views;
}

struct RoleView {
  std::string role;
  std::string tag;
  std::string plugin;
};

// Which section, decoded by which plugin, fills each role the World reads.
std::vector<RoleView> rolesOf(const Blueprint& blueprint, const Kernel& kernel) {
  std::vector<RoleView> out;
  for (const FilledRole& filled : blueprint.roles) {
    const auto* registration = kernel.registry().section(filled.tag);
    out.push_back({std::string(roleName(roleOf(filled.content))), filled.tag.text(),
                   registration ? registration->plugin->name : "?"});
  }
  return out;
}

std::string offsetText(const Section& section) {
  return section.offset ? std::to_string(*section.offset) : "-";
}

void printText(const Blueprint& blueprint, const std::vector<SectionView>& views,
               const std::vector<RoleView>& roles, std::ostream& out, bool verbose) {
  out << "file:     " << printableText(blueprint.source) << "\nformat:   " << sourceFormatName(blueprint.format)
      << "\nMapSize:  " << blueprint.mapSize << "\n";
  for (const auto& view : views) {
    if (view.section.tag == kParamsTag && !view.summary.details.empty()) {
      out << "params:\n";
      for (const auto& line : view.summary.details) out << "  " << printableText(line) << "\n";
    }
  }
  out << "sections:\n";
  char line[160];
  std::snprintf(line, sizeof line, "  %-10s %-14s %12s %12s  %s\n", "tag", "name", "offset", "length",
                "summary");
  out << line;
  for (const auto& view : views) {
    std::snprintf(line, sizeof line, "  %-10s %-14s %12s %12llu  ", printableText(view.section.tag.text()).c_str(),
                  view.name.c_str(), offsetText(view.section).c_str(),
                  static_cast<unsigned long long>(view.section.payloadLength));
    out << line << printableText(view.summary.brief) << "\n";
    if (verbose && view.section.tag != kParamsTag) {
      for (const auto& detail : view.summary.details) out << "      " << printableText(detail) << "\n";
    }
  }
  if (!roles.empty()) out << "roles:\n";
  for (const auto& role : roles) {
    std::snprintf(line, sizeof line, "  %-15s %s (plugin %s)\n", role.role.c_str(), role.tag.c_str(),
                  role.plugin.c_str());
    out << line;
  }
  bool header = false;
  for (const auto& view : views) {
    if (view.section.status != SectionStatus::Skipped) continue;
    if (!header) out << "skipped:\n";
    header = true;
    out << "  " << printableText(view.section.tag.text()) << " at offset " << offsetText(view.section) << ": "
        << printableText(view.section.note) << "\n";
  }
}

boost::json::object toJson(const Blueprint& blueprint, const std::vector<SectionView>& views,
                           const std::vector<RoleView>& roles, const Diagnostics& diagnostics) {
  boost::json::array sections, skipped, filled;
  for (const auto& role : roles) filled.push_back({{"role", role.role}, {"tag", role.tag}, {"plugin", role.plugin}});
  boost::json::value params = nullptr;
  for (const auto& view : views) {
    boost::json::object entry{{"tag", view.section.tag.text()},
                              {"name", view.name},
                              {"offset", view.section.offset ? boost::json::value(*view.section.offset) : nullptr},
                              {"length", view.section.payloadLength},
                              {"status", sectionStatusName(view.section.status)},
                              {"summary", view.summary.json}};
    if (view.section.status != SectionStatus::Decoded) {
      entry["note"] = view.section.note;
      if (view.section.status == SectionStatus::Skipped) skipped.push_back(entry);
    }
    if (view.section.tag == kParamsTag && view.section.status == SectionStatus::Decoded) {
      params = view.summary.json;
    }
    sections.push_back(std::move(entry));
  }
  return {{"file", blueprint.source},
          {"format", blueprint.format == SourceFormat::V2 ? "v2" : "v1"},
          {"deprecated", blueprint.format == SourceFormat::LegacyV1},
          {"map_size", blueprint.mapSize},
          {"params", params},
          {"sections", sections},
          {"skipped", skipped},
          {"roles", filled},
          {"valid", !diagnostics.hasErrors()},
          {"diagnostics", diagnosticsJson(diagnostics)}};
}

}  // namespace

int runInspect(Invocation& invocation) {
  po::options_description options("inspect");
  options.add_options()
      ("file", po::value<std::string>()->required(), "the blueprint (.dat, v2 or legacy v1)")
      ("json", po::bool_switch(), "print one JSON object instead of text")
      ("verbose,v", po::bool_switch(), "print every section's details");
  po::positional_options_description positional;
  positional.add("file", 1);
  if (!invocation.parse(options, positional)) return 0;

  const auto& values = invocation.values();
  const Kernel& kernel = invocation.kernel();
  const LoadResult result = readBlueprint(values["file"].as<std::string>(), kernel);
  const bool json = values["json"].as<bool>();
  if (!result.blueprint) {
    if (json) {
      printJson(boost::json::object{{"file", values["file"].as<std::string>()},
                                    {"valid", false},
                                    {"diagnostics", diagnosticsJson(result.diagnostics)}},
                std::cout);
    } else {
      printDiagnostics(result.diagnostics, std::cerr);
    }
    return 1;
  }
  const auto views = summarize(*result.blueprint, kernel);
  const auto roles = rolesOf(*result.blueprint, kernel);
  if (json) {
    printJson(toJson(*result.blueprint, views, roles, result.diagnostics), std::cout);
  } else {
    printText(*result.blueprint, views, roles, std::cout, values["verbose"].as<bool>());
    printDiagnostics(result.diagnostics, std::cerr, Severity::Warning);
  }
  return result.diagnostics.hasErrors() ? 1 : 0;
}

}  // namespace isla::cli
