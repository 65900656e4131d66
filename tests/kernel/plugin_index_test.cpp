// SPDX-License-Identifier: MIT
// Plugins loaded when first needed (plugin_index.hpp): an index round-trips,
// one that cannot be used says why and costs nothing but time, and a
// plugin it describes waits until a lookup needs it, as GDAL's deferred
// drivers do; a file that changed since it was indexed loads at start.
#include <boost/test/unit_test.hpp>

#include <isla/plugin/builtin_plugins.hpp>
#include <isla/plugin/plugin_host.hpp>
#include <isla/plugin/plugin_index.hpp>

#include <thread>

#include "blueprint_builder.hpp"
#include "test_kernel.hpp"
#include "tool_runner.hpp"

using namespace isla;
using namespace isla::test;

namespace {

std::vector<SearchDirectory> only(const std::filesystem::path& directory) {
  return pluginSearchPath(std::vector{directory}, nullptr, {}, false);
}

// A directory holding copies of test plugins and the index of them.
struct IndexedDirectory {
  TempDir dir;
  explicit IndexedDirectory(std::initializer_list<const char*> plugins) {
    for (const char* plugin : plugins) std::filesystem::copy_file(testPluginDirectory() / plugin, dir / plugin);
    Kernel indexing(shippedEnums());
    indexing.plugins().loadSearchPath(only(dir.path()), false);
    const auto indexed = indexing.plugins().indexOfLoaded();
    writeFile(dir / kPluginIndexName, toBytes(pluginIndexText(indexed)));
  }
};

std::string indexProblem(std::string_view text) {
  std::string problem;
  BOOST_TEST(!parsePluginIndex(text, problem));
  return problem;
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plugin_index)

BOOST_AUTO_TEST_CASE(an_index_round_trips_every_field) {
  const OptionSpec range{.name = "height-range", .type = OptionType::Numbers, .help = "MIN:MAX",
                         .defaultValue = "-2:8", .min = -5.0, .max = 1e9, .choices = {}, .count = 2,
                         .separator = ':'};
  const OptionSpec mode{.name = "mode", .type = OptionType::Choice, .help = "which",
                        .defaultValue = "", .min = {}, .max = {}, .choices = {"a", "b"}};
  const std::vector<IndexedPlugin> plugins{
      {.file = "z.so", .stamp = {12345, 1'700'000'000'123'456'789}, .name = "zed", .version = "2.0.0",
       .description = "checks \"things\"", .kinds = kValidatorPlugin, .sections = {},
       .validators = {{"terrain", {range, mode}}}, .exporters = {}, .packageValidators = {}},
      {.file = "a.so", .stamp = {7, 1}, .name = "alpha", .version = "1.0.0", .description = "", .kinds = kSectionPlugin,
       .sections = {FourCC("HGTS"), FourCC(0x01020304)}, .validators = {}, .exporters = {}, .packageValidators = {}}};
  const std::string text = pluginIndexText(plugins);
  std::string problem;
  const auto read = parsePluginIndex(text, problem);
  BOOST_TEST_REQUIRE(read.has_value(), problem);
  BOOST_TEST_REQUIRE(read->size() == 2u);
  const IndexedPlugin& alpha = (*read)[0];  // by file name
  BOOST_TEST(alpha.file == "a.so");
  BOOST_TEST((alpha.stamp == FileStamp{7, 1}));
  BOOST_TEST((alpha.sections == std::vector{FourCC("HGTS"), FourCC(0x01020304)}));
  const IndexedPlugin& zed = (*read)[1];
  BOOST_TEST(zed.stamp.modifiedNs == 1'700'000'000'123'456'789);
  BOOST_TEST(zed.description == "checks \"things\"");
  BOOST_TEST(zed.kinds == kValidatorPlugin);
  BOOST_TEST_REQUIRE(zed.validators.size() == 1u);
  const auto& options = zed.validators[0].options;
  BOOST_TEST_REQUIRE(options.size() == 2u);
  BOOST_TEST(acceptedValues(options[0]) == acceptedValues(range));
  BOOST_TEST(options[0].separator == ':');
  BOOST_TEST(options[0].defaultValue == "-2:8");
  BOOST_TEST(!options[1].min.has_value());
  BOOST_TEST(acceptedValues(options[1]) == "one of a, b");
  BOOST_TEST(pluginIndexText(*read) == text);
}

BOOST_AUTO_TEST_CASE(an_index_that_cannot_be_used_says_why) {
  BOOST_TEST(indexProblem("{").starts_with("not JSON: "));
  BOOST_TEST(indexProblem(R"({"format": "something-else", "format_version": 1})") ==
             "not a plugin index of format version 1");
  BOOST_TEST(indexProblem(R"({"format": "isla-tool.plugin-index", "format_version": 1, "api_version": 4})") ==
             "written for plugin API version 4, not " + std::to_string(kPluginApiVersion));
  const std::string entry = R"({"file": "../x.so", "bytes": 1, "modified_ns": 1, "name": "x", "version": "1",
    "description": "", "kinds": 1, "sections": [], "validators": [], "exporters": [], "package_validators": []})";
  const std::string api = std::to_string(kPluginApiVersion);
  BOOST_TEST(indexProblem(R"({"format": "isla-tool.plugin-index", "format_version": 1, "api_version": )" + api +
                          R"(, "plugins": [)" + entry + "]}") ==
             "malformed: an entry's file '../x.so' is not a name in the directory");
  BOOST_TEST(indexProblem(R"({"format": "isla-tool.plugin-index", "format_version": 1, "api_version": )" + api +
                          R"(, "plugins": [{"file": "x.so"}]})")
                 .starts_with("malformed: "));
}

BOOST_AUTO_TEST_CASE(an_indexed_plugin_waits_until_a_lookup_needs_it) {
  const IndexedDirectory directory{"heights-u16.so"};
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(only(directory.dir.path()));
  const auto& record = recordFor(kernel.plugins(), "heights-u16.so");
  BOOST_TEST((record.outcome == PluginOutcome::Deferred));
  BOOST_TEST(record.message == "listed in its directory's plugins.index.json; loaded when first needed");
  // Named without loading it (what a shard's record says of its plugins).
  const auto providers = kernel.registry().providers(kSectionPlugin);
  BOOST_TEST_REQUIRE(providers.size() == 1u);
  BOOST_TEST(providers[0]->name == "heights-u16");
  BOOST_TEST(kernel.registry().provider(kSectionPlugin, "HU16") == providers[0]);
  BOOST_TEST((record.outcome == PluginOutcome::Deferred));

  BOOST_TEST(!kernel.registry().exporter("nothing"));  // another kind loads nothing
  BOOST_TEST((record.outcome == PluginOutcome::Deferred));
  const auto* codec = kernel.registry().section(FourCC("HU16"));
  BOOST_TEST_REQUIRE(codec);
  BOOST_TEST(codec->plugin->name == "heights-u16");
  BOOST_TEST((record.outcome == PluginOutcome::Loaded));
  BOOST_TEST(kernel.plugins().report().size() == 1u);  // the record was updated, not added
}

BOOST_AUTO_TEST_CASE(threads_that_look_up_at_once_load_it_once) {
  const IndexedDirectory directory{"heights-u16.so", "duplicate-tag.so"};
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(only(directory.dir.path()));
  std::vector<const Registration<SectionCodec>*> found(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < found.size(); ++i) {
    threads.emplace_back([&, i] { found[i] = kernel.registry().section(i % 2 ? FourCC("HU16") : FourCC("DUPE")); });
  }
  for (auto& thread : threads) thread.join();
  for (std::size_t i = 0; i < found.size(); ++i) BOOST_TEST((found[i] && found[i] == found[i % 2]));
  BOOST_TEST(kernel.registry().sections().size() == 3u);  // HU16, and duplicate-tag's HGTS and DUPE
  BOOST_TEST(kernel.plugins().report().size() == 2u);
}

BOOST_AUTO_TEST_CASE(a_file_changed_since_it_was_indexed_loads_at_start) {
  const IndexedDirectory directory{"heights-u16.so"};
  const auto file = directory.dir / "heights-u16.so";
  std::filesystem::last_write_time(file, std::filesystem::last_write_time(file) + std::chrono::seconds(1));
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(only(directory.dir.path()));
  BOOST_TEST((recordFor(kernel.plugins(), "heights-u16.so").outcome == PluginOutcome::Loaded));
}

BOOST_AUTO_TEST_CASE(a_damaged_index_is_not_used_and_said_so) {
  const IndexedDirectory directory{"heights-u16.so"};
  writeFile(directory.dir / kPluginIndexName, toBytes("{\"format\": "));
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(only(directory.dir.path()));
  const auto& index = recordFor(kernel.plugins(), kPluginIndexName);
  BOOST_TEST((index.outcome == PluginOutcome::Skipped));
  BOOST_TEST(index.message.starts_with("not used (not JSON: "), index.message);
  BOOST_TEST(index.message.ends_with("): every plugin of its directory was loaded at start; index it again with "
                                     "isla-tool plugins --write-index " + directory.dir.path().string()),
             index.message);
  BOOST_TEST((recordFor(kernel.plugins(), "heights-u16.so").outcome == PluginOutcome::Loaded));
}

BOOST_AUTO_TEST_CASE(a_deferred_plugin_that_cannot_load_when_needed_is_an_error_naming_it) {
  // An index that describes a file as it is, which no longer loads (a
  // library it needs was removed since): written by hand, since a file
  // this process once loaded stays loaded (RTLD_NODELETE).
  TempDir dir;
  const auto file = dir / "broken.so";
  writeFile(file, toBytes("not an ELF file any more"));
  const IndexedPlugin broken{.file = "broken.so", .stamp = *fileStamp(file), .name = "broken", .version = "1.0.0",
                             .description = "", .kinds = kSectionPlugin, .sections = {FourCC("BRKN")},
                             .validators = {}, .exporters = {}, .packageValidators = {}};
  writeFile(dir / kPluginIndexName, toBytes(pluginIndexText(std::vector{broken})));
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(only(dir.path()));
  BOOST_TEST((recordFor(kernel.plugins(), "broken.so").outcome == PluginOutcome::Deferred));
  std::string message;
  try {
    kernel.registry().section(FourCC("BRKN"));
  } catch (const DeferredPluginError& error) {
    message = error.what();
  }
  BOOST_TEST(message.starts_with("plugin 'broken' (" + file.string() + "), which its directory's "
                                 "plugins.index.json lists, cannot be loaded now: cannot be loaded: "),
             message);
  BOOST_TEST(message.ends_with(" (isla-tool plugins says why; once it loads, index its directory again: "
                               "isla-tool plugins --write-index DIR)"),
             message);
  BOOST_TEST((recordFor(kernel.plugins(), "broken.so").outcome == PluginOutcome::Failed));
  BOOST_TEST(!kernel.registry().section(FourCC("BRKN")));  // tried once
}

BOOST_AUTO_TEST_CASE(a_deferred_plugin_keeps_what_it_declares_as_if_it_had_loaded_first) {
  const IndexedDirectory directory{"duplicate-tag.so"};
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(only(directory.dir.path()));
  addBuiltinPlugins(kernel.plugins());  // the built-in hgts claims HGTS after it
  const auto refused = std::find_if(kernel.plugins().report().begin(), kernel.plugins().report().end(),
                                    [](const auto& r) { return r.plugin && r.plugin->name == "hgts"; });
  BOOST_TEST_REQUIRE((refused != kernel.plugins().report().end()));
  BOOST_TEST((refused->outcome == PluginOutcome::Refused));
  BOOST_TEST(refused->message == "section tag HGTS is claimed by plugin 'hgts' ((built in)) and already registered "
                                 "by plugin 'duplicate-tag' (" + (directory.dir / "duplicate-tag.so").string() +
                                 "), which keeps it; remove one of the two plugins from the search path, or give "
                                 "the claim to plugin 'hgts': --override-plugin HGTS=hgts");
  BOOST_TEST(kernel.registry().section(FourCC("HGTS"))->plugin->name == "duplicate-tag");
}

BOOST_AUTO_TEST_CASE(a_second_copy_of_a_deferred_plugin_is_refused_naming_the_first) {
  const IndexedDirectory first{"heights-u16.so"};
  const IndexedDirectory second{"heights-u16.so"};  // another file, the same plugin name
  Kernel kernel(shippedEnums());
  const std::vector directories{first.dir.path(), second.dir.path()};
  kernel.plugins().loadSearchPath(pluginSearchPath(directories, nullptr, {}, false));
  const auto report = kernel.plugins().report();
  BOOST_TEST_REQUIRE(report.size() == 2u);
  BOOST_TEST((report[0].outcome == PluginOutcome::Deferred));
  BOOST_TEST((report[1].outcome == PluginOutcome::Refused));
  BOOST_TEST(report[1].message == "a plugin named 'heights-u16' is already loaded from " +
                                      (first.dir / "heights-u16.so").string());
}

BOOST_AUTO_TEST_CASE(a_plugin_of_several_kinds_is_loaded_at_start) {
  const IndexedDirectory directory{"third-party.so"};
  Kernel kernel(shippedEnums());
  kernel.plugins().loadSearchPath(only(directory.dir.path()));
  BOOST_TEST((recordFor(kernel.plugins(), "third-party.so").outcome == PluginOutcome::Loaded));
}

BOOST_AUTO_TEST_SUITE_END()
