// SPDX-License-Identifier: MIT
// isla-tool: a thin command line over the kernel. Options shared by every
// command may come before or after the command name.
#include <iostream>
#include <algorithm>

#include <isla/base/allocator_reuse.hpp>
#include <isla/base/interrupt.hpp>
#include <isla/base/io_error.hpp>
#include <isla/base/printable_text.hpp>

#include "commands/commands.hpp"

namespace {

using isla::cli::CommandInfo;
using isla::cli::Invocation;

struct Command {
  CommandInfo info;
  int (*run)(Invocation&);
};

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {{"run", isla::cli::runSynopsis(),
        "Run a job: 'run compile' makes a world package from a layout of blueprints, or one shard of it, 'run "
        "assemble' the package of the shards."},
       isla::cli::runRun},
      {{"export",
        "export FILE.dat OUTDIR [--exporter NAME] [--option KEY=VALUE]... [--jobs N] [--quiet] [--height-scale M] "
        "[--cache DIR [--cache-max-bytes N]]",
        "Export one blueprint as a one-source world through an exporter (default settings, --height-scale's scale)."},
       isla::cli::runExport},
      {{"plugins", "plugins [--json] [--options EXPORTER]",
        "List the plugin search path, every plugin file and what each registered (or one exporter's options)."},
       isla::cli::runPlugins},
      {{"plugin", "plugin new NAME --kind section|validator|exporter [DIR] [--tag TAG]",
        "Start a plugin project that builds against this install, with a passing test and a README."},
       isla::cli::runPlugin},
      {{"inspect", "inspect FILE.dat [--json] [--verbose]",
        "Show a blueprint's format, MapSize, params and sections."},
       isla::cli::runInspect},
      {{"validate",
        "validate FILE.dat|BUNDLE.zip... [--only NAME] [--skip NAME] | PACKAGE_DIR|WORLD.json [--sources LAYOUT.json] "
        "[--json] [--strict]",
        "Check blueprints (bare or in viewer bundles) against every reader rule and the validator plugins, or a world package against its format."},
       isla::cli::runValidate},
      {{"convert", "convert IN.dat OUT.dat [--keep-provenance] [--overwrite]",
        "Write a blueprint (v2 or legacy v1) as v2, keeping every section's bytes."},
       isla::cli::runConvert},
      {{"diff", "diff A B [--json] [--expect-same TAGS] [--expect-changed TAGS] [--tolerance TAG=VALUE]... [--image OUT.png]",
        "Compare two blueprints section by section: what changed and how much, and whether expectations held."},
       isla::cli::runDiff},
      {{"synth", "synth --seed S --size N --out FILE.dat [--bundle OUT.zip] [--v1] [--towns N] [--lakes N] [--overwrite] ...",
        "Generate a deterministic sample blueprint (an island with water, towns and roads), or a viewer bundle of one."},
       isla::cli::runSynth},
      {{"bundle", "bundle make OUT.zip --blueprint FILE.dat [--catalogue F] [--vegetation F] [--metadata F | --bundle-id ID] [--runtime F] [--overwrite]",
        "Make a viewer bundle (a ZIP source for 'run compile') from a blueprint and its JSON members."},
       isla::cli::runBundle},
      {{"view",
        "view PATH [--port N] [--bind ADDRESS] [--no-open] [--watch] [--exaggeration auto|N] [--jobs N] [--quiet]",
        "Look at a world in the browser: serve a 3D Tiles export, or a layout or blueprint compiled to one, with a 3D viewer page."},
       isla::cli::runView},
      {{"cache", "cache stats|clear DIR [--json]",
        "Say what a patch cache (run compile --cache DIR) holds, or remove every entry of it."},
       isla::cli::runCache},
  };
  return all;
}

void printUsage(std::ostream& out) {
  out << "Usage: isla-tool [--plugin-dir DIR]... COMMAND [OPTIONS] [ARGS]\n\nCommands:\n";
  for (const auto& command : commands()) {
    out << "  " << command.info.name << std::string(10 - command.info.name.size(), ' ')
        << command.info.summary << "\n";
  }
  out << "\nRun 'isla-tool COMMAND --help' for a command's options.\n";
}

// Shared options that take a value, so that "--plugin-dir DIR" before the
// command is not mistaken for it.
bool takesValue(const std::string& argument) {
  if (argument.find('=') != std::string::npos) return false;
  const auto shared = isla::cli::sharedOptions();
  for (const auto& option : shared.options()) {
    if ("--" + option->long_name() == argument) return option->semantic()->max_tokens() > 0;
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  isla::installInterruptHandlers("isla-tool");
  isla::keepFreedMemoryForReuse();
  std::vector<std::string> before, after;
  const Command* command = nullptr;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (command) {
      after.push_back(argument);
    } else if (argument.starts_with("-")) {
      before.push_back(argument);
      if (takesValue(argument) && i + 1 < argc) before.push_back(argv[++i]);
    } else {
      for (const auto& candidate : commands()) {
        if (candidate.info.name == argument) command = &candidate;
      }
      if (!command) {
        std::cerr << "isla-tool: unknown command '" << isla::printableText(argument) << "'\n\n";
        printUsage(std::cerr);
        return 2;
      }
    }
  }
  if (!command) {
    const bool help = std::find(before.begin(), before.end(), "--help") != before.end() ||
                      std::find(before.begin(), before.end(), "-h") != before.end();
    if (std::find(before.begin(), before.end(), "--version") != before.end()) {
      std::cout << "isla-tool " << ISLA_VERSION << " (" << ISLA_GIT_HASH << ")\n";
      return 0;
    }
    printUsage(help ? std::cout : std::cerr);
    return help ? 0 : 2;
  }
  before.insert(before.end(), after.begin(), after.end());
  Invocation invocation(command->info, std::move(before));
  try {
    return command->run(invocation);
  } catch (const isla::cli::UsageError& error) {
    std::cerr << "isla-tool " << command->info.name << ": " << isla::printableText(error.what()) << "\nUsage: isla-tool "
              << command->info.synopsis << "\n";
    return 2;
  } catch (const isla::cli::CommandError& error) {
    std::cerr << "isla-tool: error: " << isla::printableText(error.what()) << "\n";
    return 1;
  } catch (const isla::Interrupted& error) {
    // The stages have unwound away by now.
    isla::endInterrupted(error.signal());
  } catch (const std::exception& error) {
    std::cerr << "isla-tool: error: " << isla::printableText(error.what()) << "\n";
    return 1;
  }
}
