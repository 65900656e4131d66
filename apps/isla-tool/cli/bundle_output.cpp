// SPDX-License-Identifier: MIT
#include "cli/bundle_output.hpp"

#include <boost/json/value.hpp>

#include <iostream>

#include <isla/json/json_text.hpp>
#include <isla/publish/staged_file.hpp>

#include "cli/command_step.hpp"
#include "cli/invocation.hpp"
#include "cli/report.hpp"

namespace isla::cli {

std::string metadataJson(const std::string& bundleId, const std::string& displayName,
                         const std::string& generator, const std::string& blueprintMember) {
  return toJsonText(boost::json::object{{"format", "isla.viewer-bundle"},
                                        {"format_version", 2},
                                        {"bundle_id", bundleId},
                                        {"display_name", displayName},
                                        {"generator", {{"name", generator}, {"version", ISLA_VERSION}}},
                                        {"blueprint", blueprintMember}}) +
         "\n";
}

std::string runtimeJson(std::int32_t mapSize, double heightScaleM, double spacingM) {
  return toJsonText(boost::json::object{{"format", "isla.viewer-bundle.runtime"},
                                        {"format_version", 3},
                                        {"map_size", mapSize},
                                        {"height_scale_m", heightScaleM},
                                        {"spacing_m", spacingM},
                                        {"axes", "x-east-z-south-y-up"}}) +
         "\n";
}

void publishBundle(const BundleContents& contents, const std::string& output, bool overwrite) {
  std::vector<std::byte> bytes;
  try {
    bytes = writeBundle(contents);
  } catch (const std::runtime_error& error) {
    throw CommandError(std::string(error.what()) + "; nothing was written");
  }
  Diagnostics diagnostics;
  if (!readBundle(bytes, output, diagnostics)) {
    printDiagnostics(diagnostics, std::cerr);
    throw CommandError("the bundle would not be accepted by 'run compile' (the errors above); nothing was written");
  }
  commandStep([&] {
    StagedFile out(output, overwrite);
    out.write(bytes);
    out.commit();
  });
}

}  // namespace isla::cli
