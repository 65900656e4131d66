// SPDX-License-Identifier: MIT
// A share file: "isla-3dtiles-share 3\n", then little-endian 64-bit words:
// the skirt depth and error (a double's bits each), the part count, and for
// each part its patch and its nine streams (the surface's and the skirt's
// samples, heights and normals, grid pieces, surface and skirt indices),
// each a count and its values.
// The assembly reads back exactly the values the shard held, so the tile
// it writes is the whole export's, byte for byte.
#include <algorithm>
#include <bit>
#include <fstream>
#include <span>
#include <stdexcept>
#include <string_view>

#include <isla/publish/file_writer.hpp>

#include "tile_content.hpp"

namespace isla_3dtiles {

namespace {

constexpr std::string_view kShareMagic = "isla-3dtiles-share 3\n";

class ShareWriter {
 public:
  explicit ShareWriter(const std::filesystem::path& path) : file_(isla::FileWriter::create(path)) {
    file_.write(kShareMagic);
  }
  void word(std::uint64_t value) { file_.write(std::as_bytes(std::span(&value, 1))); }
  void real(double value) { word(std::bit_cast<std::uint64_t>(value)); }
  template <class T>
  void values(const std::vector<T>& values) {
    word(values.size());
    file_.write(std::as_bytes(std::span(values)));
  }
  void close() { file_.close(); }

 private:
  isla::FileWriter file_;
};

class ShareReader {
 public:
  explicit ShareReader(const std::filesystem::path& path) : path_(path), in_(path, std::ios::binary) {
    std::string magic(kShareMagic.size(), '\0');
    if (!in_ || !in_.read(magic.data(), static_cast<std::streamsize>(magic.size())) || magic != kShareMagic) {
      fail("it is not a tile share of this exporter");
    }
    in_.seekg(0, std::ios::end);
    left_ = static_cast<std::uint64_t>(in_.tellg()) - kShareMagic.size();
    in_.seekg(static_cast<std::streamoff>(kShareMagic.size()));
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("tile share " + path_.string() + ": " + what);
  }
  std::uint64_t word() {
    std::uint64_t value = 0;
    read(&value, sizeof value);
    return value;
  }
  double real() { return std::bit_cast<double>(word()); }
  template <class T>
  std::vector<T> values() {
    const std::uint64_t count = word();
    if (count > left_ / sizeof(T)) fail("a stream runs past the end");
    std::vector<T> out(static_cast<std::size_t>(count));
    read(out.data(), out.size() * sizeof(T));
    return out;
  }
  // Vertices' streams, of one length.
  template <class Vertices>
  Vertices vertices(std::uint64_t part) {
    Vertices out;
    out.samples = values<typename decltype(out.samples)::value_type>();
    out.heights = values<typename decltype(out.heights)::value_type>();
    out.normals = values<typename decltype(out.normals)::value_type>();
    if (out.samples.size() != out.heights.size() || out.normals.size() != out.heights.size()) {
      fail("part " + std::to_string(part) + " has vertex streams of different lengths");
    }
    return out;
  }
  // Triangles' indices, each below `vertices`.
  std::vector<std::uint32_t> triangles(std::uint64_t part, std::size_t vertices) {
    std::vector<std::uint32_t> out = values<std::uint32_t>();
    if (out.size() % 3 != 0 || std::any_of(out.begin(), out.end(), [&](std::uint32_t i) { return i >= vertices; })) {
      fail("part " + std::to_string(part) + " has triangles outside its vertices");
    }
    return out;
  }
  void expectEnd() const {
    if (left_ != 0) fail("it has bytes after its last part");
  }

 private:
  void read(void* to, std::size_t bytes) {
    if (bytes > left_ || !in_.read(static_cast<char*>(to), static_cast<std::streamsize>(bytes))) {
      fail("it ends early");
    }
    left_ -= bytes;
  }

  std::filesystem::path path_;
  std::ifstream in_;
  std::uint64_t left_ = 0;
};

}  // namespace

void TileContent::save(const std::filesystem::path& path) const {
  ShareWriter out(path);
  out.real(skirtDepthM_);
  out.real(errorM_);
  out.word(parts_.size());
  for (const Part& part : parts_) {
    out.word(part.patch);
    for (const Vertices* vertices : {&part.surface, &part.skirt}) {
      out.values(vertices->samples);
      out.values(vertices->heights);
      out.values(vertices->normals);
    }
    out.values(part.grids);
    out.values(part.surfaceIndices);
    out.values(part.skirtIndices);
  }
  out.close();
}

TileContent TileContent::load(const isla::World& world, const std::filesystem::path& path) {
  ShareReader in(path);
  TileContent content(world, in.real());
  content.errorM_ = in.real();
  const std::uint64_t parts = in.word();
  for (std::uint64_t i = 0; i < parts; ++i) {
    Part part;
    part.patch = static_cast<std::size_t>(in.word());
    if (part.patch >= world.patches.size()) in.fail("part " + std::to_string(i) + " names no patch of the world");
    part.surface = in.vertices<Vertices>(i);
    part.skirt = in.vertices<Vertices>(i);
    part.grids = in.values<decltype(part.grids)::value_type>();
    const std::uint64_t vertices = part.surface.size();
    for (const Grid& grid : part.grids) {
      if (grid.width < 2 || grid.depth < 2 || grid.firstVertex > vertices ||
          grid.width > (vertices - grid.firstVertex) / grid.depth) {
        in.fail("part " + std::to_string(i) + " has a grid piece outside its vertices");
      }
    }
    part.surfaceIndices = in.triangles(i, part.surface.size());
    part.skirtIndices = in.triangles(i, part.skirt.size());
    content.parts_.push_back(std::move(part));
  }
  in.expectEnd();
  return content;
}

std::vector<std::size_t> TileContent::patches() const {
  std::vector<std::size_t> out;
  for (const Part& part : parts_) out.push_back(part.patch);
  return out;
}

TileContent TileContent::merge(std::vector<TileContent> shares, const std::vector<std::size_t>& patches) {
  TileContent whole = std::move(shares.at(0));
  for (std::size_t s = 1; s < shares.size(); ++s) {
    TileContent& share = shares[s];
    for (Part& part : share.parts_) whole.parts_.push_back(std::move(part));
    whole.errorM_ = std::max(whole.errorM_, share.errorM_);
  }
  const auto rank = [&](const Part& part) { return std::find(patches.begin(), patches.end(), part.patch); };
  std::sort(whole.parts_.begin(), whole.parts_.end(), [&](const Part& a, const Part& b) { return rank(a) < rank(b); });
  return whole;
}

}  // namespace isla_3dtiles
