// SPDX-License-Identifier: MIT
// The NOTE codec and the min-lakes validator as the kernel calls them.
#include <boost/test/unit_test.hpp>

#include <isla/io/byte_writer.hpp>
#include <isla/plugin/plugin_api.hpp>

// This plugin's descriptor (isla_add_plugin compiles the tests with its name).
extern const isla::PluginDescriptor ISLA_THIS_PLUGIN;

namespace {

struct Plugin {
  Plugin() { ISLA_THIS_PLUGIN.registerPlugin(registrar); }

  // min-lakes over a blueprint whose WBTB lists bodies of these types (0 ocean, 1 lake).
  isla::Diagnostics minLakes(const std::vector<std::uint8_t>& types, const isla::OptionText& given = {}) const {
    const auto layout = isla::RecordLayout::make({{"type", isla::FieldType::U8}});
    isla::Table bodies{layout, {}};
    for (const std::uint8_t type : types) bodies.rows.emplace_back(layout, std::vector<isla::FieldValue>{type});
    isla::Section section;
    section.tag = isla::FourCC("WBTB");
    section.content = bodies;
    isla::Blueprint blueprint;
    blueprint.sections.push_back(section);
    const isla::Validator& validator = *registrar.validators.at(0);
    const isla::OptionValues options = isla::resolveOptions("min-lakes", validator.options(), given);
    isla::Diagnostics found;
    validator.check(blueprint, {enums, {}, options}, found);
    return found;
  }

  isla::PluginRegistrar registrar;
  isla::EnumTable enums;
};

}  // namespace

BOOST_FIXTURE_TEST_SUITE(notes, Plugin)

BOOST_AUTO_TEST_CASE(a_note_decodes_and_encodes_back_byte_for_byte) {
  const isla::SectionCodec& codec = *registrar.sections.at(0);
  BOOST_TEST(codec.tag().text() == "NOTE");
  isla::ByteWriter in;
  in.str("The crater lake needs a second outflow; see the level design notes of 3 March.");
  const auto bytes = in.flatten();
  isla::Diagnostics diagnostics;
  isla::DecodeContext context(enums, nullptr, diagnostics, {});
  isla::ByteReader reader(bytes);
  const isla::SectionContent content = codec.decode(reader, context);
  BOOST_TEST(reader.remaining() == 0u);
  isla::ByteWriter out;
  codec.encode(content, out, {});
  BOOST_TEST(out.flatten() == bytes);
  BOOST_TEST(codec.summarize(content, {enums, {}}).brief ==
             "\"The crater lake needs a second outflow; see the level design...\"");
}

BOOST_AUTO_TEST_CASE(fewer_lakes_than_asked_for_is_a_warning) {
  BOOST_TEST(minLakes({0, 1}).empty());
  const isla::Diagnostics found = minLakes({0, 1}, {{"min-lakes", "2"}});
  BOOST_TEST_REQUIRE(found.items().size() == 1u);
  BOOST_TEST(found.items()[0].code == "min-lakes.too-few");
  BOOST_TEST(found.items()[0].message == "the blueprint has 1 lakes, fewer than the 2 --min-lakes asks for");
}

BOOST_AUTO_TEST_SUITE_END()
