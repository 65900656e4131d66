// SPDX-License-Identifier: MIT
#include "isla/world/bundle_placement.hpp"

#include "isla/json/json_text.hpp"

namespace isla {

namespace {

// A viewer bundle is shown at the scale its runtime.json gives; compiled at
// another, its scenery would not sit on its terrain as the viewer shows it.
void checkRuntime(const Layout& layout, const LayoutSource& source, const SourceBundle& bundle,
                  std::int32_t mapSize, Diagnostics& out) {
  const BundleRuntime& runtime = bundle.runtime;
  auto differs = [&](const std::string& key, const boost::json::value& got, const boost::json::value& want,
                     const std::string& whose) {
    out.add(Diagnostic{.severity = Severity::Error, .code = "bundle.runtime-mismatch",
                       .message = key + " is " + toJsonText(got, false) + " but " + whose + " is " +
                                  toJsonText(want, false) + "; source '" + source.id +
                                  "' needs a bundle made for this layout's settings",
                       .file = memberLocation(source.path.string(), kRuntimeMember), .pointer = "/" + key});
  };
  if (runtime.heightScaleM != layout.settings.heightScaleM) {
    differs("height_scale_m", runtime.heightScaleM, layout.settings.heightScaleM, "the layout's height_scale_m");
  }
  if (runtime.spacingM != layout.settings.spacingM) {
    differs("spacing_m", runtime.spacingM, layout.settings.spacingM, "the layout's spacing_m");
  }
  if (runtime.mapSize != mapSize) differs("map_size", runtime.mapSize, mapSize, "the blueprint's MapSize");
}

// Vegetation off the map would be placed on a terrain it is not on; the
// first such instance is named, with how many there are.
void checkVegetationOnMap(const LayoutSource& source, const SourceBundle& bundle, std::int32_t mapSize,
                          Diagnostics& out) {
  if (!bundle.vegetation) return;
  const double last = mapSize - 1;
  const auto& instances = bundle.vegetation->instances;
  std::size_t outside = 0, first = 0;
  for (std::size_t i = 0; i < instances.size(); ++i) {
    if (instances[i].x <= last && instances[i].y <= last) continue;
    if (outside++ == 0) first = i;
  }
  if (outside == 0) return;
  out.add(Diagnostic{.severity = Severity::Error, .code = "bundle.outside-map",
                     .message = std::to_string(outside) + " vegetation instance(s) lie outside the map (x and y run "
                                "from 0 to " + toJsonText(last, false) + " pixels), the first here; move or remove them",
                     .file = memberLocation(source.path.string(), kVegetationMember),
                     .pointer = "/instances/" + std::to_string(first)});
}

}  // namespace

void checkBundleInLayout(const Layout& layout, const LayoutSource& source, const SourceBundle& bundle,
                         std::int32_t mapSize, Diagnostics& out) {
  checkRuntime(layout, source, bundle, mapSize, out);
  checkVegetationOnMap(source, bundle, mapSize, out);
}

}  // namespace isla
