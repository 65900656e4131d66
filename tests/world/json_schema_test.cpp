// SPDX-License-Identifier: MIT
#include <boost/json/parse.hpp>
#include <boost/test/unit_test.hpp>

#include <stdexcept>
#include <string>

#include <isla/document/json_schema.hpp>

namespace {

using isla::JsonSchema;

// "pointer: message" of every violation, one a line.
std::string violations(const JsonSchema& schema, std::string_view instance, std::string_view definition = {}) {
  std::string out;
  for (const auto& v : schema.validate(boost::json::parse(instance), definition)) {
    out += v.pointer + ": " + v.message + "\n";
  }
  return out;
}

std::string parseError(std::string_view text) {
  try {
    JsonSchema::parse(text, "test.schema.json");
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "no error";
}

const char* kSchema = R"({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://isla-tool.invalid/test",
  "type": "object",
  "additionalProperties": false,
  "required": ["format", "sources"],
  "properties": {
    "format": {"const": "demo"},
    "kind": {"enum": ["a", "b"]},
    "sources": {"type": "array", "minItems": 1, "items": {"$ref": "#/$defs/source"}},
    "pair": {"type": "array", "prefixItems": [{"type": "number"}, {"type": "string"}], "items": false},
    "free": {"type": "object", "additionalProperties": {"type": "integer"}},
    "maybe": {"anyOf": [{"$ref": "#/$defs/id"}, {"type": "null"}]}
  },
  "$defs": {
    "id": {"type": "string", "minLength": 1, "pattern": "^[a-z]+$"},
    "source": {
      "type": "object",
      "additionalProperties": false,
      "required": ["id", "row"],
      "properties": {
        "id": {"$ref": "#/$defs/id"},
        "row": {"type": "integer", "minimum": 0, "maximum": 9},
        "scale": {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 90}
      }
    }
  }
})";

}  // namespace

BOOST_AUTO_TEST_SUITE(json_schema)

BOOST_AUTO_TEST_CASE(a_valid_instance_has_no_violations) {
  const auto schema = JsonSchema::parse(kSchema, "test.schema.json");
  BOOST_TEST(violations(schema, R"({"format": "demo", "sources": [{"id": "a", "row": 2.0, "scale": 1.5}],
                                    "pair": [1, "x"], "free": {"k": 1}, "maybe": null})") == "");
}

BOOST_AUTO_TEST_CASE(every_violation_has_a_pointer_and_an_actionable_message) {
  const auto schema = JsonSchema::parse(kSchema, "test.schema.json");
  BOOST_TEST(violations(schema, R"({"format": "demox", "colour": 1, "kind": "c"})") ==
             ": missing required key 'sources'\n"
             "/format: expected \"demo\", got \"demox\"\n"
             "/colour: unknown key 'colour'; the keys are: format, kind, sources, pair, free, maybe\n"
             "/kind: expected one of \"a\", \"b\", got \"c\"\n");
  BOOST_TEST(violations(schema, R"({"format": "demo", "sources": [{"id": "A", "row": "1"}, {"id": "", "row": -1,
                                    "scale": 90}, {"id": "b", "row": 1.5}]})") ==
             "/sources/0/id: expected a string matching ^[a-z]+$, got \"A\"\n"
             "/sources/0/row: expected an integer, got a string\n"
             "/sources/1/id: expected at least 1 character, got 0\n"
             "/sources/1/id: expected a string matching ^[a-z]+$, got \"\"\n"
             "/sources/1/row: expected a number >= 0, got -1\n"
             "/sources/1/scale: expected a number < 90, got 90\n"
             "/sources/2/row: expected an integer, got a number\n");
  BOOST_TEST(violations(schema, R"({"format": "demo", "sources": [], "pair": [1, 2, 3], "free": {"a/b~": true}})") ==
             "/sources: expected at least 1 item, got 0\n"
             "/pair: expected at most 2 items, got 3\n"
             "/pair/1: expected a string, got an integer\n"
             "/free/a~1b~0: expected an integer, got a boolean\n");
}

BOOST_AUTO_TEST_CASE(a_failed_alternative_names_what_would_fit) {
  const auto schema = JsonSchema::parse(kSchema, "test.schema.json");
  BOOST_TEST(violations(schema, R"({"format": "demo", "sources": [{"id": "a", "row": 0}], "maybe": "X"})") ==
             "/maybe: expected a string matching ^[a-z]+$, got \"X\"\n");
  BOOST_TEST(violations(schema, R"({"format": "demo", "sources": [{"id": "a", "row": 0}], "maybe": 3})") ==
             "/maybe: expected null or a string, got an integer\n");
}

BOOST_AUTO_TEST_CASE(a_definition_can_be_the_root) {
  const auto schema = JsonSchema::parse(kSchema, "test.schema.json");
  BOOST_TEST(violations(schema, R"({"id": "a"})", "source") == ": missing required key 'row'\n");
  BOOST_CHECK_THROW(schema.validate(boost::json::value(1), "nothing"), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(a_very_long_string_is_not_matched) {
  const auto schema = JsonSchema::parse(kSchema, "test.schema.json");
  const std::string id(1 << 20, 'a');
  const auto found = schema.validate(boost::json::value(id.c_str()), "id");
  BOOST_REQUIRE_EQUAL(found.size(), 1U);
  BOOST_TEST(found[0].message == "expected a string matching ^[a-z]+$, got one of 1048576 bytes (at most 1024 are matched)");
}

BOOST_AUTO_TEST_CASE(what_it_cannot_interpret_is_an_error_naming_file_and_keyword) {
  BOOST_TEST(parseError(R"({"properties": {"a": {"format": "email"}}})") ==
             "test.schema.json: unsupported JSON Schema keyword 'format' (at /properties/a/format)");
  BOOST_TEST(parseError(R"({"$ref": "other.json#/x"})") ==
             "test.schema.json: only local references '#/$defs/<name>' are supported, not \"other.json#/x\" (at /$ref)");
  BOOST_TEST(parseError(R"({"$ref": "#/$defs/missing"})") ==
             "test.schema.json: '$defs/missing' does not exist (at /$ref)");
  BOOST_TEST(parseError(R"({"type": "float"})") == "test.schema.json: unknown type \"float\" (at /type)");
  BOOST_TEST(parseError(R"({"pattern": "("})").starts_with("test.schema.json: invalid pattern: "));
  BOOST_TEST(parseError("{").starts_with("test.schema.json: not JSON: "));
}

BOOST_AUTO_TEST_CASE(the_shipped_schemas_load_and_accept_a_layout) {
  const auto layout = JsonSchema::shipped("layout-v1.schema.json");
  BOOST_TEST(violations(layout, R"({"format": "terrain-world.layout", "schema_version": 1, "name": "w",
      "sources": [{"id": "nw", "namespace": "nw", "path": "nw.dat", "row": 0, "col": 0}]})") == "");
  BOOST_TEST(violations(layout, R"({"format": "terrain-world.layout", "schema_version": 1, "name": "w", "gap_cells": 1,
      "sources": [{"id": "-x", "namespace": "nw", "path": "nw.dat", "row": 0, "col": 0, "colour": 1}]})") ==
             "/gap_cells: expected a number >= 2, got 1\n"
             "/sources/0/id: expected a string matching ^[A-Za-z0-9][A-Za-z0-9._-]*$, got \"-x\"\n"
             "/sources/0/colour: unknown key 'colour'; the keys are: id, namespace, path, row, col\n");
  const auto world = JsonSchema::shipped("world-v1.schema.json");
  BOOST_TEST(violations(world, R"({"path": "a", "sha256": "AB"})", "reference") ==
             "/sha256: expected a string matching ^[0-9a-f]{64}$, got \"AB\"\n");
}

BOOST_AUTO_TEST_SUITE_END()
