// SPDX-License-Identifier: MIT
// report.json: every figure against the terrain (recomputed at Full), the
// counts, and a slope.steep warning for every steep patch.
#include "package_checker.hpp"

#include <cmath>
#include <map>

namespace isla::terrain_world {

void PackageCheck::checkReport() {
  const auto document = companion(reportFile_, model_.report.path, "report");
  if (!document) return;
  const std::string& file = model_.report.path;
  const auto& warnings = document->at("warnings").get_array();
  for (const auto& w : warnings) summary_.warnings.push_back(str(w.at("message")) + " [" + str(w.at("code")) + "]");
  if (!model_.latticeIntact) return;
  std::size_t kinds[3] = {0, 0, 0};
  for (const auto& p : model_.patches) ++kinds[p.kind == "source" ? 0 : p.kind == "strip" ? 1 : 2];
  const std::pair<const char*, std::size_t> counts[] = {
      {"sources", model_.sources.size()}, {"patches", model_.patches.size()}, {"source_patches", kinds[0]},
      {"strip_patches", kinds[1]},        {"corner_patches", kinds[2]},       {"boundary_edges", edges_.size()},
      {"water_regions", model_.waterRegions}, {"entities", entities_},     {"roads", roads_},
      {"warnings", warnings.size()}};
  for (const auto& [key, want] : counts) {
    if ((key == std::string("entities") || key == std::string("roads")) && !sceneryRead_) continue;
    const auto got = document->at("counts").at(key).to_number<std::uint64_t>();
    if (got != want) {
      report_.error("world.report-count", file, "/counts/" + std::string(key),
                    "counts." + std::string(key) + " is " + std::to_string(got) + " but the package has " +
                        std::to_string(want));
    }
  }
  if (real(document->at("slope_warning_deg")) != model_.slopeWarningDeg) {
    report_.error("world.report-figure", file, "/slope_warning_deg",
                  "slope_warning_deg is " + numberText(real(document->at("slope_warning_deg"))) +
                      " but world.json's settings give " + numberText(model_.slopeWarningDeg));
  }
  const auto& patches = document->at("patches").get_array();
  if (patches.size() != model_.patches.size()) {
    report_.error("world.report-count", file, "/patches",
                  "the report lists " + std::to_string(patches.size()) + " patches, the world " +
                      std::to_string(model_.patches.size()) + "; one entry a patch, in world.json's order");
    return;
  }
  std::set<std::string> steep;
  for (std::size_t i = 0; i < patches.size(); ++i) checkPatchFigures(patches[i], i, steep);
  checkSteepWarnings(warnings, steep);
}

void PackageCheck::checkPatchFigures(const json::value& entry, std::size_t index, std::set<std::string>& steep) {
  const std::string& file = model_.report.path;
  const PatchEntry& p = model_.patches[index];
  const std::string pointer = at("/patches", index);
  if (str(entry.at("patch_id")) != p.id || str(entry.at("kind")) != p.kind) {
    report_.error("world.report-figure", file, pointer,
                  "entry " + std::to_string(index) + " is for '" + str(entry.at("patch_id")) + "' (" +
                      str(entry.at("kind")) + "); world.json's patch " + std::to_string(index) + " is '" + p.id +
                      "' (" + p.kind + ")");
    return;
  }
  const PatchFigures* f = figures_[index].get();
  if (!f) return;
  if (!recompute_) {  // the compiler's own figures, from the values it wrote
    slopes_[index] = real(entry.at("max_slope_deg"));
    if (slopes_[index] > model_.slopeWarningDeg) steep.insert(p.id);
    return;
  }
  if (f->maxSlopeDeg() > model_.slopeWarningDeg) steep.insert(p.id);
  const std::pair<const char*, double> figures[] = {{"min_height_m", f->minHeight()},
                                                    {"max_height_m", f->maxHeight()},
                                                    {"max_slope_deg", f->maxSlopeDeg()},
                                                    {"overshoot_m", f->overshoot()}};
  for (const auto& [key, want] : figures) {
    const double got = real(entry.at(key));
    if (!close(got, want)) {
      report_.error("world.report-figure", file, at(pointer, key),
                    std::string(key) + " of '" + p.id + "' is " + numberText(got) + " but its terrain file gives " +
                        numberText(want) + "; report figures are computed from the heights as written");
    }
  }
}

void PackageCheck::checkSteepWarnings(const json::array& warnings, const std::set<std::string>& steep) {
  std::set<std::string> warned;
  for (std::size_t i = 0; i < warnings.size(); ++i) {
    if (str(warnings[i].at("code")) != "slope.steep") continue;
    const std::string subject = str(warnings[i].at("subject"));
    warned.insert(subject);
    const std::size_t patch = patchIndex(subject);
    if (patch < figures_.size() && figures_[patch] && !steep.contains(subject)) {
      report_.error("world.report-warning", model_.report.path, at("/warnings", i),
                    "slope.steep is reported for '" + subject + "', whose steepest triangle (" +
                        numberText(slopes_[patch]) + " degrees) is not above the " +
                        numberText(model_.slopeWarningDeg) + " degree threshold");
    }
  }
  for (const auto& id : steep) {
    if (!warned.contains(id)) {
      report_.error("world.report-warning", model_.report.path, "/warnings",
                    "patch '" + id + "' has a triangle of " + numberText(slopes_[patchIndex(id)]) +
                        " degrees, above the " + numberText(model_.slopeWarningDeg) +
                        " degree threshold, but no slope.steep warning");
    }
  }
}

}  // namespace isla::terrain_world
