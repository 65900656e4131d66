// SPDX-License-Identifier: MIT
// How isla-tool writes a viewer bundle (`bundle make`, `synth --bundle`):
// the metadata and runtime members it makes, and publication of bytes that
// have been read back as a compile would read them.
#pragma once

#include <cstdint>
#include <string>

#include <isla/bundle/source_bundle.hpp>

namespace isla::cli {

std::string metadataJson(const std::string& bundleId, const std::string& displayName,
                         const std::string& generator, const std::string& blueprintMember);
std::string runtimeJson(std::int32_t mapSize, double heightScaleM, double spacingM);

// Writes `contents` to `output` atomically (replacing it only when
// `overwrite`). The bytes are first read back with readBundle; a bundle a
// compile would refuse is never written. Throws CommandError.
void publishBundle(const BundleContents& contents, const std::string& output, bool overwrite);

}  // namespace isla::cli
