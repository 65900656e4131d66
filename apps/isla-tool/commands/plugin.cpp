// SPDX-License-Identifier: MIT
// isla-tool plugin new NAME --kind section|validator|exporter [DIR]: a
// plugin project that builds against this isla-tool's install, with a
// passing test and a README, as `cargo new` starts a crate. The projects are
// the installed templates (share/isla-tool/plugin-templates) with the
// plugin's names filled in.
#include <cctype>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include <isla/base/install_layout.hpp>
#include <isla/publish/file_writer.hpp>
#include <isla/publish/staged_directory.hpp>

#include "cli/command_step.hpp"
#include "commands/commands.hpp"

namespace isla::cli {

namespace {

namespace fs = std::filesystem;

// What the templates' @KEY@ stand for.
using Words = std::map<std::string, std::string>;

// A plugin's name is its file's and its folder's: lower-case words joined by '-'.
bool isPluginName(const std::string& name) {
  if (name.empty() || !std::islower(static_cast<unsigned char>(name.front())) || name.back() == '-') return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const auto c = static_cast<unsigned char>(name[i]);
    const bool doubleDash = c == '-' && name[i - 1] == '-';
    if (!(std::islower(c) || std::isdigit(c) || c == '-') || doubleDash) return false;
  }
  return true;
}

// "my-heights" -> "MyHeights"
std::string className(const std::string& name) {
  std::string out;
  bool upper = true;
  for (const char c : name) {
    if (c == '-') {
      upper = true;
      continue;
    }
    out += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return out;
}

// "my-heights" -> "My heights"
std::string title(const std::string& name) {
  std::string out = name;
  for (char& c : out) c = c == '-' ? ' ' : c;
  out.front() = static_cast<char>(std::toupper(static_cast<unsigned char>(out.front())));
  return out;
}

// The name's first four letters and digits, upper case, padded with X: "my-heights" -> "MYHE".
std::string defaultTag(const std::string& name) {
  std::string tag;
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) && tag.size() < 4) {
      tag += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    }
  }
  return tag + std::string(4 - tag.size(), 'X');
}

bool isTag(const std::string& tag) {
  if (tag.size() != 4) return false;
  for (const char c : tag) {
    if (!std::isupper(static_cast<unsigned char>(c)) && !std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

std::string readTemplate(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in) {
    throw CommandError("cannot read the plugin template " + file.string() +
                       "; the installation is incomplete (install isla-tool again)");
  }
  return text.str();
}

std::string filledIn(std::string text, const Words& words) {
  for (const auto& [key, word] : words) {
    const std::string marker = "@" + key + "@";
    for (auto at = text.find(marker); at != std::string::npos; at = text.find(marker, at + word.size())) {
      text.replace(at, marker.size(), word);
    }
  }
  return text;
}

void writeText(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  FileWriter out = FileWriter::create(file, FileWriter::Digest::None);
  out.write(text);
  out.close();
}

}  // namespace

int runPlugin(Invocation& invocation) {
  po::options_description options("plugin");
  options.add_options()
      ("action", po::value<std::string>(), "new: start a plugin project")
      ("name", po::value<std::string>(), "the plugin's name: lower-case letters, digits and '-' (its .so's name)")
      ("directory", po::value<std::string>(), "where to make the project (default: ./NAME); must not exist")
      ("kind", po::value<std::string>(), "section, validator or exporter")
      ("tag", po::value<std::string>(),
       "a section plugin's tag: four upper-case letters or digits (default: from the name)");
  po::positional_options_description positional;
  positional.add("action", 1).add("name", 1).add("directory", 1);
  if (!invocation.parse(options, positional)) return 0;
  const auto& values = invocation.values();
  const auto given = [&](const char* option) {
    return values.count(option) ? values[option].as<std::string>() : std::string();
  };
  if (given("action") != "new") throw UsageError("give an action: new");
  const std::string name = given("name"), kind = given("kind");
  if (!isPluginName(name)) {
    throw UsageError("plugin new needs a plugin name of lower-case letters, digits and single '-' starting with a "
                     "letter, not '" + name + "'");
  }
  if (kind != "section" && kind != "validator" && kind != "exporter") {
    throw UsageError("--kind takes section, validator or exporter, not '" + kind + "'");
  }
  const std::string tag = values.count("tag") ? given("tag") : defaultTag(name);
  if (kind != "section" && values.count("tag")) throw UsageError("--tag goes with --kind section");
  if (!isTag(tag)) throw UsageError("--tag takes four upper-case letters or digits, not '" + tag + "'");

  const fs::path templates = dataDirectory() / "plugin-templates";
  const fs::path prefix = executableDirectory().parent_path();
  const std::string version = ISLA_VERSION;  // the package's: find_package(IslaTool MAJOR.MINOR)
  std::string ident = name;
  for (char& c : ident) c = c == '-' ? '_' : c;
  Words words{{"NAME", name},
              {"IDENT", ident},
              {"CLASS", className(name)},
              {"TITLE", title(name)},
              {"TAG", tag},
              {"KIND", kind},
              {"PREFIX", prefix.string()},
              {"VERSION", version.substr(0, version.rfind('.'))},
              {"LIBRARIES", kind == "exporter" ? " LIBRARIES isla::world" : ""}};
  words.emplace("ABOUT", filledIn(readTemplate(templates / kind / "about.md.in"), words));
  // The project's files, from their templates.
  const std::pair<fs::path, fs::path> files[] = {
      {"CMakeLists.txt", templates / "CMakeLists.txt.in"},
      {"README.md", templates / "README.md.in"},
      {ident + ".cpp", templates / kind / "plugin.cpp.in"},
      {fs::path("test") / (ident + "_test.cpp"), templates / kind / "plugin_test.cpp.in"},
  };
  const fs::path directory = values.count("directory") ? fs::path(given("directory")) : fs::path(name);
  commandStep([&] {
    StagedDirectory::checkTarget(directory);
    StagedDirectory project(directory);
    for (const auto& [file, from] : files) writeText(project.stage() / file, filledIn(readTemplate(from), words));
    project.commit();
  });
  std::cout << "made " << directory.string() << ": the " << kind << " plugin " << name
            << (kind == "section" ? " (section " + tag + ")" : "") << "; build, test and load it with\n"
            << "  cmake -S " << directory.string() << " -B " << (directory / "build").string()
            << " -DCMAKE_PREFIX_PATH=" << prefix.string() << "\n"
            << "  cmake --build " << (directory / "build").string() << " && ctest --test-dir "
            << (directory / "build").string() << "\n"
            << "  isla-tool --plugin-dir " << (directory / "build").string() << " plugins\n";
  return 0;
}

}  // namespace isla::cli
