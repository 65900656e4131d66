// SPDX-License-Identifier: MIT
#include "section_fixture.hpp"

#include <boost/test/unit_test.hpp>

#include <isla/container/blueprint_writer.hpp>

#include "sample_blueprint.hpp"
#include "test_kernel.hpp"

namespace isla::test {

BlueprintBuilder sampleWith(FourCC tag, std::vector<std::byte> payload) {
  auto builder = encode(makeSample());
  builder.replace(tag, std::move(payload));
  return builder;
}

std::uint64_t payloadOffset(const BlueprintBuilder& builder, FourCC tag) { return builder.offsetOf(tag) + 12; }

SectionSummary summaryOf(const Section& section, Units units) {
  return section.codec->summarize(section.content, {sharedKernel().enums(), units});
}

SectionSummary summaryOf(const LoadResult& result, FourCC tag, Units units) {
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const Section* section = result.blueprint->find(tag);
  BOOST_TEST_REQUIRE(section != nullptr, "no " + std::string(tag.text()) + " in the blueprint");
  return summaryOf(*section, units);
}

std::vector<std::string> fieldNames(const Record& record) {
  std::vector<std::string> names;
  for (const auto& field : record.layout().fields()) names.push_back(field.name);
  return names;
}

std::vector<std::byte> writtenBack(const Blueprint& blueprint) {
  MemorySink sink;
  writeV2(encodeSections(blueprint, EncodeContext{}), sink);
  return sink.bytes();
}

std::vector<const Diagnostic*> withCode(const Diagnostics& diagnostics, std::string_view code) {
  std::vector<const Diagnostic*> found;
  for (const auto& d : diagnostics.items()) {
    if (d.code == code) found.push_back(&d);
  }
  return found;
}

}  // namespace isla::test
