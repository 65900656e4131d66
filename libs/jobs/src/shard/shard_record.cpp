// SPDX-License-Identifier: MIT
// The record's text ends with the SHA-256 of everything before its last
// line ("  \"record_sha256\": ...\n}\n"), so that a flipped byte anywhere
// names the record as damaged instead of changing a figure. The edges'
// heights and normals, the bulk of it, go into shard-edges.bin (float32 and
// double bits, little-endian, edge after edge), named by size and SHA-256.
#include "shard_record.hpp"

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <memory>

#include "../compile/regular_file.hpp"
#include "isla/json/strict_json.hpp"
#include "isla/publish/file_writer.hpp"
#include "isla/publish/sha256.hpp"
#include "record_json.hpp"
#include "source_record.hpp"

namespace isla {

namespace {

static_assert(std::endian::native == std::endian::little, "shard-edges.bin is little-endian");

constexpr std::string_view kFormat = "isla-tool.shard-record";
constexpr std::int64_t kSchemaVersion = 3;  // 2: the notes; 3: the world's part, the tool, the checksum
constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 30;
constexpr std::string_view kSealKey = "  \"record_sha256\": \"";

// Read straight into the string, sized from the file: through streams it
// was copied twice more (the assembly reads every shard's record and edges).
// A file cut short reads short, and its size or seal then names it damaged;
// only a regular file is read (regular_file.hpp: a FIFO would block).
std::string readWhole(const std::filesystem::path& file, const RecordReader& reader, std::size_t limit) {
  try {
    const RegularFile in(file);
    if (in.size() > limit) reader.fail("", "it is larger than " + std::to_string(limit) + " bytes");
    return in.text(limit);
  } catch (const NotRegularFile& irregular) {
    reader.fail("", "it is not a regular file (" + irregular.kind() + ")");
  } catch (const UnreadableFile&) {
    reader.fail("", "it cannot be read");
  }
}

std::span<const std::byte> bytesOf(const auto& values) { return std::as_bytes(std::span(values)); }

void writeFiles(JsonWriter& json, std::string_view key, const std::vector<ShardRecord::File>& files) {
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

std::vector<ShardRecord::File> readFiles(const RecordReader& reader, const boost::json::object& in,
                                         std::string_view key) {
  std::vector<ShardRecord::File> out;
  const auto& list = reader.array(in, key, "");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string pointer = pointerTo("", key, i);
    const auto& file = reader.object(list[i], pointer);
    out.push_back({reader.text(file, "path", pointer), reader.text(file, "sha256", pointer),
                   reader.count(file, "bytes", pointer)});
  }
  return out;
}

void writeSides(JsonWriter& json, std::string_view key, const std::array<std::string, 4>& sides) {
  json.key(key);
  json.beginObject();
  for (const Side side : kSides) {
    if (!sides[static_cast<std::size_t>(side)].empty()) json.member(sideName(side), sides[static_cast<std::size_t>(side)]);
  }
  json.endObject();
}

std::optional<Side> sideNamed(std::string_view name) {
  for (const Side side : kSides) {
    if (sideName(side) == name) return side;
  }
  return std::nullopt;
}

// The record's text without its seal, if the seal is the SHA-256 of that text.
std::string_view unsealed(std::string_view text, const RecordReader& reader) {
  const std::size_t seal = text.rfind(kSealKey);
  if (seal == std::string_view::npos || seal == 0 || text[seal - 1] != '\n') {
    reader.fail("", "it has no record_sha256 as its last member (a record cut short, or damaged)");
  }
  // The text before the seal ends with the comma that precedes it.
  const std::string_view body = text.substr(0, seal);
  const std::string_view rest = text.substr(seal + kSealKey.size());
  const std::string expected = sha256Hex(bytesOf(body));
  if (rest != expected + "\"\n}\n") {
    reader.fail("/record_sha256", "the record's text does not have the SHA-256 it was sealed with (it is damaged)");
  }
  return body;
}

void writeEdges(const std::filesystem::path& file, const std::vector<ShardRecord::EdgeData>& edges,
                std::string& sha256, std::uint64_t& bytes) {
  FileWriter out = FileWriter::create(file);
  for (const auto& edge : edges) {
    out.write(bytesOf(edge.heights));
    for (const Normal& n : edge.normals) out.write(bytesOf(std::array{n.x, n.y, n.z}));
  }
  bytes = out.size();
  sha256 = out.close();
}

// Fills each edge's heights and normals (sized by the record) from the file.
void readEdges(const std::filesystem::path& file, std::vector<ShardRecord::EdgeData>& edges, std::uint64_t bytes,
               const std::string& sha256, const RecordReader& reader) {
  std::uint64_t expected = 0;
  for (const auto& edge : edges) expected += edge.heights.size() * (sizeof(float) + 3 * sizeof(double));
  if (expected != bytes) reader.fail("/edges/bytes", "the edges' samples need " + std::to_string(expected) + " bytes");
  const RecordReader binary(file);
  const std::string data = readWhole(file, binary, kMaxRecordBytes);
  if (data.size() != bytes || sha256Hex(bytesOf(data)) != sha256) {
    reader.fail("/edges", std::string(kShardEdgesName) + " is not the " + std::to_string(bytes) +
                              " bytes of SHA-256 " + sha256 + " the record names (it is damaged)");
  }
  std::size_t at = 0;
  for (auto& edge : edges) {
    std::memcpy(edge.heights.data(), data.data() + at, edge.heights.size() * sizeof(float));
    at += edge.heights.size() * sizeof(float);
    for (Normal& n : edge.normals) {
      std::array<double, 3> xyz{};
      std::memcpy(xyz.data(), data.data() + at, sizeof xyz);
      at += sizeof xyz;
      n = Normal{xyz[0], xyz[1], xyz[2]};
    }
  }
}

}  // namespace

std::string lineDigest(std::span<const float> heights, std::span<const Normal> normals) {
  Sha256 digest;
  digest.update(std::as_bytes(heights));
  for (const Normal& n : normals) digest.update(bytesOf(std::array{n.x, n.y, n.z}));
  return digest.finishHex();
}

void writeShardRecord(const std::filesystem::path& directory, const ShardRecord& record) {
  std::string edgesSha256;
  std::uint64_t edgesBytes = 0;
  writeEdges(directory / kShardEdgesName, record.edges, edgesSha256, edgesBytes);

  MemorySink text;
  JsonWriter json(text);
  json.beginObject();
  json.member("format", kFormat);
  json.member("schema_version", kSchemaVersion);
  json.member("tool", record.tool);
  json.key("plugins");
  json.beginArray();
  for (const auto& plugin : record.plugins) {
    json.beginObject();
    json.member("name", plugin.name);
    json.member("version", plugin.version);
    json.endObject();
  }
  json.endArray();
  json.member("shard", record.shard.index);
  json.member("shards", record.shard.count);
  json.member("layout_sha256", record.layoutSha256);
  json.member("exporter", record.exporter);
  writeTexts(json, "options", record.options);
  writeTexts(json, "validator_options", record.validatorOptions);
  json.member("map_size", record.mapSize);
  json.key("sources");
  json.beginArray();
  for (const auto& source : record.sources) writeSourceRecord(json, source);
  json.endArray();
  json.key("borders_read");
  json.beginArray();
  for (const auto& border : record.bordersRead) {
    json.beginObject();
    json.member("source", border.source);
    json.member("side", sideName(border.side));
    json.member("sha256", border.sha256);
    json.endObject();
  }
  json.endArray();
  json.key("patches");
  json.beginArray();
  for (const auto& figures : record.patches) {
    json.beginObject();
    json.member("index", figures.patch);
    json.member("id", figures.id);
    writeBits(json, "min_height_m_bits", figures.stats.minHeightM);
    writeBits(json, "max_height_m_bits", figures.stats.maxHeightM);
    writeBits(json, "max_slope_deg_bits", figures.stats.maxSlopeDeg);
    writeBits(json, "overshoot_m_bits", figures.stats.overshootM);
    json.member("inputs_sha256", figures.inputs);
    writeSides(json, "edges_sha256", figures.sides);
    json.endObject();
  }
  json.endArray();
  json.key("edges");
  json.beginObject();
  json.member("file", kShardEdgesName);
  json.member("bytes", edgesBytes);
  json.member("sha256", edgesSha256);
  json.key("list");
  json.beginArray();
  for (const auto& edge : record.edges) {
    json.beginObject();
    json.member("index", edge.edge);
    json.member("id", edge.id);
    json.member("samples", edge.heights.size());
    json.endObject();
  }
  json.endArray();
  json.endObject();
  writeFiles(json, "outputs", record.outputs);
  writeFiles(json, "notes", record.notes);
  // The seal: its own member, written by hand after the text it seals.
  json.member("record_sha256", "");
  json.endObject();
  json.finish();

  std::string body(reinterpret_cast<const char*>(text.bytes().data()), text.bytes().size());
  const std::size_t seal = body.rfind(kSealKey);
  body.resize(seal);
  const std::string sealed = body + std::string(kSealKey) + sha256Hex(bytesOf(body)) + "\"\n}\n";
  FileWriter out = FileWriter::create(directory / kShardRecordName);
  out.write(sealed);
  out.close();
}

ShardRecord readShardRecord(const std::filesystem::path& directory) {
  const std::filesystem::path file = directory / kShardRecordName;
  const RecordReader reader(file);
  const std::string whole = readWhole(file, reader, kMaxRecordBytes);
  std::vector<JsonProblem> problems;
  const auto document = parseStrictJson(whole, problems);
  if (!document) reader.fail(problems.empty() ? "" : problems.front().pointer,
                             problems.empty() ? "it is not JSON" : problems.front().message);
  const auto& root = reader.object(*document, "");
  if (reader.text(root, "format", "") != kFormat) reader.fail("/format", "'" + std::string(kFormat) + "' is expected");
  if (reader.count(root, "schema_version", "") != kSchemaVersion) {
    reader.fail("/schema_version", std::to_string(kSchemaVersion) + " is expected");
  }
  unsealed(whole, reader);

  ShardRecord record;
  const std::uint64_t index = reader.count(root, "shard", "");
  const std::uint64_t count = reader.count(root, "shards", "");
  if (count < 1 || count > kMaxShards || index >= count) {
    reader.fail("/shard", "a shard K of N, K < N <= 4096, is expected");
  }
  record.shard = ShardSpec{static_cast<unsigned>(index), static_cast<unsigned>(count)};
  record.tool = reader.text(root, "tool", "");
  const auto& plugins = reader.array(root, "plugins", "");
  for (std::size_t i = 0; i < plugins.size(); ++i) {
    const std::string pointer = pointerTo("", "plugins", i);
    const auto& plugin = reader.object(plugins[i], pointer);
    record.plugins.push_back({reader.text(plugin, "name", pointer), reader.text(plugin, "version", pointer)});
  }
  record.layoutSha256 = reader.text(root, "layout_sha256", "");
  record.exporter = reader.text(root, "exporter", "");
  record.options = reader.texts(root, "options", "");
  record.validatorOptions = reader.texts(root, "validator_options", "");
  record.mapSize = static_cast<std::int32_t>(std::min<std::uint64_t>(reader.count(root, "map_size", ""), 1U << 30));
  const auto& sources = reader.array(root, "sources", "");
  for (std::size_t i = 0; i < sources.size(); ++i) {
    const std::string pointer = pointerTo("", "sources", i);
    record.sources.push_back(readSourceRecord(reader, reader.object(sources[i], pointer), pointer));
  }
  const auto& borders = reader.array(root, "borders_read", "");
  for (std::size_t i = 0; i < borders.size(); ++i) {
    const std::string pointer = pointerTo("", "borders_read", i);
    const auto& border = reader.object(borders[i], pointer);
    const auto side = sideNamed(reader.text(border, "side", pointer));
    if (!side) reader.fail(pointerTo(pointer, "side"), "north, east, south or west is expected");
    record.bordersRead.push_back({static_cast<std::size_t>(reader.count(border, "source", pointer)), *side,
                                  reader.text(border, "sha256", pointer)});
  }
  const auto& patches = reader.array(root, "patches", "");
  for (std::size_t i = 0; i < patches.size(); ++i) {
    const std::string pointer = pointerTo("", "patches", i);
    const auto& patch = reader.object(patches[i], pointer);
    ShardRecord::PatchFigures figures{static_cast<std::size_t>(reader.count(patch, "index", pointer)),
                                      reader.text(patch, "id", pointer),
                                      PatchStats{reader.bits(patch, "min_height_m_bits", pointer),
                                                 reader.bits(patch, "max_height_m_bits", pointer),
                                                 reader.bits(patch, "max_slope_deg_bits", pointer),
                                                 reader.bits(patch, "overshoot_m_bits", pointer)},
                                      reader.text(patch, "inputs_sha256", pointer),
                                      {}};
    const auto& sides = reader.object(patch, "edges_sha256", pointer);
    for (const auto& [name, digest] : sides) {
      const auto side = sideNamed(name);
      if (!side || !digest.is_string()) reader.fail(pointerTo(pointer, "edges_sha256"), "SHA-256 by side is expected");
      figures.sides[static_cast<std::size_t>(*side)] = std::string(digest.get_string());
    }
    record.patches.push_back(std::move(figures));
  }
  const auto& edges = reader.object(root, "edges", "");
  const auto& list = reader.array(edges, "list", "/edges");
  for (std::size_t i = 0; i < list.size(); ++i) {
    const std::string pointer = pointerTo("/edges", "list", i);
    const auto& edge = reader.object(list[i], pointer);
    const std::uint64_t samples = reader.count(edge, "samples", pointer);
    if (samples > (std::uint64_t{1} << 20)) reader.fail(pointerTo(pointer, "samples"), "at most 2^20 samples are expected");
    record.edges.push_back({static_cast<std::size_t>(reader.count(edge, "index", pointer)),
                            reader.text(edge, "id", pointer), std::vector<float>(samples),
                            std::vector<Normal>(samples)});
  }
  readEdges(directory / kShardEdgesName, record.edges, reader.count(edges, "bytes", "/edges"),
            reader.text(edges, "sha256", "/edges"), reader);
  record.outputs = readFiles(reader, root, "outputs");
  record.notes = readFiles(reader, root, "notes");
  return record;
}

}  // namespace isla
