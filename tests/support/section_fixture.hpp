// SPDX-License-Identifier: MIT
// What the section plugins' tests share: the sample blueprint with one
// section's payload replaced, where a section's payload lies in the file,
// a loaded section's summary, a record's field names, a blueprint written
// back, and the diagnostics of one code.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <isla/base/diagnostics.hpp>
#include <isla/base/fourcc.hpp>
#include <isla/base/units.hpp>
#include <isla/container/blueprint_reader.hpp>
#include <isla/model/record.hpp>
#include <isla/plugin/section_codec.hpp>

#include "blueprint_builder.hpp"

namespace isla::test {

// The sample blueprint (makeSample) with section `tag`'s payload replaced.
BlueprintBuilder sampleWith(FourCC tag, std::vector<std::byte> payload);

// The offset in builder.v2() of section `tag`'s payload (past its tag and length).
std::uint64_t payloadOffset(const BlueprintBuilder& builder, FourCC tag);

// A section's summary, as inspect shows it, with the shared kernel's enums.
SectionSummary summaryOf(const Section& section, Units units = {});
// The same for section `tag` of a loaded blueprint, which must hold it.
SectionSummary summaryOf(const LoadResult& result, FourCC tag, Units units = {});

// The names of a record's fields, in order.
std::vector<std::string> fieldNames(const Record& record);

// A decoded blueprint written back as v2, every section by its codec.
std::vector<std::byte> writtenBack(const Blueprint& blueprint);

// The diagnostics that carry `code`, in order.
std::vector<const Diagnostic*> withCode(const Diagnostics& diagnostics, std::string_view code);

}  // namespace isla::test
