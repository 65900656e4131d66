// SPDX-License-Identifier: MIT
// Types that cross the plugin boundary keep default visibility, so that a
// plugin built with hidden visibility shares their type identity (exceptions
// thrown in a plugin are caught in the kernel by type).
#pragma once

#define ISLA_API __attribute__((visibility("default")))
