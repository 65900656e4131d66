// SPDX-License-Identifier: MIT
// Runs a registered validator the way `isla-tool validate` does, for tests.
#pragma once

#include <string_view>

#include <isla/base/diagnostics.hpp>
#include <isla/model/blueprint.hpp>
#include <isla/plugin/options.hpp>

#include "blueprint_builder.hpp"
#include "test_kernel.hpp"

namespace isla::test {

// `options` as given on the command line, resolved against the validator's
// specs as the command does (throws OptionError for a bad value).
Diagnostics runValidator(std::string_view name, const Blueprint& blueprint, const OptionText& options = {},
                         const EnumTable& enums = sharedKernel().enums());
// Loads `builder`, which must load without errors, and runs the validator.
Diagnostics runValidator(std::string_view name, const BlueprintBuilder& builder,
                         const OptionText& options = {}, const EnumTable& enums = sharedKernel().enums());

// The one diagnostic `out` must hold (a test failure otherwise).
Diagnostic only(const Diagnostics& out);
// Whether the diagnostic's message contains `text`.
bool says(const Diagnostic& diagnostic, std::string_view text);

}  // namespace isla::test
