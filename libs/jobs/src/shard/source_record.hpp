// SPDX-License-Identifier: MIT
// The part of a shard's record about one of its sources: provenance,
// borders, warnings, water regions and scenery (shard_record.hpp).
#pragma once

#include "record_json.hpp"
#include "shard_record.hpp"

namespace isla {

void writeSourceRecord(JsonWriter& json, const ShardRecord::Source& source);
ShardRecord::Source readSourceRecord(const RecordReader& reader, const boost::json::object& in,
                                     const std::string& pointer);

}  // namespace isla
