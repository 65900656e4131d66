// SPDX-License-Identifier: MIT
// Records in summaries: field values as JSON and one detail line a field,
// the same way for every record section.
#pragma once

#include <boost/json/value.hpp>

#include "isla/model/record.hpp"
#include "isla/plugin/section_codec.hpp"

namespace isla {

// f32 through jsonFloat, integers as integers, strings as strings.
boost::json::value fieldJson(const FieldValue& value);

// Every field of `record` into `summary`: JSON keyed by the spec's field
// name, one "name: value unit" detail line each.
void summarizeFields(const Record& record, SectionSummary& summary);

}  // namespace isla
