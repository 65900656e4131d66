// SPDX-License-Identifier: MIT
// Which classes occur in a world and which layer takes each: the default
// mapping (one layer a biome, then road and water) or a mapping file, read
// with the strict JSON reader and checked key by key.
#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <boost/json.hpp>

#include "isla/json/strict_json.hpp"
#include "isla/world/material_layers.hpp"

namespace isla {

namespace {

namespace json = boost::json;

constexpr std::uintmax_t kMaxMappingBytes = std::uintmax_t{1} << 20;
constexpr std::string_view kRoadClass = "road";
constexpr std::string_view kWaterClass = "water";

bool hasPaths(const WorldSource& source) {
  return std::any_of(kRoadClasses.begin(), kRoadClasses.end(), [&](RoadClass road) {
    const RoadTier* tier = roadTier(*source.blueprint, road);
    return tier && tier->paths.pointCount() > 0;
  });
}

bool hasWater(const WorldSource& source) {
  const auto* water = source.role<WaterBodyIdGrid>();
  if (!water) return false;
  const auto ids = water->ids.values<std::uint16_t>();
  return std::any_of(ids.begin(), ids.end(), [](const auto& id) { return id.value() != 0; });
}

// Marks each byte value of `bytes` in `seen`: sixteen bytes at once where
// they are one value, as most of a biome grid's are.
void markValues(std::span<const std::byte> bytes, std::array<bool, kBiomeClasses>& seen) {
  using Bytes = std::uint8_t __attribute__((vector_size(16)));
  const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.data());
  std::size_t i = 0;
  for (; i + sizeof(Bytes) <= bytes.size(); i += sizeof(Bytes)) {
    Bytes values;
    std::memcpy(&values, data + i, sizeof(Bytes));
    const auto same = reinterpret_cast<Bytes>(values == data[i]);
    std::array<std::uint64_t, 2> halves;
    std::memcpy(halves.data(), &same, sizeof(Bytes));
    if ((halves[0] & halves[1]) == ~std::uint64_t{0}) {
      seen[data[i]] = true;
    } else {
      for (std::size_t j = i; j < i + sizeof(Bytes); ++j) seen[data[j]] = true;
    }
  }
  for (; i < bytes.size(); ++i) seen[data[i]] = true;
}

bool validLayerName(std::string_view name) {
  return !name.empty() && name.size() <= 64 && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
  });
}

std::string classList(const EnumTable& enums) {
  std::string out;
  for (const std::string& biome : enums.members("Biome")) out += biome + ", ";
  return out + "road and water";
}

class MappingReader {
 public:
  MappingReader(const std::filesystem::path& file, const WorldClasses& classes, const EnumTable& enums)
      : file_(file), classes_(classes), enums_(enums) {}

  LayerMapping read() {
    const json::value document = parse(readText());
    const json::object* root = document.if_object();
    if (!root) fail("", "the mapping is a JSON object with the key \"layers\"");
    for (const auto& member : *root) {
      if (member.key() != "layers") {
        fail("/" + jsonPointerToken(member.key()), "unknown key; the mapping has only \"layers\"");
      }
    }
    const json::value* layers = root->if_contains("layers");
    if (!layers || !layers->is_array() || layers->as_array().empty()) {
      fail("/layers", "give \"layers\": an array of {\"name\": ..., \"classes\": [...]}, one a layer, in order");
    }
    if (layers->as_array().size() > kMaxLayers) {
      fail("/layers", "at most " + std::to_string(kMaxLayers) + " layers");
    }
    for (std::size_t i = 0; i < layers->as_array().size(); ++i) {
      readLayer(layers->as_array()[i], "/layers/" + std::to_string(i));
    }
    checkEveryClassTaken();
    return mapping_;
  }

 private:
  [[noreturn]] void fail(const std::string& pointer, const std::string& message) const {
    throw std::runtime_error("layer mapping " + file_.string() + (pointer.empty() ? "" : ", key " + pointer) + ": " +
                             message);
  }

  std::string readText() const {
    std::error_code error;
    const auto size = std::filesystem::file_size(file_, error);
    if (error) fail("", "cannot read the file (" + error.message() + "); give the path of a mapping JSON file");
    if (size > kMaxMappingBytes) fail("", "the file is " + std::to_string(size) + " bytes; a mapping is at most 1 MiB");
    std::ifstream in(file_, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    if (!in) fail("", "cannot read the file; check its permissions");
    return text.str();
  }

  json::value parse(const std::string& text) const {
    std::vector<JsonProblem> problems;
    auto document = parseStrictJson(text, problems);
    if (!problems.empty()) fail(problems.front().pointer, problems.front().message);
    return std::move(*document);
  }

  void readLayer(const json::value& value, const std::string& pointer) {
    const json::object* layer = value.if_object();
    if (!layer) fail(pointer, "a layer is an object {\"name\": ..., \"classes\": [...]}");
    for (const auto& member : *layer) {
      if (member.key() != "name" && member.key() != "classes") {
        fail(pointer + "/" + jsonPointerToken(member.key()), "unknown key; a layer has \"name\" and \"classes\"");
      }
    }
    const json::value* name = layer->if_contains("name");
    if (!name || !name->is_string() || !validLayerName(name->as_string())) {
      fail(pointer + "/name",
           "give the layer a name of 1 to 64 letters, digits, '-' and '_' (it is part of file names)");
    }
    const std::string layerName(name->as_string());
    if (std::find(mapping_.names.begin(), mapping_.names.end(), layerName) != mapping_.names.end()) {
      fail(pointer + "/name", "layer '" + layerName + "' is named twice; give each layer its own name");
    }
    const json::value* list = layer->if_contains("classes");
    if (!list || !list->is_array() || list->as_array().empty()) {
      fail(pointer + "/classes", "give \"classes\": an array of one or more of " + classList(enums_));
    }
    const std::size_t index = mapping_.names.size();
    mapping_.names.push_back(layerName);
    for (std::size_t i = 0; i < list->as_array().size(); ++i) {
      takeClass(list->as_array()[i], pointer + "/classes/" + std::to_string(i), index);
    }
  }

  void takeClass(const json::value& value, const std::string& pointer, std::size_t layer) {
    if (!value.is_string()) fail(pointer, "a class is a string: one of " + classList(enums_));
    const std::string name(value.as_string());
    std::optional<std::size_t>* slot = nullptr;
    if (name == kRoadClass) {
      slot = &mapping_.roadLayer;
    } else if (name == kWaterClass) {
      slot = &mapping_.waterLayer;
    } else if (const auto ordinal = enums_.ordinal("Biome", name); ordinal && *ordinal < kBiomeClasses) {
      slot = &mapping_.biomeLayer[*ordinal];
    } else {
      fail(pointer, "'" + name + "' is no class; the classes are " + classList(enums_));
    }
    if (*slot) {
      fail(pointer, "class '" + name + "' is already in layer '" + mapping_.names[**slot] +
                        "'; give each class to one layer");
    }
    *slot = layer;
  }

  void checkEveryClassTaken() const {
    const auto missing = [&](const std::string& what, const std::string& source) {
      fail("/layers", what + " occurs (in source '" + source +
                          "') but no layer takes it; add it to the classes of a layer");
    };
    for (std::size_t ordinal = 0; ordinal < kBiomeClasses; ++ordinal) {
      if (classes_.biomes[ordinal] && !mapping_.biomeLayer[ordinal]) {
        missing("biome '" + enums_.name("Biome", ordinal) + "'", *classes_.biomes[ordinal]);
      }
    }
    if (classes_.roads && !mapping_.roadLayer) missing("class 'road'", *classes_.roads);
    if (classes_.water && !mapping_.waterLayer) missing("class 'water'", *classes_.water);
  }

  const std::filesystem::path& file_;
  const WorldClasses& classes_;
  const EnumTable& enums_;
  LayerMapping mapping_;
};

}  // namespace

WorldClasses findClasses(const World& world) {
  WorldClasses classes;
  for (const WorldSource& source : world.sources) {
    const auto* biomes = source.role<BiomeGrid>();
    if (!biomes) {
      throw std::runtime_error("source '" + source.id +
                               "' has no biome classes (no section of it fills the biome-classes role), which "
                               "the material layers are made from");
    }
    std::array<bool, kBiomeClasses> seen{};
    markValues(biomes->classes.bytes(), seen);
    for (std::size_t ordinal = 0; ordinal < kBiomeClasses; ++ordinal) {
      if (seen[ordinal] && !classes.biomes[ordinal]) classes.biomes[ordinal] = source.id;
    }
    if (!classes.roads && hasPaths(source)) classes.roads = source.id;
    if (!classes.water && hasWater(source)) classes.water = source.id;
  }
  return classes;
}

LayerMapping defaultLayerMapping(const WorldClasses& classes, const EnumTable& enums) {
  LayerMapping mapping;
  for (std::size_t ordinal = 0; ordinal < kBiomeClasses; ++ordinal) {
    if (!classes.biomes[ordinal]) continue;
    std::string name = enums.name("Biome", ordinal);
    std::transform(name.begin(), name.end(), name.begin(), [](char c) {
      return c == '#' ? 'b' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    });
    mapping.biomeLayer[ordinal] = mapping.names.size();
    mapping.names.push_back(name);
  }
  if (classes.roads) {
    mapping.roadLayer = mapping.names.size();
    mapping.names.emplace_back(kRoadClass);
  }
  if (classes.water) {
    mapping.waterLayer = mapping.names.size();
    mapping.names.emplace_back(kWaterClass);
  }
  return mapping;
}

LayerMapping readLayerMapping(const std::filesystem::path& file, const WorldClasses& classes, const EnumTable& enums) {
  return MappingReader(file, classes, enums).read();
}

}  // namespace isla
