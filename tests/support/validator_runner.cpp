// SPDX-License-Identifier: MIT
#include "validator_runner.hpp"

#include <boost/test/unit_test.hpp>

namespace isla::test {

Diagnostics runValidator(std::string_view name, const Blueprint& blueprint, const OptionText& options,
                         const EnumTable& enums) {
  const auto* validator = sharedKernel().registry().validator(name);
  BOOST_TEST_REQUIRE(validator, "no validator " << name);
  const OptionValues values = resolveOptions(name, validator->object->options(), options);
  Diagnostics out;
  validator->object->check(blueprint, {enums, sharedKernel().units(), values}, out);
  return out;
}

Diagnostics runValidator(std::string_view name, const BlueprintBuilder& builder, const OptionText& options,
                         const EnumTable& enums) {
  const auto result = load(builder.v2());
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  return runValidator(name, *result.blueprint, options, enums);
}

Diagnostic only(const Diagnostics& out) {
  BOOST_TEST_REQUIRE(out.items().size() == 1u, describe(out));
  return out.items()[0];
}

bool says(const Diagnostic& diagnostic, std::string_view text) {
  return diagnostic.message.find(text) != std::string::npos;
}

}  // namespace isla::test
