// SPDX-License-Identifier: MIT
#include <boost/test/unit_test.hpp>

#include <isla/plugin/builtin_plugins.hpp>
#include <isla/plugin/plugin_host.hpp>

#include "blueprint_builder.hpp"
#include "sample_blueprint.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

// A kernel with the shipped plugins built in, then every test plugin module.
std::unique_ptr<Kernel> kernelWithTestPlugins() {
  auto kernel = makeKernel();
  const auto path = pluginSearchPath({}, nullptr, testPluginDirectory(), true);
  kernel->plugins().loadSearchPath(path);
  return kernel;
}

std::vector<std::byte> u32Values(std::initializer_list<std::int32_t> values) {
  ByteWriter out;
  out.i32(static_cast<std::int32_t>(values.size()));
  for (const auto v : values) out.i32(v);
  return out.flatten();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plugin_host)

BOOST_AUTO_TEST_CASE(search_path_is_default_then_flags_then_environment) {
  TempDir dir;
  const std::vector<std::filesystem::path> flags{dir.path(), "/nonexistent/flag"};
  const auto path = pluginSearchPath(flags, ("/env/a::" + dir.path().string()).c_str(), "/default", true);
  BOOST_TEST_REQUIRE(path.size() == 5u);
  BOOST_TEST(path[0].origin == "default");
  BOOST_TEST(path[1].origin == "--plugin-dir");
  BOOST_TEST(path[1].exists);
  BOOST_TEST(!path[2].exists);
  BOOST_TEST(path[3].path == "/env/a");
  BOOST_TEST(path[3].origin == "ISLA_PLUGIN_PATH");
  BOOST_TEST(path[4].path == dir.path());
  BOOST_TEST(pluginSearchPath({}, nullptr, "/default", false).empty());
}

BOOST_AUTO_TEST_CASE(every_fault_is_reported_and_the_rest_loads) {
  const auto kernel = kernelWithTestPlugins();
  const auto& host = kernel->plugins();

  const auto& good = recordFor(host, "third-party.so");
  BOOST_TEST((good.outcome == PluginOutcome::Loaded));
  BOOST_TEST(good.plugin->version == "0.3.0");
  BOOST_TEST(kernel->registry().section(FourCC("XTRA")));
  BOOST_TEST(kernel->registry().validator("extra"));
  BOOST_TEST(kernel->registry().exporter("listing"));

  const auto& wrongApi = recordFor(host, "wrong-api-version.so");
  BOOST_TEST((wrongApi.outcome == PluginOutcome::Refused));
  BOOST_TEST(wrongApi.message == "built for plugin API version " + std::to_string(kPluginApiVersion + 41) +
                                     ", but this isla-tool supports version " +
                                     std::to_string(kPluginApiVersion) + "; rebuild the plugin against it");

  const auto& notPlugin = recordFor(host, "not-a-plugin.so");
  BOOST_TEST((notPlugin.outcome == PluginOutcome::Skipped));
  BOOST_TEST(notPlugin.message == "not an isla-tool plugin: it has no 'isla_plugin_entry' symbol");

  const auto& throwing = recordFor(host, "throwing-registration.so");
  BOOST_TEST((throwing.outcome == PluginOutcome::Failed));
  BOOST_TEST(throwing.message == "its registration threw: the plugin's configuration file is missing");

  const auto& duplicate = recordFor(host, "duplicate-tag.so");
  BOOST_TEST((duplicate.outcome == PluginOutcome::Refused));
  BOOST_TEST(duplicate.message ==
             "section tag HGTS is claimed by plugin 'duplicate-tag' (" + duplicate.file +
                 ") and already registered by plugin 'hgts' ((built in)), which keeps it; remove one of the two "
                 "plugins from the search path, or give the claim to plugin 'duplicate-tag': --override-plugin "
                 "HGTS=duplicate-tag");
  // What it would have registered is known, for a verdict that needs it.
  BOOST_TEST_REQUIRE(duplicate.claims.has_value());
  BOOST_TEST((duplicate.claims->sections == std::vector{FourCC("DUPE"), FourCC("HGTS")}));
  const auto& undeclared = recordFor(host, "undeclared-kind.so");
  BOOST_TEST((undeclared.outcome == PluginOutcome::Refused));
  BOOST_TEST(undeclared.message ==
             "it registered an object of kind exporter but declares the kinds section; declare every kind it registers "
             "(isla_add_plugin KIND)");
  BOOST_TEST(!kernel->registry().exporter("nothing"));

  // All or nothing: the plugin's other tag was not registered either.
  BOOST_TEST(!kernel->registry().section(FourCC("DUPE")));
  BOOST_TEST(kernel->registry().section(FourCC("HGTS"))->plugin->name == "hgts");
}

BOOST_AUTO_TEST_CASE(files_that_are_not_libraries_and_repeats_are_reported) {
  TempDir dir;
  writeFile(dir / "garbage.so", toBytes("this is not an ELF file"));
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(pluginSearchPath({}, nullptr, dir.path(), true));
  const auto& garbage = recordFor(kernel.plugins(), "garbage.so");
  BOOST_TEST((garbage.outcome == PluginOutcome::Failed));
  BOOST_TEST(garbage.message.starts_with("cannot be loaded: "));

  const auto third = testPluginDirectory() / "third-party.so";
  BOOST_TEST((kernel.plugins().loadFile(third).outcome == PluginOutcome::Loaded));
  const auto& again = kernel.plugins().loadFile(third);
  BOOST_TEST((again.outcome == PluginOutcome::Repeated));
  BOOST_TEST(again.message == "already loaded from the same file");
}

BOOST_AUTO_TEST_CASE(a_missing_directory_is_noted_not_fatal) {
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(pluginSearchPath(std::vector<std::filesystem::path>{"/nonexistent/plugins"}, nullptr, "/x", false));
  BOOST_TEST(kernel.plugins().searchPath().size() == 1u);
  BOOST_TEST(!kernel.plugins().searchPath()[0].exists);
  BOOST_TEST(kernel.plugins().report().empty());
}

BOOST_AUTO_TEST_CASE(a_plugin_name_loaded_twice_is_refused) {
  Kernel kernel(shippedEnums());
  addBuiltinPlugins(kernel.plugins());
  const auto& second = kernel.plugins().addBuiltin(*builtinPlugins()[0]);
  BOOST_TEST((second.outcome == PluginOutcome::Refused));
  BOOST_TEST(second.message.find("is already loaded from (built in)") != std::string::npos);
}

// A directory of copies of test plugins, searched as the user's --plugin-dir.
struct PluginCopies {
  explicit PluginCopies(std::initializer_list<const char*> plugins) {
    for (const char* plugin : plugins) std::filesystem::copy_file(testPluginDirectory() / plugin, dir / plugin);
  }
  std::vector<SearchDirectory> searchPath() const {
    return pluginSearchPath(std::vector{dir.path()}, nullptr, {}, false);
  }
  TempDir dir;
};

// The shipped plugins (built in), then `copies`, with `overrides`.
std::unique_ptr<Kernel> shippedThen(const PluginCopies& copies, PluginOverrides overrides = {}) {
  auto kernel = std::make_unique<Kernel>(shippedEnums());
  kernel->plugins().setOverrides(std::move(overrides));
  addBuiltinPlugins(kernel->plugins());
  kernel->plugins().loadSearchPath(copies.searchPath());
  return kernel;
}

const PluginLoadRecord& builtinRecord(const PluginHost& host, std::string_view name) {
  for (const auto& record : host.report()) {
    if (record.plugin && record.plugin->name == name && record.origin == "built in") return record;
  }
  BOOST_FAIL("no built-in plugin " << name);
  throw;
}

BOOST_AUTO_TEST_CASE(a_later_claim_on_a_shipped_tag_is_refused_and_the_shipped_plugin_decodes_it) {
  const PluginCopies copies{"duplicate-tag.so"};
  const auto kernel = shippedThen(copies);
  BOOST_TEST((recordFor(kernel->plugins(), "duplicate-tag.so").outcome == PluginOutcome::Refused));
  BOOST_TEST(recordFor(kernel->plugins(), "duplicate-tag.so").origin == "--plugin-dir");
  BOOST_TEST(kernel->registry().section(FourCC("HGTS"))->plugin->name == "hgts");
  const auto result = load(encode(makeSample()).v2(), "island.dat", *kernel);
  BOOST_TEST(result.ok(), describe(result.diagnostics));
  BOOST_TEST(result.blueprint->role<HeightGrid>());
}

BOOST_AUTO_TEST_CASE(an_override_displaces_the_shipped_plugin_whole_and_the_heights_are_then_the_overriders) {
  const PluginCopies copies{"duplicate-tag.so"};
  const auto kernel = shippedThen(copies, {{"HGTS", "duplicate-tag"}});
  const auto& overrider = recordFor(kernel->plugins(), "duplicate-tag.so");
  BOOST_TEST((overrider.outcome == PluginOutcome::Loaded), overrider.message);
  const auto& displaced = builtinRecord(kernel->plugins(), "hgts");
  BOOST_TEST((displaced.outcome == PluginOutcome::Refused));
  BOOST_TEST(displaced.message == "displaced by plugin 'duplicate-tag' (" + overrider.file +
                                      "), which --override-plugin HGTS=duplicate-tag gives HGTS");
  BOOST_TEST_REQUIRE(displaced.claims.has_value());
  BOOST_TEST((displaced.claims->sections == std::vector{FourCC("HGTS")}));
  BOOST_TEST(kernel->registry().section(FourCC("HGTS"))->plugin->name == "duplicate-tag");
  BOOST_TEST(kernel->registry().section(FourCC("DUPE")));
  // Its codec fills no role: the blueprint is never valid with its heights undecoded.
  const auto result = load(encode(makeSample()).v2(), "island.dat", *kernel);
  BOOST_TEST(!result.ok());
  const auto* missing = result.diagnostics.find("role.missing");
  BOOST_TEST_REQUIRE(missing, describe(result.diagnostics));
  BOOST_TEST(missing->message == "no section fills the heights role, which every blueprint needs: none of the "
                                 "plugins that decoded its sections fills it (isla-tool plugins lists the role each "
                                 "fills)");
}

BOOST_AUTO_TEST_CASE(an_override_must_give_every_clashing_claim_or_nothing_is_displaced) {
  const PluginCopies copies{"duplicate-tag.so"};
  const auto kernel = shippedThen(copies, {{"DUPE", "duplicate-tag"}});  // its own tag, not HGTS
  BOOST_TEST((recordFor(kernel->plugins(), "duplicate-tag.so").outcome == PluginOutcome::Refused));
  BOOST_TEST((builtinRecord(kernel->plugins(), "hgts").outcome == PluginOutcome::Loaded));
  BOOST_TEST(!kernel->registry().section(FourCC("DUPE")));
}

BOOST_AUTO_TEST_CASE(an_override_naming_a_plugin_of_a_name_loaded_already_displaces_the_first) {
  const PluginCopies first{"heights-u16.so"};
  const PluginCopies second{"heights-u16.so"};  // another file, the same plugin name
  Kernel kernel(shippedEnums());
  kernel.plugins().setOverrides({{"HU16", "heights-u16"}});
  kernel.plugins().loadSearchPath(pluginSearchPath(std::vector{first.dir.path(), second.dir.path()}, nullptr, {}, false));
  const auto report = kernel.plugins().report();
  BOOST_TEST_REQUIRE(report.size() == 2u);
  BOOST_TEST((report[0].outcome == PluginOutcome::Refused));
  BOOST_TEST(report[0].message == "displaced by the plugin of the same name in " + report[1].file +
                                      ", which --override-plugin names");
  BOOST_TEST((report[1].outcome == PluginOutcome::Loaded));
  BOOST_TEST(kernel.registry().section(FourCC("HU16"))->plugin->file == report[1].file);
}

BOOST_AUTO_TEST_CASE(a_third_party_section_decodes_without_rebuilding_the_kernel) {
  const auto kernel = kernelWithTestPlugins();
  auto builder = encode(makeSample());
  builder.insert(3, FourCC("XTRA"), u32Values({7, 8, 9}));
  const auto result = load(builder.v2(), "third.dat", *kernel);
  BOOST_TEST_REQUIRE(result.ok(), describe(result.diagnostics));
  const auto* values = result.blueprint->get<Table>(FourCC("XTRA"));
  BOOST_TEST_REQUIRE(values);
  BOOST_TEST(values->rows.size() == 3u);
  BOOST_TEST(values->rows[2].as<std::int32_t>("value") == 9);
}

BOOST_AUTO_TEST_CASE(a_library_stays_loaded_while_anything_it_made_lives) {
  std::shared_ptr<const Blueprint> blueprint;
  {
    const auto kernel = kernelWithTestPlugins();
    auto builder = encode(makeSample());
    builder.add(FourCC("XTRA"), u32Values({1, 2}));
    blueprint = load(builder.v2(), "keep.dat", *kernel).blueprint;
  }  // the kernel, its registry and host are gone
  const Section* section = blueprint->find(FourCC("XTRA"));
  BOOST_TEST_REQUIRE(section);
  const auto enums = shippedEnums();
  const auto summary = section->codec->summarize(section->content, {enums, {}});
  BOOST_TEST(summary.brief == "2 values");
}

BOOST_AUTO_TEST_CASE(a_plugin_that_throws_mid_parse_is_an_error_naming_it) {
  const auto kernel = kernelWithTestPlugins();
  auto builder = encode(makeSample());
  builder.add(FourCC("BOOM"), u32Values({1}));
  const auto result = load(builder.v2(), "boom.dat", *kernel);
  BOOST_TEST(!result.ok());
  const auto* d = result.diagnostics.find("plugin.threw");
  BOOST_TEST_REQUIRE(d, describe(result.diagnostics));
  BOOST_TEST(d->message == "plugin 'third-party' threw while decoding: internal table overflow");
  BOOST_TEST(d->file == "boom.dat");
  BOOST_TEST(d->tag->text() == "BOOM");
  BOOST_TEST(*d->offset == builder.offsetOf(FourCC("BOOM")) + 12);
  BOOST_TEST((result.blueprint->find(FourCC("BOOM"))->status == SectionStatus::Failed));
}

BOOST_AUTO_TEST_SUITE_END()
