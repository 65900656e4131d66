// SPDX-License-Identifier: MIT
// A shared library that is not an isla-tool plugin (no entry symbol).
extern "C" __attribute__((visibility("default"))) int not_a_plugin_answer() { return 42; }
