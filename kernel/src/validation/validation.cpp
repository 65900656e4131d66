// SPDX-License-Identifier: MIT
#include "isla/validation/validation.hpp"

#include "isla/plugin/plugin_call.hpp"

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

OptionValues resolveValidatorOptions(const Registry& registry, const OptionText& given) {
  OptionValues out;
  OptionText unclaimed = given;
  for (const auto* validator : registry.validators()) {
    const auto specs = validator->object->options();
    OptionText mine;
    for (const auto& spec : specs) {
      if (const auto it = unclaimed.find(spec.name); it != unclaimed.end()) mine.insert(unclaimed.extract(it));
    }
    const std::string who = pluginObjectName("validator", validator->object->name(), *validator->plugin);
    const OptionValues resolved = resolveOptions(who, specs, mine);
    for (const auto& name : resolved.names()) {
      if (!out.has(name)) out.set(name, resolved.value(name));
    }
  }
  if (!unclaimed.empty()) {
    throw OptionError("no loaded validator has an option '" + unclaimed.begin()->first + "'");
  }
  return out;
}

}  // namespace isla
