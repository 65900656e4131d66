// SPDX-License-Identifier: MIT
// The schema is compiled once into a tree of nodes (regexes built, $refs
// resolved), so that validating a large document costs one walk of it.
#include "isla/document/json_schema.hpp"

#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/json/parse.hpp>

#include <cmath>
#include <deque>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <ranges>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "isla/base/install_layout.hpp"
#include "isla/base/joined_text.hpp"
#include "isla/json/json_text.hpp"

namespace isla {

namespace {

namespace json = boost::json;

enum TypeBit : unsigned {
  kNull = 1, kBoolean = 2, kObject = 4, kArray = 8, kNumber = 16, kInteger = 32, kString = 64
};

// libstdc++'s std::regex recurses once a character: a hostile multi-megabyte
// string would overflow the stack, so longer strings are refused unmatched.
constexpr std::size_t kMaxPatternSubject = 1024;
// Guards a $ref cycle that consumes no instance depth.
constexpr int kMaxDepth = 512;

struct Node {
  std::optional<bool> always;  // a boolean schema
  unsigned types = 0;          // 0: any
  std::optional<json::value> constant;
  std::vector<json::value> enumeration;
  std::vector<std::pair<std::string, const Node*>> properties;
  std::vector<std::string> required;
  const Node* additional = nullptr;
  const Node* items = nullptr;
  std::vector<const Node*> prefixItems;
  std::optional<std::uint64_t> minItems, maxItems, minLength, maxLength;
  std::optional<double> minimum, maximum, exclusiveMinimum, exclusiveMaximum;
  std::optional<std::regex> pattern;
  std::string patternText;
  std::string ref;  // "$defs" name; resolved into `target`
  const Node* target = nullptr;
  std::vector<const Node*> anyOf, oneOf;
};

std::string escapePointerToken(std::string_view token) {
  std::string out;
  for (const char c : token) {
    if (c == '~') out += "~0";
    else if (c == '/') out += "~1";
    else out += c;
  }
  return out;
}

std::string article(unsigned bit) {
  switch (bit) {
    case kNull: return "null";
    case kBoolean: return "a boolean";
    case kObject: return "an object";
    case kArray: return "an array";
    case kNumber: return "a number";
    case kInteger: return "an integer";
    default: return "a string";
  }
}

bool integral(const json::value& v) {
  if (v.is_int64() || v.is_uint64()) return true;
  return v.is_double() && std::isfinite(v.get_double()) && std::floor(v.get_double()) == v.get_double();
}

unsigned typeOf(const json::value& v) {
  switch (v.kind()) {
    case json::kind::null: return kNull;
    case json::kind::bool_: return kBoolean;
    case json::kind::object: return kObject;
    case json::kind::array: return kArray;
    case json::kind::string: return kString;
    default: return integral(v) ? (kNumber | kInteger) : kNumber;
  }
}

std::string describeTypes(unsigned types) {
  std::string out;
  for (unsigned bit = kNull; bit <= kString; bit <<= 1) {
    if (!(types & bit)) continue;
    if (bit == kInteger && (types & kNumber)) continue;
    out += (out.empty() ? "" : " or ") + article(bit);
  }
  return out;
}

std::string gotType(const json::value& v) {
  const unsigned t = typeOf(v);
  return article(t & kInteger ? kInteger : t);
}

// A value quoted in a message, cut short when long.
std::string shown(const json::value& v) {
  std::string text = toJsonText(v, false);
  if (text.size() > 64) text = text.substr(0, 60) + "...";
  return text;
}

std::string number(double value) { return toJsonText(json::value(value), false); }

std::string plural(std::uint64_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

class Compiler {
 public:
  Compiler(std::deque<Node>& nodes, std::string origin) : nodes_(nodes), origin_(std::move(origin)) {}

  const Node* compile(const json::value& schema, const std::string& where, bool root) {
    Node& node = nodes_.emplace_back();
    if (schema.is_bool()) {
      node.always = schema.get_bool();
      return &node;
    }
    if (!schema.is_object()) fail(where, "a schema must be an object or a boolean");
    for (const auto& [keyView, value] : schema.get_object()) {
      const std::string key(keyView);
      const std::string at = where + "/" + escapePointerToken(key);
      if (key == "$schema" || key == "$id" || key == "$comment" || key == "title" || key == "description" ||
          key == "default") {
        continue;
      } else if (key == "$defs") {
        if (!root) fail(at, "'$defs' is supported only at the root");
        if (!value.is_object()) fail(at, "'$defs' must be an object");
        for (const auto& [name, definition] : value.get_object()) {
          definitions_[std::string(name)] = compile(definition, at + "/" + escapePointerToken(name), false);
        }
      } else if (key == "type") {
        node.types = compileTypes(value, at);
      } else if (key == "const") {
        node.constant = value;
      } else if (key == "enum") {
        if (!value.is_array()) fail(at, "'enum' must be an array");
        node.enumeration.assign(value.get_array().begin(), value.get_array().end());
      } else if (key == "properties") {
        if (!value.is_object()) fail(at, "'properties' must be an object");
        for (const auto& [name, sub] : value.get_object()) {
          node.properties.emplace_back(std::string(name), compile(sub, at + "/" + escapePointerToken(name), false));
        }
      } else if (key == "required") {
        if (!value.is_array()) fail(at, "'required' must be an array of strings");
        for (const auto& name : value.get_array()) {
          if (!name.is_string()) fail(at, "'required' must be an array of strings");
          node.required.emplace_back(name.get_string());
        }
      } else if (key == "additionalProperties") {
        node.additional = compile(value, at, false);
      } else if (key == "items") {
        node.items = compile(value, at, false);
      } else if (key == "prefixItems") {
        if (!value.is_array()) fail(at, "'prefixItems' must be an array");
        for (std::size_t i = 0; i < value.get_array().size(); ++i) {
          node.prefixItems.push_back(compile(value.get_array()[i], at + "/" + std::to_string(i), false));
        }
      } else if (key == "minItems") {
        node.minItems = count(value, at);
      } else if (key == "maxItems") {
        node.maxItems = count(value, at);
      } else if (key == "minLength") {
        node.minLength = count(value, at);
      } else if (key == "maxLength") {
        node.maxLength = count(value, at);
      } else if (key == "minimum") {
        node.minimum = real(value, at);
      } else if (key == "maximum") {
        node.maximum = real(value, at);
      } else if (key == "exclusiveMinimum") {
        node.exclusiveMinimum = real(value, at);
      } else if (key == "exclusiveMaximum") {
        node.exclusiveMaximum = real(value, at);
      } else if (key == "pattern") {
        if (!value.is_string()) fail(at, "'pattern' must be a string");
        node.patternText = value.get_string();
        try {
          node.pattern.emplace(node.patternText, std::regex::ECMAScript);
        } catch (const std::regex_error& error) {
          fail(at, std::string("invalid pattern: ") + error.what());
        }
      } else if (key == "$ref") {
        constexpr std::string_view prefix = "#/$defs/";
        const std::string_view ref = value.is_string() ? std::string_view(value.get_string()) : "";
        if (!ref.starts_with(prefix) || ref.find('/', prefix.size()) != std::string_view::npos) {
          fail(at, "only local references '#/$defs/<name>' are supported, not " + shown(value));
        }
        node.ref = ref.substr(prefix.size());
        references_.emplace_back(&node, at);
      } else if (key == "anyOf" || key == "oneOf") {
        if (!value.is_array() || value.get_array().empty()) fail(at, "'" + key + "' must be a non-empty array");
        auto& branches = key == "anyOf" ? node.anyOf : node.oneOf;
        for (std::size_t i = 0; i < value.get_array().size(); ++i) {
          branches.push_back(compile(value.get_array()[i], at + "/" + std::to_string(i), false));
        }
      } else {
        fail(at, "unsupported JSON Schema keyword '" + key + "'");
      }
    }
    return &node;
  }

  // Resolves every $ref once the whole document is compiled.
  std::map<std::string, const Node*, std::less<>> finish() {
    for (auto& [node, at] : references_) {
      const auto found = definitions_.find(node->ref);
      if (found == definitions_.end()) fail(at, "'$defs/" + node->ref + "' does not exist");
      node->target = found->second;
    }
    return std::move(definitions_);
  }

  [[noreturn]] void fail(const std::string& where, const std::string& message) const {
    throw std::runtime_error(origin_ + ": " + message + " (at " + (where.empty() ? "the root" : where) + ")");
  }

 private:
  unsigned compileTypes(const json::value& value, const std::string& at) const {
    static const std::map<std::string, unsigned, std::less<>> names{
        {"null", kNull},     {"boolean", kBoolean}, {"object", kObject}, {"array", kArray},
        {"number", kNumber | kInteger}, {"integer", kInteger}, {"string", kString}};
    auto one = [&](const json::value& name) {
      const auto found = name.is_string() ? names.find(name.get_string()) : names.end();
      if (found == names.end()) fail(at, "unknown type " + shown(name));
      return found->second;
    };
    if (!value.is_array()) return one(value);
    unsigned types = 0;
    for (const auto& name : value.get_array()) types |= one(name);
    return types;
  }

  std::uint64_t count(const json::value& value, const std::string& at) const {
    if (!integral(value) || value.to_number<double>() < 0) fail(at, "expected a non-negative integer");
    return value.to_number<std::uint64_t>();
  }

  double real(const json::value& value, const std::string& at) const {
    if (!value.is_number()) fail(at, "expected a number");
    return value.to_number<double>();
  }

  std::deque<Node>& nodes_;
  std::string origin_;
  std::map<std::string, const Node*, std::less<>> definitions_;
  std::vector<std::pair<Node*, std::string>> references_;
};

class Checker {
 public:
  explicit Checker(std::vector<SchemaViolation>& out) : out_(out) {}

  void check(const Node& node, const json::value& v, const std::string& at, int depth) {
    if (depth > kMaxDepth) throw std::runtime_error("JSON schema: $ref cycle at " + at);
    if (node.always) {
      if (!*node.always) report(at, "no value is allowed here");
      return;
    }
    if (node.target) check(*node.target, v, at, depth + 1);
    if (node.types && !(node.types & typeOf(v))) {
      report(at, "expected " + describeTypes(node.types) + ", got " + gotType(v));
      return;  // the other keywords would only repeat it
    }
    if (node.constant && *node.constant != v && !sameNumber(*node.constant, v)) {
      report(at, "expected " + shown(*node.constant) + ", got " + shown(v));
    }
    if (!node.enumeration.empty()) checkEnum(node, v, at);
    if (v.is_object()) checkObject(node, v.get_object(), at, depth);
    if (v.is_array()) checkArray(node, v.get_array(), at, depth);
    if (v.is_string()) checkString(node, v.get_string(), at);
    if (v.is_number()) checkNumber(node, v.to_number<double>(), at);
    if (!node.anyOf.empty()) checkAnyOf(node.anyOf, v, at, depth, false);
    if (!node.oneOf.empty()) checkAnyOf(node.oneOf, v, at, depth, true);
  }

 private:
  static bool sameNumber(const json::value& a, const json::value& b) {
    return a.is_number() && b.is_number() && a.to_number<double>() == b.to_number<double>();
  }

  void report(const std::string& at, std::string message) { out_.push_back({at, std::move(message)}); }

  void checkEnum(const Node& node, const json::value& v, const std::string& at) {
    for (const auto& option : node.enumeration) {
      if (option == v || sameNumber(option, v)) return;
    }
    report(at, "expected one of " +
                   joinedText(node.enumeration | std::views::transform([](const json::value& option) {
                                return shown(option);
                              })) +
                   ", got " + shown(v));
  }

  void checkObject(const Node& node, const json::object& object, const std::string& at, int depth) {
    for (const auto& key : node.required) {
      if (!object.contains(key)) report(at, "missing required key '" + key + "'");
    }
    for (const auto& [key, value] : object) {
      const std::string child = at + "/" + escapePointerToken(key);
      const Node* sub = nullptr;
      for (const auto& [name, schema] : node.properties) {
        if (name == key) sub = schema;
      }
      if (sub) {
        check(*sub, value, child, depth + 1);
      } else if (node.additional && node.additional->always == false) {
        const std::string keys = joinedText(node.properties | std::views::keys);
        report(child, "unknown key '" + std::string(key) + "'; " +
                          (keys.empty() ? std::string("no keys are allowed here") : "the keys are: " + keys));
      } else if (node.additional) {
        check(*node.additional, value, child, depth + 1);
      }
    }
  }

  void checkArray(const Node& node, const json::array& array, const std::string& at, int depth) {
    if (node.minItems && array.size() < *node.minItems) {
      report(at, "expected at least " + plural(*node.minItems, "item") + ", got " + std::to_string(array.size()));
    }
    std::optional<std::uint64_t> maxItems = node.maxItems;
    if (node.items && node.items->always == false) maxItems = std::min(maxItems.value_or(~0ULL), node.prefixItems.size());
    if (maxItems && array.size() > *maxItems) {
      report(at, "expected at most " + plural(*maxItems, "item") + ", got " + std::to_string(array.size()));
    }
    for (std::size_t i = 0; i < array.size(); ++i) {
      const Node* sub = i < node.prefixItems.size() ? node.prefixItems[i] : node.items;
      if (sub && sub->always != false) check(*sub, array[i], at + "/" + std::to_string(i), depth + 1);
    }
  }

  void checkString(const Node& node, const json::string& text, const std::string& at) {
    if (node.minLength || node.maxLength) {
      // Length in code points, as JSON Schema counts it.
      std::uint64_t length = 0;
      for (const char c : text) length += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
      if (node.minLength && length < *node.minLength) {
        report(at, "expected at least " + plural(*node.minLength, "character") + ", got " + std::to_string(length));
      }
      if (node.maxLength && length > *node.maxLength) {
        report(at, "expected at most " + plural(*node.maxLength, "character") + ", got " + std::to_string(length));
      }
    }
    if (!node.pattern) return;
    if (text.size() > kMaxPatternSubject) {
      report(at, "expected a string matching " + node.patternText + ", got one of " + std::to_string(text.size()) +
                     " bytes (at most " + std::to_string(kMaxPatternSubject) + " are matched)");
    } else if (!std::regex_search(text.begin(), text.end(), *node.pattern)) {
      report(at, "expected a string matching " + node.patternText + ", got " + shown(json::value(text)));
    }
  }

  void checkNumber(const Node& node, double value, const std::string& at) {
    if (node.minimum && !(value >= *node.minimum)) report(at, "expected a number >= " + number(*node.minimum) + ", got " + number(value));
    if (node.maximum && !(value <= *node.maximum)) report(at, "expected a number <= " + number(*node.maximum) + ", got " + number(value));
    if (node.exclusiveMinimum && !(value > *node.exclusiveMinimum)) {
      report(at, "expected a number > " + number(*node.exclusiveMinimum) + ", got " + number(value));
    }
    if (node.exclusiveMaximum && !(value < *node.exclusiveMaximum)) {
      report(at, "expected a number < " + number(*node.exclusiveMaximum) + ", got " + number(value));
    }
  }

  // A failed alternative reports the one branch whose type fits the value
  // (its precise complaint), else what the branches accept.
  void checkAnyOf(const std::vector<const Node*>& branches, const json::value& v, const std::string& at, int depth,
                  bool exactlyOne) {
    std::vector<std::vector<SchemaViolation>> results;
    std::size_t matches = 0;
    for (const Node* branch : branches) {
      std::vector<SchemaViolation> found;
      Checker(found).check(*branch, v, at, depth + 1);
      matches += found.empty();
      results.push_back(std::move(found));
    }
    if (exactlyOne && matches > 1) report(at, "matches more than one of the allowed forms");
    if (matches > 0) return;
    unsigned accepted = 0;
    const std::vector<SchemaViolation>* fitting = nullptr;
    std::size_t fittingCount = 0;
    for (std::size_t i = 0; i < branches.size(); ++i) {
      const unsigned types = declaredTypes(*branches[i]);
      accepted |= types ? types : ~0U;
      if (!types || (types & typeOf(v))) {
        fitting = &results[i];
        ++fittingCount;
      }
    }
    if (fittingCount == 1) {
      out_.insert(out_.end(), fitting->begin(), fitting->end());
    } else {
      report(at, "expected " + (accepted == ~0U ? std::string("one of the allowed forms") : describeTypes(accepted)) +
                     ", got " + gotType(v));
    }
  }

  static unsigned declaredTypes(const Node& node) {
    if (node.types) return node.types;
    return node.target ? declaredTypes(*node.target) : 0;
  }

  std::vector<SchemaViolation>& out_;
};

}  // namespace

struct JsonSchema::Impl {
  std::string origin;
  std::deque<Node> nodes;
  const Node* root = nullptr;
  std::map<std::string, const Node*, std::less<>> definitions;
};

JsonSchema JsonSchema::parse(std::string_view text, const std::string& origin) {
  boost::system::error_code error;
  const json::value document = json::parse(text, error);
  if (error) throw std::runtime_error(origin + ": not JSON: " + error.message());
  auto impl = std::make_shared<Impl>();
  impl->origin = origin;
  Compiler compiler(impl->nodes, origin);
  impl->root = compiler.compile(document, "", true);
  impl->definitions = compiler.finish();
  JsonSchema schema;
  schema.impl_ = std::move(impl);
  return schema;
}

JsonSchema JsonSchema::load(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot read the JSON schema " + path.string());
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), path.string());
}

// Relative to this library, not the executable: the layout and package
// validators need them in every host, the Python module's included.
// ISLA_*RELATIVE_DATA_DIR are set by libs/world/CMakeLists.txt.
namespace {
std::filesystem::path shippedSchemaDirectory() {
  boost::dll::fs::error_code error;
  const auto library = boost::dll::this_line_location(error);
  if (error) return (executableDirectory() / ISLA_RELATIVE_DATA_DIR / "schemas").lexically_normal();
  return (std::filesystem::path(library.string()).parent_path() / ISLA_LIBRARY_RELATIVE_DATA_DIR / "schemas")
      .lexically_normal();
}
}  // namespace

JsonSchema JsonSchema::shipped(std::string_view fileName) {
  // Each loaded once a process: a compile through the cache checks each
  // patch's documents on their own, and interpreting the schema (its
  // patterns made into std::regex) costs more than checking a patch.
  static std::mutex mutex;
  static std::map<std::string, JsonSchema, std::less<>> loaded;
  const std::lock_guard lock(mutex);
  if (const auto found = loaded.find(fileName); found != loaded.end()) return found->second;
  JsonSchema schema = load(shippedSchemaDirectory() / fileName);
  loaded.emplace(std::string(fileName), schema);
  return schema;
}

std::vector<SchemaViolation> JsonSchema::validate(const boost::json::value& instance,
                                                  std::string_view definition) const {
  const Node* node = impl_->root;
  if (!definition.empty()) {
    const auto found = impl_->definitions.find(definition);
    if (found == impl_->definitions.end()) {
      throw std::runtime_error(impl_->origin + ": no definition '$defs/" + std::string(definition) + "'");
    }
    node = found->second;
  }
  std::vector<SchemaViolation> out;
  Checker(out).check(*node, instance, "", 0);
  return out;
}

}  // namespace isla
