// SPDX-License-Identifier: MIT
// What `validate` could not check: the plugins that did not load and would
// have taken part in validating a blueprint (docs/writing-plugins.md,
// Verdicts a plugin cannot weaken).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include <isla/kernel.hpp>
#include <isla/model/blueprint.hpp>

namespace isla::cli {

// Which validators a run picks: every one, or those `only` names, less
// those `skip` names.
struct ValidatorChoice {
  std::vector<std::string> only;
  std::vector<std::string> skip;

  bool picks(std::string_view name) const;
  // Whether a validator whose name is not known (of a plugin that did not
  // load) would have run: only when `only` names none.
  bool picksUnnamed() const { return only.empty(); }
};

// A `validation.incomplete` warning for each plugin that did not load
// (failed, refused or displaced) and would have taken part in validating
// `blueprint`: one that registers a section the blueprint holds that no
// loaded plugin decoded, or, when `validatorsRan`, a validator `choice`
// picks. A plugin whose registrations are not known (it could not be
// loaded, or was built for another plugin API) might do either.
void reportMissedPlugins(const Kernel& kernel, const Blueprint& blueprint, const ValidatorChoice& choice,
                         bool validatorsRan, Diagnostics& out);

// The load record of a plugin that failed or was refused and registers the
// validator `name`, when one is known to; null otherwise.
const PluginLoadRecord* missedClaimant(const Kernel& kernel, std::string_view name);

}  // namespace isla::cli
