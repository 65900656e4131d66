// SPDX-License-Identifier: MIT
// A glTF 2.0 document being assembled: each add appends an object to its
// top-level array and returns its index; text() is the whole JSON, members
// in a fixed order, so that the same additions give the same bytes.
#pragma once

#include <boost/json/monotonic_resource.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value_ref.hpp>

#include <array>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <isla/io/byte_writer.hpp>

namespace isla_gltf {

// glTF's numeric codes.
inline constexpr int kFloat = 5126;
inline constexpr int kUnsignedShort = 5123;
inline constexpr int kUnsignedInt = 5125;
inline constexpr int kArrayBuffer = 34962;
inline constexpr int kElementArrayBuffer = 34963;

class GltfDocument {
 public:
  explicit GltfDocument(std::string generator = "isla-tool gltf exporter")
      : extensionObjects_(storage_), generator_(std::move(generator)) {}

  // The memory the document's objects live in, freed all at once with it:
  // an object made in it costs no allocation a key nor a free. One made
  // elsewhere is copied into it as it is added.
  const boost::json::storage_ptr& storage() const { return storage_; }

  // An object's members, made into an object in the document's memory.
  using Members = std::initializer_list<std::pair<boost::json::string_view, boost::json::value_ref>>;
  std::size_t add(const char* array, Members members);
  std::size_t add(const char* array, boost::json::object object);
  boost::json::object& at(const char* array, std::size_t index);
  std::size_t count(const char* array) const;

  // A view of [offset, offset + length) of a buffer and its accessor;
  // `normalized` integers read as [0, 1].
  std::size_t addAccessor(std::size_t buffer, std::uint64_t offset, std::uint64_t length, int target,
                          int componentType, std::uint64_t count, const char* type, bool normalized = false);
  // POSITION accessors must carry their bounds.
  void setBounds(std::size_t accessor, const std::array<float, 3>& min, const std::array<float, 3>& max);

  void useExtension(const char* name);
  // An extension a reader must implement to read the document: used and required.
  void requireExtension(const char* name);
  // The document's own object of an extension (EXT_structural_metadata's schema and tables).
  void setExtension(const char* name, boost::json::object object);
  // The JSON text, with one scene holding `roots`.
  std::string text(const std::vector<std::size_t>& roots) const;
  // The same text written to `out` in blocks, by a document that is done
  // with (std::move(document).writeText(out, roots)): it gives its objects
  // to the text rather than copying them, and the text is never held whole.
  // Not `pretty`: without indentation nor line breaks, for a file that
  // people read through a tool (a .glb's JSON chunk).
  void writeText(isla::ByteSink& out, const std::vector<std::size_t>& roots, bool pretty = true) &&;

  // The index of each top-level array's first object: a part of a document
  // written in parts (writeParts) numbers its objects after the parts before.
  using Firsts = std::map<std::string, std::size_t, std::less<>>;
  // Before any add: this document's objects come after `firsts`.
  void numberFrom(Firsts firsts) { firsts_ = std::move(firsts); }
  // Where the next part's objects start.
  Firsts ends() const;
  // This document's own objects of a top-level array, its extensions, its generator.
  std::span<const boost::json::value> objects(std::string_view array) const;
  const std::vector<std::string>& extensions() const { return extensions_; }
  const std::string& generator() const { return generator_; }

 private:
  std::size_t first(std::string_view array) const;
  // The document but its top-level arrays.
  boost::json::object head(const std::vector<std::size_t>& roots) const;

  // First, so that it outlives every object in it.
  std::unique_ptr<boost::json::monotonic_resource> resource_ = std::make_unique<boost::json::monotonic_resource>();
  boost::json::storage_ptr storage_{resource_.get()};
  Firsts firsts_;
  std::vector<std::pair<std::string, boost::json::array>> arrays_;  // in the order of their first object
  std::vector<std::string> extensions_;
  std::vector<std::string> required_;
  boost::json::object extensionObjects_;
  std::string generator_;
};

// A document too large to hold (world.gltf of a 32768² world: 1.4 GiB as
// one GltfDocument) written in `parts` GltfDocuments, each numbered after
// the parts before it by `make(part, document)`, which adds the part's
// objects and returns the scene roots it adds. Each part is made once to
// count and once for each top-level array, so that one is held at a time;
// `make` must add the same objects each time. The bytes are text()'s of one
// document holding every part in order.
using MakePart = std::function<std::vector<std::size_t>(std::size_t part, GltfDocument& document)>;
void writeParts(isla::ByteSink& out, std::size_t parts, const MakePart& make);

// The bounds of positions x, y, z, x, y, z, ...
std::pair<std::array<float, 3>, std::array<float, 3>> positionBounds(std::span<const float> positions);

}  // namespace isla_gltf
