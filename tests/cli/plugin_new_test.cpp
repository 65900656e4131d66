// SPDX-License-Identifier: MIT
// `isla-tool plugin new`: the project it writes, every word of the
// templates filled in, and the mistakes it refuses. Building and running
// the projects against an install is tests/install/plugin_scaffold.sh's.
#include <boost/test/unit_test.hpp>

#include <cctype>
#include <fstream>
#include <sstream>

#include "text_files.hpp"
#include "tool_runner.hpp"

using namespace isla::test;
namespace fs = std::filesystem;

namespace {

std::string text(const fs::path& file) {
  std::ostringstream out;
  out << std::ifstream(file).rdbuf();
  return out.str();
}

}  // namespace

BOOST_AUTO_TEST_SUITE(plugin_new)

BOOST_AUTO_TEST_CASE(each_kind_is_a_project_with_its_names_filled_in) {
  TempDir dir;
  const std::string prefix = toolPath().parent_path().parent_path().string();
  for (const std::string kind : {"section", "validator", "exporter"}) {
    const fs::path project = dir / ("lake-" + kind);
    const ToolRun run = runTool({"plugin", "new", "lake-" + kind, "--kind", kind, project.string()});
    BOOST_TEST_REQUIRE(run.exitCode == 0, run.err);
    BOOST_TEST(run.out.starts_with("made " + project.string() + ": the " + kind + " plugin lake-" + kind), run.out);
    const std::string source = text(project / ("lake_" + kind + ".cpp"));
    const std::string cmake = text(project / "CMakeLists.txt");
    const std::string readme = text(project / "README.md");
    const std::string test = text(project / "test" / ("lake_" + kind + "_test.cpp"));
    for (const std::string* file : {&source, &cmake, &readme, &test}) {
      BOOST_TEST(!file->empty());
      for (const char* word : {"@NAME@", "@IDENT@", "@CLASS@", "@TAG@", "@KIND@", "@PREFIX@", "@ABOUT@"}) {
        BOOST_TEST(!contains(*file, word), kind << " left " << word);
      }
    }
    BOOST_TEST(contains(cmake, "isla_add_plugin(NAME lake-" + kind + " KIND " + kind + " SOURCES lake_" + kind +
                                   ".cpp TESTS test/lake_" + kind + "_test.cpp"));
    BOOST_TEST(contains(cmake, "find_package(IslaTool 0.1 REQUIRED)"));
    BOOST_TEST(contains(cmake, "LIBRARIES isla::world") == (kind == "exporter"));
    BOOST_TEST(contains(readme, "cmake -S . -B build -DCMAKE_PREFIX_PATH=" + prefix + "\n"));
    BOOST_TEST(contains(source, "class Lake" + std::string(1, static_cast<char>(std::toupper(kind[0]))) +
                                    kind.substr(1)));
  }
  // A section's tag: from the name, or given.
  BOOST_TEST(contains(text(dir / "lake-section" / "lake_section.cpp"), "isla::FourCC(\"LAKE\")"));
  BOOST_TEST(runTool({"plugin", "new", "depths", "--kind", "section", "--tag", "LKD2", (dir / "d").string()}).exitCode ==
             0);
  BOOST_TEST(contains(text(dir / "d" / "depths.cpp"), "isla::FourCC(\"LKD2\")"));
}

BOOST_AUTO_TEST_CASE(mistakes_are_refused_and_write_nothing) {
  TempDir dir;
  const auto refused = [&](const std::vector<std::string>& arguments, int code, const std::string& message) {
    std::vector<std::string> command{"plugin", "new"};
    command.insert(command.end(), arguments.begin(), arguments.end());
    const ToolRun run = runTool(command);
    BOOST_TEST(run.exitCode == code, arguments.front());
    BOOST_TEST(contains(run.err, message), run.err);
  };
  const std::string into = (dir / "p").string();
  refused({"Lake", "--kind", "section", into}, 2,
          "plugin new needs a plugin name of lower-case letters, digits and single '-' starting with a letter, not "
          "'Lake'");
  refused({"lake--x", "--kind", "section", into}, 2, "not 'lake--x'");
  refused({"lake", "--kind", "reader", into}, 2, "--kind takes section, validator or exporter, not 'reader'");
  refused({"lake", "--kind", "section", "--tag", "lake", into}, 2,
          "--tag takes four upper-case letters or digits, not 'lake'");
  refused({"lake", "--kind", "validator", "--tag", "LAKE", into}, 2, "--tag goes with --kind section");
  BOOST_TEST(!fs::exists(dir / "p"));
  fs::create_directory(dir / "p");
  refused({"lake", "--kind", "section", into}, 1,
          "isla-tool: error: '" + into + "' already exists; choose another output directory or remove it first; "
          "nothing was written\n");
  BOOST_TEST(fs::is_empty(dir / "p"));
  BOOST_TEST(runTool({"plugin", "old"}).exitCode == 2);
}

BOOST_AUTO_TEST_SUITE_END()
