// SPDX-License-Identifier: MIT
#include "view/open_browser.hpp"

#include <cstdlib>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>

extern char** environ;

namespace isla::view {

bool hasDisplay() {
  for (const char* name : {"DISPLAY", "WAYLAND_DISPLAY"}) {
    if (const char* value = std::getenv(name); value && *value) return true;
  }
  return false;
}

bool openBrowser(const std::string& url) {
  // The child is never waited for: SIGCHLD ignored lets the system reap it.
  ::signal(SIGCHLD, SIG_IGN);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
  std::string program = "xdg-open";
  std::string argument = url;
  char* argv[] = {program.data(), argument.data(), nullptr};
  pid_t child = 0;
  const int error = posix_spawnp(&child, "xdg-open", &actions, nullptr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  return error == 0;
}

}  // namespace isla::view
