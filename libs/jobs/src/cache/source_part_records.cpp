// SPDX-License-Identifier: MIT
// A record, parts/<2 hex>/<key>, where the key is the SHA-256 of the tool,
// its section plugins and the part's key (its name and version, the
// source's SHA-256, the settings it depends on):
//   isla-tool source part 1
//   key <key>
//   <the part's text>
//   sealed <SHA-256 of the lines above>
#include "source_part_records.hpp"

#include <span>

#include "isla/publish/sha256.hpp"
#include "sealed_record.hpp"
#include "validation_memo.hpp"

namespace isla {

namespace {

constexpr std::string_view kPartRecordHeader = "isla-tool source part 1\n";

}  // namespace

SourcePartRecords::SourcePartRecords(const PatchCache& cache, const Kernel& kernel)
    : cache_(cache), context_(sourceToolchain(kernel, false)) {}

std::filesystem::path SourcePartRecords::recordOf(const std::string& key) const {
  const std::string text = context_ + key;
  return cache_.recordPath(PatchCache::kPartsFolder, sha256Hex(std::as_bytes(std::span(text))));
}

std::optional<std::string> SourcePartRecords::recall(const std::string& key) const {
  const auto record = recordOf(key);
  const std::string beginning = std::string(kPartRecordHeader) + "key " + record.filename().string() + "\n";
  const auto text = cache_.readRecord(record, beginning);
  if (!text) return std::nullopt;
  cache_.noteUse(record);
  return text->substr(beginning.size());
}

void SourcePartRecords::remember(const std::string& key, const std::string& text) const {
  const auto record = recordOf(key);
  try {
    cache_.writeRecord(record, sealedText(std::string(kPartRecordHeader) + "key " + record.filename().string() + "\n" + text));
  } catch (const CacheNotKept&) {
    // the part is made again next time
  }
}

}  // namespace isla
