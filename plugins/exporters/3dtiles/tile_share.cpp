// SPDX-License-Identifier: MIT
// A share: "isla-3dtiles-share 5\n", then little-endian 64-bit words:
// the skirt depth and error (a double's bits each), the part count, and for
// each part its patch, its heights' range (a float's bits each), its views
// (each its decoded length, stride, count, filter, kind and stored bytes,
// padded to 8) and its primitives (each its vertex views, first vertex,
// vertex count, bounds as six floats' bits, triangle view and kind).
// The assembly reads back exactly what the shard stored, so the tile it
// writes is the whole export's, byte for byte. It is read in one pread, not
// through a stream, from a file the assembly opens once a shard.
#include "tile_share.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <memory>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>

namespace isla_3dtiles {

namespace {

constexpr std::string_view kShareMagic = "isla-3dtiles-share 5\n";
constexpr std::uint64_t kLastFilter = static_cast<std::uint64_t>(VertexFilter::Exponential);

std::uint64_t paddedToWords(std::uint64_t bytes) { return (bytes + 7) / 8 * 8; }

class ShareWriter {
 public:
  ShareWriter() { append(std::as_bytes(std::span(kShareMagic))); }
  void word(std::uint64_t value) { append(std::as_bytes(std::span(&value, 1))); }
  void real(double value) { word(std::bit_cast<std::uint64_t>(value)); }
  void single(float value) { word(std::bit_cast<std::uint32_t>(value)); }
  void bytes(std::span<const std::byte> bytes) {
    word(bytes.size());
    append(bytes);
    out_.resize(out_.size() + paddedToWords(bytes.size()) - bytes.size(), std::byte{0});
  }
  std::vector<std::byte> take() { return std::move(out_); }

 private:
  void append(std::span<const std::byte> bytes) { out_.insert(out_.end(), bytes.begin(), bytes.end()); }
  std::vector<std::byte> out_;
};

class ShareReader {
 public:
  ShareReader(const ShareFile& file, std::uint64_t offset, std::uint64_t length)
      : path_(file.path()), bytes_(file.read(offset, length)), size_(length) {
    std::string magic(kShareMagic.size(), '\0');
    if (size_ < magic.size()) fail("it is not a tile share of this exporter");
    read(magic.data(), magic.size());
    if (magic != kShareMagic) fail("it is not a tile share of this exporter");
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw std::runtime_error("tile share in " + path_.string() + ": " + what);
  }
  std::uint64_t word() {
    std::uint64_t value = 0;
    read(&value, sizeof value);
    return value;
  }
  double real() { return std::bit_cast<double>(word()); }
  float single() {
    const std::uint64_t value = word();
    if (value > 0xffffffffU) fail("a float has more than 32 bits");
    return std::bit_cast<float>(static_cast<std::uint32_t>(value));
  }
  // A count of things of at least `each` bytes, which the share must have room for.
  std::uint64_t count(std::uint64_t each) {
    const std::uint64_t value = word();
    if (value > left() / each) fail("a count runs past the end");
    return value;
  }
  // Bytes of the share, not copied: they keep the share's buffer alive.
  SharedBytes bytes() {
    const std::uint64_t size = count(1);
    SharedBytes out{std::shared_ptr<const std::byte>(bytes_, bytes_.get() + offset_), size};
    skip(paddedToWords(size));
    return out;
  }
  void expectEnd() const {
    if (left() != 0) fail("it has bytes after its last part");
  }

 private:
  std::uint64_t left() const { return size_ - offset_; }
  void skip(std::size_t bytes) {
    if (bytes > left()) fail("it ends early");
    offset_ += bytes;
  }
  void read(void* to, std::size_t bytes) {
    if (bytes > left()) fail("it ends early");
    std::memcpy(to, bytes_.get() + offset_, bytes);
    offset_ += bytes;
  }

  const std::filesystem::path& path_;
  std::shared_ptr<std::byte[]> bytes_;
  std::uint64_t size_ = 0;
  std::uint64_t offset_ = 0;
};

StoredView readView(ShareReader& in, std::uint64_t part) {
  StoredView view;
  view.decodedLength = in.word();
  view.stride = in.word();
  view.count = in.word();
  const std::uint64_t filter = in.word(), kind = in.word();
  view.bytes = in.bytes();
  if (filter > kLastFilter || kind > 1 || view.stride == 0 || view.decodedLength != view.count * view.stride) {
    in.fail("part " + std::to_string(part) + " has a view that is not one of a tile");
  }
  view.filter = static_cast<VertexFilter>(filter);
  view.triangles = kind == 1;
  return view;
}

GlbPart::Primitive readPrimitive(ShareReader& in, std::uint64_t part, const std::vector<StoredView>& views) {
  GlbPart::Primitive p;
  p.vertexViews = in.word();
  p.firstVertex = in.word();
  p.vertexCount = in.word();
  for (float& bound : p.min) bound = in.single();
  for (float& bound : p.max) bound = in.single();
  p.triangleView = in.word();
  const std::uint64_t kind = in.word();
  p.skirt = kind == 1;
  const bool vertexViews =
      p.vertexViews + 1 < views.size() && !views[p.vertexViews].triangles && !views[p.vertexViews + 1].triangles;
  if (kind > 1 || !vertexViews || p.triangleView >= views.size() || !views[p.triangleView].triangles ||
      p.firstVertex > views[p.vertexViews].count || p.vertexCount > views[p.vertexViews].count - p.firstVertex) {
    in.fail("part " + std::to_string(part) + " has a primitive outside its views");
  }
  return p;
}

}  // namespace

std::vector<std::byte> shareBytes(const GlbTile& share) {
  ShareWriter out;
  out.real(share.skirtDepthM);
  out.real(share.errorM);
  out.word(share.parts.size());
  for (const GlbPart& part : share.parts) {
    out.word(part.patch);
    out.single(part.lowestM);
    out.single(part.highestM);
    out.word(part.views.size());
    for (const StoredView& view : part.views) {
      out.word(view.decodedLength);
      out.word(view.stride);
      out.word(view.count);
      out.word(static_cast<std::uint64_t>(view.filter));
      out.word(view.triangles ? 1 : 0);
      out.bytes(view.bytes.span());
    }
    out.word(part.primitives.size());
    for (const GlbPart::Primitive& p : part.primitives) {
      out.word(p.vertexViews);
      out.word(p.firstVertex);
      out.word(p.vertexCount);
      for (const float bound : p.min) out.single(bound);
      for (const float bound : p.max) out.single(bound);
      out.word(p.triangleView);
      out.word(p.skirt ? 1 : 0);
    }
  }
  return out.take();
}

ShareFile::ShareFile(std::filesystem::path path) : path_(std::move(path)) {
  fd_ = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC);
  struct stat status {};
  if (fd_ < 0 || ::fstat(fd_, &status) != 0) {
    const int error = errno;
    if (fd_ >= 0) ::close(fd_);
    throw std::runtime_error("cannot read " + path_.string() + ": " + std::strerror(error));
  }
  size_ = static_cast<std::uint64_t>(status.st_size);
}

ShareFile::ShareFile(ShareFile&& other) noexcept
    : path_(std::move(other.path_)), fd_(std::exchange(other.fd_, -1)), size_(other.size_) {}

ShareFile::~ShareFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::shared_ptr<std::byte[]> ShareFile::read(std::uint64_t offset, std::uint64_t length) const {
  auto out = std::make_shared_for_overwrite<std::byte[]>(length);
  std::uint64_t got = 0;
  while (got < length) {
    const ssize_t n = ::pread(fd_, out.get() + got, length - got, static_cast<off_t>(offset + got));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      throw std::runtime_error("cannot read " + path_.string() + ": " +
                               (n < 0 ? std::strerror(errno) : "a share runs past its end"));
    }
    got += static_cast<std::uint64_t>(n);
  }
  return out;
}

GlbTile loadShare(const isla::World& world, const ShareFile& file, std::uint64_t offset, std::uint64_t length) {
  ShareReader in(file, offset, length);
  GlbTile share;
  share.skirtDepthM = in.real();
  share.errorM = in.real();
  constexpr std::uint64_t kViewWords = 6, kPrimitiveWords = 11;
  const std::uint64_t parts = in.count(8 * 5);
  for (std::uint64_t i = 0; i < parts; ++i) {
    GlbPart& part = share.parts.emplace_back();
    part.patch = static_cast<std::size_t>(in.word());
    if (part.patch >= world.patches.size()) in.fail("part " + std::to_string(i) + " names no patch of the world");
    part.lowestM = in.single();
    part.highestM = in.single();
    const std::uint64_t views = in.count(8 * kViewWords);
    for (std::uint64_t v = 0; v < views; ++v) part.views.push_back(readView(in, i));
    const std::uint64_t primitives = in.count(8 * kPrimitiveWords);
    for (std::uint64_t p = 0; p < primitives; ++p) part.primitives.push_back(readPrimitive(in, i, part.views));
  }
  in.expectEnd();
  return share;
}

GlbTile mergeShares(std::vector<GlbTile> shares, const std::vector<std::size_t>& patches) {
  GlbTile whole = std::move(shares.at(0));
  for (std::size_t s = 1; s < shares.size(); ++s) {
    GlbTile& share = shares[s];
    for (GlbPart& part : share.parts) whole.parts.push_back(std::move(part));
    whole.errorM = std::max(whole.errorM, share.errorM);
  }
  const auto rank = [&](const GlbPart& part) { return std::find(patches.begin(), patches.end(), part.patch); };
  std::sort(whole.parts.begin(), whole.parts.end(), [&](const GlbPart& a, const GlbPart& b) { return rank(a) < rank(b); });
  return whole;
}

}  // namespace isla_3dtiles
