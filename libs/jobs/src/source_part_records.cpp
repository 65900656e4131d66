// SPDX-License-Identifier: MIT
// A record, parts/<2 hex>/<key>, where the key is the SHA-256 of the tool,
// its section plugins and the part's key (its name and version, the
// source's SHA-256, the settings it depends on):
//   isla-tool source part 1
//   key <key>
//   <the part's text>
//   sealed <SHA-256 of the lines above>
#include "source_part_records.hpp"

#include <algorithm>
#include <span>

#include "compile_steps.hpp"
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

SourcePartMemo SourcePartRecords::memo() const {
  SourcePartMemo memo;
  memo.recall = [this](std::size_t source, const std::string& part,
                       const std::string& key) -> std::optional<std::string> {
    const auto record = recordOf(key);
    const std::string beginning = std::string(kPartRecordHeader) + "key " + record.filename().string() + "\n";
    std::string problem;
    auto text = readSealedText(record, beginning, "record", problem);
    if (!text) {
      if (problem.empty()) return std::nullopt;
      cache_.removeRecord(record);
      const std::lock_guard lock(damageLock_);
      damage_.push_back({source, part, problem});
      return std::nullopt;
    }
    cache_.noteUse(record);
    return text->substr(beginning.size());
  };
  memo.remember = [this](const std::string& key, const std::string& text) {
    const auto record = recordOf(key);
    std::string why;  // a record that cannot be written is not: the part is made again next time
    cache_.writeRecord(record,
                       sealedText(std::string(kPartRecordHeader) + "key " + record.filename().string() + "\n" + text), why);
  };
  return memo;
}

void SourcePartRecords::reportDamage(const Layout& layout, Diagnostics& out) const {
  std::vector<Damage> damage = damage_;
  std::sort(damage.begin(), damage.end(), [](const Damage& a, const Damage& b) {
    return a.source != b.source ? a.source < b.source : a.part < b.part;
  });
  for (const Damage& d : damage) {
    out.add(damagedSourceRecord(d.part, layout.sources[d.source], d.problem, "read"));
  }
}

}  // namespace isla
