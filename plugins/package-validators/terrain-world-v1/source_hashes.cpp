// SPDX-License-Identifier: MIT
#include "source_hashes.hpp"

#include <map>

#include <isla/base/io_error.hpp>
#include <isla/publish/sha256.hpp>
#include <isla/world/layout.hpp>

#include "json_document.hpp"

namespace isla::terrain_world {

namespace {

const boost::json::string* stringAt(const boost::json::value& value, std::initializer_list<const char*> keys) {
  const boost::json::value* at = &value;
  for (const char* key : keys) {
    const auto* object = at->if_object();
    at = object ? object->if_contains(key) : nullptr;
    if (!at) return nullptr;
  }
  return at->if_string();
}

}  // namespace

void checkSourceHashes(const std::filesystem::path& descriptor, const std::filesystem::path& layout, Diagnostics& out) {
  Report report(out);
  const std::optional<Layout> sources = loadLayout(layout, out);
  if (!sources) return;  // its own diagnostics say why
  std::map<std::string, const LayoutSource*, std::less<>> byId;
  for (const LayoutSource& source : sources->sources) byId.emplace(source.id, &source);

  const std::string name = descriptor.filename().string();
  const auto world = readDocument(descriptor, name, report, {.maxBytes = kMaxDocumentBytes});
  const auto* entries = world && world->is_object() ? world->get_object().if_contains("sources") : nullptr;
  if (!entries || !entries->is_array()) {
    report.error("world.schema", name, "/sources", "world.json has no sources array to compare with the layout");
    return;
  }
  const std::string layoutName = layout.string();
  for (std::size_t i = 0; i < entries->get_array().size(); ++i) {
    const auto& entry = entries->get_array()[i];
    const std::string pointer = at("/sources", i);
    const auto* id = stringAt(entry, {"id"});
    const auto* recorded = stringAt(entry, {"provenance", "sha256"});
    if (!id || !recorded) {
      report.error("world.schema", name, pointer, "a source without an id or a provenance sha256");
      continue;
    }
    const auto found = byId.find(std::string_view(*id));
    if (found == byId.end()) {
      report.error("world.source-unavailable", name, at(pointer, "id"),
                   "source '" + std::string(*id) + "' is not in the layout " + layoutName +
                       "; give the layout the package was compiled from");
      continue;
    }
    const LayoutSource& source = *found->second;
    byId.erase(found);
    std::string actual;
    try {
      actual = sha256OfFile(source.path);
    } catch (const IoError& error) {
      report.error("world.source-unavailable", name, at(pointer, "provenance"),
                   "source '" + source.id + "' cannot be read from " + source.path.string() + ": " + error.what());
      continue;
    }
    if (actual != std::string_view(*recorded)) {
      report.error("world.source-hash", name, at(at(pointer, "provenance"), "sha256"),
                   "source '" + source.id + "' (" + source.path.string() + ") hashes to " + actual + ", not the " +
                       std::string(*recorded) +
                       " the package recorded: the source changed after compilation; recompile the package "
                       "from it");
    }
  }
  for (const auto& [id, source] : byId) {
    report.error("world.source-unavailable", layoutName, source->pointer,
                 "the layout's source '" + id +
                     "' is not in the package; give the layout the package was "
                     "compiled from");
  }
}

}  // namespace isla::terrain_world
