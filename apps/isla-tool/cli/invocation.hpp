// SPDX-License-Identifier: MIT
// One run of one command: its arguments, the options every command shares
// (plugin search path, enum table, units), and the kernel they set up.
#pragma once

#include <boost/program_options.hpp>

#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <isla/kernel.hpp>
#include <isla/plugin/options.hpp>

namespace isla::cli {

namespace po = boost::program_options;

// A mistake in how the command was called: exit 2 with a hint.
class UsageError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The command could not do its work (bad input, I/O): exit 1.
class CommandError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CommandInfo {
  std::string name;
  std::string synopsis;  // "inspect FILE.dat [--json]"
  std::string summary;   // one line for the command list
};

class Invocation {
 public:
  Invocation(CommandInfo command, std::vector<std::string> arguments);

  // Which plugin-declared options this command accepts, once plugins load.
  using PluginOptions = std::function<std::vector<OptionSpec>(const Kernel&)>;

  // Parses the shared options first (so that plugins load and can declare
  // their own), then everything. Returns false when --help was printed.
  bool parse(const po::options_description& commandOptions,
             const po::positional_options_description& positional,
             const PluginOptions& pluginOptions = {});

  const po::variables_map& values() const { return values_; }
  // The plugin-declared options given, as text: the kernel resolves them.
  const OptionText& pluginValues() const { return pluginValues_; }
  Kernel& kernel() { return *kernel_; }
  const CommandInfo& command() const { return command_; }

 private:
  void setUpKernel(const po::variables_map& shared);

  CommandInfo command_;
  std::vector<std::string> arguments_;
  po::variables_map values_;
  OptionText pluginValues_;
  std::unique_ptr<Kernel> kernel_;
};

// The options the loaded blueprint validators declare.
std::vector<OptionSpec> validatorOptions(const Kernel& kernel);

// The options every command accepts.
po::options_description sharedOptions();

}  // namespace isla::cli
