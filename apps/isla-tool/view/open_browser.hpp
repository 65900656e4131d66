// SPDX-License-Identifier: MIT
// Opens a URL in the user's browser (xdg-open) when there is a display.
#pragma once

#include <string>

namespace isla::view {

// Whether DISPLAY or WAYLAND_DISPLAY is set.
bool hasDisplay();

// Starts xdg-open URL, its output discarded, without waiting for it;
// returns false when it could not be started.
bool openBrowser(const std::string& url);

}  // namespace isla::view
