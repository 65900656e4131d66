// SPDX-License-Identifier: MIT
// Running the blueprint validator plugins over a loaded blueprint: the one
// path for `validate` and for the sources of `run compile`.
#pragma once

#include <string>
#include <vector>

#include "isla/base/diagnostics.hpp"
#include "isla/kernel.hpp"

namespace isla {

using ValidatorSelection = std::vector<const Registration<Validator>*>;

// Each selected validator over `blueprint`; a validator that throws becomes a
// `validator.threw` error. File and origin are filled in.
void runValidators(const ValidatorSelection& validators, const Blueprint& blueprint,
                   const ValidationContext& context, Diagnostics& out);

// The validators' options as given (one command-line namespace for all of
// them), each parsed and checked against the spec of the validator that
// declares it; throws OptionError naming that validator.
OptionValues resolveValidatorOptions(const Registry& registry, const OptionText& given);

}  // namespace isla
