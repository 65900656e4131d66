// SPDX-License-Identifier: MIT
// What a section plugin provides: decode a payload into the kernel model,
// encode it back byte for byte, and describe it for `inspect`.
#pragma once

#include <boost/json/object.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "isla/base/api.hpp"
#include "isla/io/byte_reader.hpp"
#include "isla/io/byte_writer.hpp"
#include "isla/base/diagnostics.hpp"
#include "isla/model/enum_table.hpp"
#include "isla/model/limits.hpp"
#include "isla/model/roles.hpp"
#include "isla/model/section.hpp"
#include "isla/base/units.hpp"

namespace isla {

// What the reader says when a file lacks the section.
enum class Presence : std::uint8_t {
  Optional,   // nothing
  Expected,   // a warning: consumers get an empty default
  Mandatory,  // an error: the blueprint is unusable
};

std::string_view presenceName(Presence presence);

class DecodeContext {
 public:
  DecodeContext(const EnumTable& enums, std::shared_ptr<const void> owner, Diagnostics& diagnostics,
                Diagnostic where);

  const EnumTable& enums() const { return enums_; }
  // The members of `enumName`, or a DecodeError (enum.missing) naming the
  // table when it has none, so that no ordinal goes unchecked.
  std::span<const std::string> enumMembers(std::string_view enumName, std::uint64_t offset) const;
  std::optional<std::int32_t> mapSize() const { return mapSize_; }
  // MapSize, or a DecodeError when PRMS has not declared a valid one.
  std::int32_t requireMapSize(std::uint64_t offset) const;
  // Called by the params codec; enforces the MapSize bound. Throws DecodeError.
  void declareMapSize(std::int32_t mapSize, std::uint64_t offset);

  // Views into the source; `owner` keeps the mapping alive.
  Raster rasterView(ElementType type, std::span<const std::byte> bytes) const;
  OpaqueBytes opaque(std::span<const std::byte> bytes) const;

  // Further problems in a section that still decodes (or as well as a throw).
  void report(Severity severity, std::string code, std::string message,
              std::optional<std::uint64_t> offset = {}, std::optional<PixelRef> pixel = {});
  // Ask the reader to keep this section as opaque bytes, with a warning.
  void skip(std::string reason) { skipReason_ = std::move(reason); }

  // The reader's side.
  void beginSection(FourCC tag, std::string origin, std::shared_ptr<const void> owner);
  std::optional<std::string> takeSkipReason();

 private:
  const EnumTable& enums_;
  std::shared_ptr<const void> owner_;
  Diagnostics& diagnostics_;
  Diagnostic where_;
  std::optional<std::int32_t> mapSize_;
  std::optional<std::string> skipReason_;
};

// Write-time provenance that replaces the params' GeneratedUtc and
// GeneratorGitHash (BLUEPRINT_FORMAT.md: stamped at write time).
struct Provenance {
  std::string generatedUtc;
  std::string generatorGitHash;
};

struct EncodeContext {
  std::optional<Provenance> restamp;  // nullopt: keep the strings as decoded
};

struct SummaryContext {
  const EnumTable& enums;
  Units units;
};

struct SectionSummary {
  std::string brief;                 // one line for the inspect table
  std::vector<std::string> details;  // further lines (the params block, verbose)
  boost::json::object json;          // the same facts for --json
};

class ISLA_API SectionCodec {
 public:
  virtual ~SectionCodec();

  virtual FourCC tag() const = 0;
  virtual std::string name() const = 0;  // "Heights"
  virtual std::string description() const = 0;
  virtual Presence presence() const { return Presence::Optional; }

  // Decode the whole payload. Throw DecodeError for a payload that cannot be
  // decoded; the reader checks that every byte was consumed.
  virtual SectionContent decode(ByteReader& payload, DecodeContext& context) const = 0;
  // Encode content this codec decoded; decode -> encode is byte-identical.
  virtual void encode(const SectionContent& content, ByteWriter& out,
                      const EncodeContext& context) const = 0;
  virtual SectionSummary summarize(const SectionContent& content,
                                   const SummaryContext& context) const = 0;

  // The role this section fills (model/roles.hpp), if any, and its content
  // in the role's type. fillRole is called only on content this codec
  // decoded, and only when role() is set; a Raster in a role stays a view.
  virtual std::optional<Role> role() const { return std::nullopt; }
  virtual RoleContent fillRole(const SectionContent& content) const;
};

}  // namespace isla
