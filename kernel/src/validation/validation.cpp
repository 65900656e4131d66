// SPDX-License-Identifier: MIT
#include "isla/validation/validation.hpp"

namespace isla {

namespace {

Diagnostic threw(std::string message) {
  return Diagnostic{.severity = Severity::Error, .code = "validator.threw", .message = std::move(message)};
}

}  // namespace

void runValidators(const ValidatorSelection& validators, const Blueprint& blueprint,
                   const ValidationContext& context, Diagnostics& out) {
  for (const auto* validator : validators) {
    Diagnostics found;
    const std::string name = validator->object->name();
    try {
      validator->object->check(blueprint, context, found);
    } catch (const std::exception& error) {
      found.add(threw("validator '" + name + "' (plugin " + validator->plugin->name + ") threw: " + error.what()));
    } catch (...) {
      found.add(threw("validator '" + name + "' threw a non-standard exception"));
    }
    for (auto& diagnostic : found.items()) {
      if (diagnostic.file.empty()) diagnostic.file = blueprint.source;
      diagnostic.origin = name;
    }
    out.append(found);
  }
}

}  // namespace isla
