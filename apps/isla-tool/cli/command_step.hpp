// SPDX-License-Identifier: MIT
// A step of a command whose output appears whole or not at all: a failure
// to read or write (IoError), to encode a blueprint (EncodeError) or in a
// plugin (PluginError) becomes the command's error (exit 1), its message
// followed by what the failure left, as every command says it.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include <isla/base/io_error.hpp>
#include <isla/container/blueprint_writer.hpp>
#include <isla/plugin/plugin_call.hpp>

#include "cli/invocation.hpp"

namespace isla::cli {

inline constexpr std::string_view kNothingWritten = "nothing was written";

// Runs `step`; `outcome` ("nothing was written", or empty for a check made
// before anything could be) follows a failure's message after "; ".
template <class Step>
decltype(auto) commandStep(Step&& step, std::string_view outcome = kNothingWritten) {
  const auto fail = [outcome](const std::exception& error) {
    std::string message = error.what();
    if (!outcome.empty()) message.append("; ").append(outcome);
    return CommandError(message);
  };
  try {
    return std::forward<Step>(step)();
  } catch (const IoError& error) {
    throw fail(error);
  } catch (const EncodeError& error) {
    throw fail(error);
  } catch (const PluginError& error) {
    throw fail(error);
  }
}

}  // namespace isla::cli
