// SPDX-License-Identifier: MIT
// The figures are kept as the bits of their doubles (16 hex digits), so
// that the assembly's report is the one a whole compile writes, whatever a
// JSON reader's rounding.
#include "shard_record.hpp"

#include <bit>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "isla/document/json_writer.hpp"
#include "isla/json/strict_json.hpp"
#include "isla/publish/file_writer.hpp"

namespace isla {

namespace {

constexpr std::string_view kFormat = "isla-tool.shard-record";
constexpr std::int64_t kSchemaVersion = 2;  // 2: the notes
constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 30;

std::string bitsOf(double value) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(std::bit_cast<std::uint64_t>(value)));
  return text;
}

void writeTexts(JsonWriter& json, std::string_view key, const OptionText& texts) {
  json.key(key);
  json.beginObject();
  for (const auto& [name, value] : texts) json.member(name, value);
  json.endObject();
}

void writeFiles(JsonWriter& json, std::string_view key, const std::vector<ShardRecord::Output>& files) {
  json.key(key);
  json.beginArray();
  for (const auto& file : files) {
    json.beginObject();
    json.member("path", file.path);
    json.member("sha256", file.sha256);
    json.member("bytes", file.bytes);
    json.endObject();
  }
  json.endArray();
}

// Reads the parsed record, each miss a CompileError naming the file and the
// JSON pointer.
class RecordReader {
 public:
  explicit RecordReader(std::filesystem::path file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string& pointer, const std::string& what) const {
    throw CompileError(file_.string() + (pointer.empty() ? "" : " at " + pointer) + ": " + what +
                           "; it is not a shard record this isla-tool reads: run that shard again",
                       {});
  }
  const boost::json::value& at(const boost::json::object& object, std::string_view key,
                               const std::string& pointer) const {
    const auto* value = object.if_contains(key);
    if (!value) fail(pointer, "'" + std::string(key) + "' is missing");
    return *value;
  }
  const boost::json::object& object(const boost::json::value& value, const std::string& pointer) const {
    if (!value.is_object()) fail(pointer, "an object is expected");
    return value.get_object();
  }
  const boost::json::array& array(const boost::json::object& in, std::string_view key,
                                  const std::string& pointer) const {
    const auto& value = at(in, key, pointer);
    if (!value.is_array()) fail(pointer + "/" + std::string(key), "an array is expected");
    return value.get_array();
  }
  std::string text(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
    const auto& value = at(in, key, pointer);
    if (!value.is_string()) fail(pointer + "/" + std::string(key), "a string is expected");
    return std::string(value.get_string());
  }
  std::uint64_t count(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
    const auto& value = at(in, key, pointer);
    if (value.is_uint64()) return value.get_uint64();
    if (value.is_int64() && value.get_int64() >= 0) return static_cast<std::uint64_t>(value.get_int64());
    fail(pointer + "/" + std::string(key), "a whole number of at least 0 is expected");
  }
  double bits(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
    const std::string digits = text(in, key, pointer);
    std::uint64_t value = 0;
    std::size_t used = 0;
    try {
      value = std::stoull(digits, &used, 16);
    } catch (const std::exception&) {
      used = 0;
    }
    if (digits.size() != 16 || used != 16) fail(pointer + "/" + std::string(key), "16 hex digits are expected");
    return std::bit_cast<double>(value);
  }
  std::vector<ShardRecord::Output> files(const boost::json::object& in, std::string_view key) const {
    std::vector<ShardRecord::Output> out;
    const auto& list = array(in, key, "");
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string pointer = "/" + std::string(key) + "/" + std::to_string(i);
      const auto& file = object(list[i], pointer);
      out.push_back({text(file, "path", pointer), text(file, "sha256", pointer), count(file, "bytes", pointer)});
    }
    return out;
  }
  OptionText texts(const boost::json::object& in, std::string_view key, const std::string& pointer) const {
    OptionText out;
    for (const auto& [name, value] : object(at(in, key, pointer), pointer + "/" + std::string(key))) {
      const std::string at = pointer + "/" + std::string(key) + "/" + jsonPointerToken(name);
      if (!value.is_string()) fail(at, "a string is expected");
      out.emplace(std::string(name), std::string(value.get_string()));
    }
    return out;
  }

 private:
  std::filesystem::path file_;
};

std::string readWhole(const std::filesystem::path& file, const RecordReader& reader) {
  std::ifstream in(file, std::ios::binary);
  if (!in) reader.fail("", "it cannot be read");
  std::ostringstream text;
  text << in.rdbuf();
  if (text.str().size() > kMaxRecordBytes) reader.fail("", "it is larger than 1 GiB");
  return text.str();
}

}  // namespace

void writeShardRecord(const std::filesystem::path& file, const ShardRecord& record) {
  FileWriter out = FileWriter::create(file);
  JsonWriter json(out);
  json.beginObject();
  json.member("format", kFormat);
  json.member("schema_version", kSchemaVersion);
  json.member("shard", record.shard.index);
  json.member("shards", record.shard.count);
  json.member("layout_sha256", record.layoutSha256);
  json.member("exporter", record.exporter);
  writeTexts(json, "options", record.options);
  writeTexts(json, "validator_options", record.validatorOptions);
  json.key("sources");
  json.beginArray();
  for (const auto& source : record.sources) {
    json.beginObject();
    json.member("id", source.id);
    json.member("sha256", source.sha256);
    json.endObject();
  }
  json.endArray();
  json.key("patches");
  json.beginArray();
  for (const auto& figures : record.patches) {
    json.beginObject();
    json.member("index", figures.patch);
    json.member("id", figures.id);
    json.member("min_height_m_bits", bitsOf(figures.stats.minHeightM));
    json.member("max_height_m_bits", bitsOf(figures.stats.maxHeightM));
    json.member("max_slope_deg_bits", bitsOf(figures.stats.maxSlopeDeg));
    json.member("overshoot_m_bits", bitsOf(figures.stats.overshootM));
    json.endObject();
  }
  json.endArray();
  writeFiles(json, "outputs", record.outputs);
  writeFiles(json, "notes", record.notes);
  json.endObject();
  json.finish();
  out.close();
}

ShardRecord readShardRecord(const std::filesystem::path& file) {
  const RecordReader reader(file);
  std::vector<JsonProblem> problems;
  const auto document = parseStrictJson(readWhole(file, reader), problems);
  if (!document) reader.fail(problems.empty() ? "" : problems.front().pointer,
                             problems.empty() ? "it is not JSON" : problems.front().message);
  const auto& root = reader.object(*document, "");
  if (reader.text(root, "format", "") != kFormat) reader.fail("/format", "'" + std::string(kFormat) + "' is expected");
  if (reader.count(root, "schema_version", "") != kSchemaVersion) reader.fail("/schema_version", std::to_string(kSchemaVersion) + " is expected");

  ShardRecord record;
  const std::uint64_t index = reader.count(root, "shard", "");
  const std::uint64_t count = reader.count(root, "shards", "");
  if (count < 1 || count > kMaxShards || index >= count) {
    reader.fail("/shard", "a shard K of N, K < N <= 4096, is expected");
  }
  record.shard = ShardSpec{static_cast<unsigned>(index), static_cast<unsigned>(count)};
  record.layoutSha256 = reader.text(root, "layout_sha256", "");
  record.exporter = reader.text(root, "exporter", "");
  record.options = reader.texts(root, "options", "");
  record.validatorOptions = reader.texts(root, "validator_options", "");
  const auto& sources = reader.array(root, "sources", "");
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::string pointer = "/sources/" + std::to_string(i);
    const auto& source = reader.object(sources[i], pointer);
    record.sources.push_back({reader.text(source, "id", pointer), reader.text(source, "sha256", pointer)});
  }
  const auto& patches = reader.array(root, "patches", "");
  for (std::size_t i = 0; i < patches.size(); ++i) {
    const std::string pointer = "/patches/" + std::to_string(i);
    const auto& patch = reader.object(patches[i], pointer);
    record.patches.push_back({static_cast<std::size_t>(reader.count(patch, "index", pointer)),
                              reader.text(patch, "id", pointer),
                              PatchStats{reader.bits(patch, "min_height_m_bits", pointer),
                                         reader.bits(patch, "max_height_m_bits", pointer),
                                         reader.bits(patch, "max_slope_deg_bits", pointer),
                                         reader.bits(patch, "overshoot_m_bits", pointer)}});
  }
  record.outputs = reader.files(root, "outputs");
  record.notes = reader.files(root, "notes");
  return record;
}

}  // namespace isla
