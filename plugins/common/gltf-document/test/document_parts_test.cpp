// SPDX-License-Identifier: MIT
// world.gltf written in parts (writeParts) is text() of one document
// holding every part: the same objects, numbered the same, the same bytes.
#include <boost/test/unit_test.hpp>

#include <isla/publish/file_writer.hpp>

#include "gltf_document.hpp"

namespace {

using isla_gltf::GltfDocument;

class StringSink final : public isla::ByteSink {
 public:
  void write(std::span<const std::byte> bytes) override {
    text.append(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  }
  std::string text;
};

// Part k: a material (part 0 only), a buffer with an accessor with bounds, a
// mesh, a node referring to them all, an extension from part 2 on; the
// last part a root node whose children are every other part's node.
std::vector<std::size_t> makePart(std::size_t part, std::size_t parts, GltfDocument& document,
                                  std::vector<std::size_t>& nodes) {
  if (part + 1 == parts) {
    return {document.add("nodes", {{"name", "root"}, {"children", boost::json::array(nodes.begin(), nodes.end())}})};
  }
  if (part == 0) document.add("materials", {{"name", "grey"}});
  const std::string uri = "part" + std::to_string(part) + ".bin";
  const std::size_t buffer = document.add("buffers", {{"uri", uri}, {"byteLength", 48}});
  const std::size_t accessor =
      document.addAccessor(buffer, 0, 48, isla_gltf::kArrayBuffer, isla_gltf::kFloat, 4, "VEC3");
  document.setBounds(accessor, {0, 0, 0}, {1, static_cast<float>(part), 1});
  const std::size_t mesh = document.add(
      "meshes", {{"primitives", boost::json::array{{{"attributes", {{"POSITION", accessor}}}, {"material", 0}}}}});
  if (part >= 2) document.useExtension("MSFT_lod");
  nodes[part] = document.add("nodes", {{"name", "part" + std::to_string(part)}, {"mesh", mesh}});
  return {};
}

}  // namespace

BOOST_AUTO_TEST_SUITE(gltf_document_parts)

BOOST_AUTO_TEST_CASE(parts_make_the_bytes_of_one_document) {
  constexpr std::size_t parts = 5;
  std::vector<std::size_t> nodes(parts - 1);
  GltfDocument whole;
  std::vector<std::size_t> roots;
  for (std::size_t part = 0; part < parts; ++part) {
    for (const std::size_t root : makePart(part, parts, whole, nodes)) roots.push_back(root);
  }
  std::size_t made = 0;
  StringSink streamed;
  isla_gltf::writeParts(streamed, parts, [&](std::size_t part, GltfDocument& document) {
    ++made;
    return makePart(part, parts, document, nodes);
  });
  BOOST_TEST(streamed.text == whole.text(roots));
  BOOST_TEST(streamed.text.find("\"children\": [\n        0,\n        1,") != std::string::npos, streamed.text);
  // Each part counted once, then made again only for the arrays it has
  // objects in: materials (part 0), nodes (all), meshes, accessors,
  // bufferViews, buffers (all but the root's).
  BOOST_TEST(made == parts + 1 + parts + 4 * (parts - 1));
}

BOOST_AUTO_TEST_SUITE_END()
