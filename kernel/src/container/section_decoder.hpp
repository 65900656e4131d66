// SPDX-License-Identifier: MIT
// Shared by the v2 and legacy v1 readers: decode one section through the
// plugin that registered its tag, and check which sections are missing.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "isla/kernel.hpp"
#include "isla/model/blueprint.hpp"
#include "isla/plugin/section_codec.hpp"

namespace isla::detail {

struct SectionInput {
  FourCC tag;
  std::optional<std::uint64_t> headerOffset;
  std::span<const std::byte> payload;
  std::uint64_t payloadOffset = 0;
  std::shared_ptr<const void> owner;
  // Built by the legacy reader: offsets inside it are not file offsets, so
  // its diagnostics point at headerOffset instead.
  bool synthesized = false;
};

class SectionDecoder {
 public:
  SectionDecoder(const Kernel& kernel, Diagnostics& diagnostics, const std::string& file);

  Section decode(const SectionInput& input);
  std::optional<std::int32_t> mapSize() const { return context_.mapSize(); }

  // After every section is decoded: the roles the sections fill, then an
  // error for each missing mandatory section and a warning for each missing
  // expected one (the params section is the reader's own rule).
  void finish(Blueprint& blueprint);

  // A kernel diagnostic about this file.
  void report(Severity severity, std::string code, std::string message,
              std::optional<FourCC> tag = {}, std::optional<std::uint64_t> offset = {});

 private:
  void fillRoles(Blueprint& blueprint);
  void checkPresence(const Blueprint& blueprint);
  void checkMandatoryRoles(const Blueprint& blueprint);
  std::string pluginOf(FourCC tag) const;

  const Kernel& kernel_;
  Diagnostics& diagnostics_;
  std::string file_;
  DecodeContext context_;
  std::array<bool, kRoleCount> roleFailed_{};  // an error already says why the role is not filled
};

}  // namespace isla::detail
