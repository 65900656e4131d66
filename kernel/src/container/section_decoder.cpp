// SPDX-License-Identifier: MIT
#include "section_decoder.hpp"

#include "isla/container/blueprint_reader.hpp"

namespace isla::detail {

namespace {
Diagnostic fileDiagnostic(const std::string& file) {
  Diagnostic d;
  d.file = file;
  return d;
}
}  // namespace

SectionDecoder::SectionDecoder(const Kernel& kernel, Diagnostics& diagnostics, const std::string& file)
    : kernel_(kernel),
      diagnostics_(diagnostics),
      file_(file),
      context_(kernel.enums(), nullptr, diagnostics, fileDiagnostic(file)) {}

void SectionDecoder::report(Severity severity, std::string code, std::string message,
                            std::optional<FourCC> tag, std::optional<std::uint64_t> offset) {
  Diagnostic d = fileDiagnostic(file_);
  d.severity = severity;
  d.code = std::move(code);
  d.message = std::move(message);
  d.tag = tag;
  d.offset = offset;
  diagnostics_.add(std::move(d));
}

Section SectionDecoder::decode(const SectionInput& input) {
  Section section;
  section.tag = input.tag;
  section.offset = input.headerOffset;
  section.payloadLength = input.payload.size();
  section.content = OpaqueBytes{input.payload, input.owner};

  const auto* registration = kernel_.registry().section(input.tag);
  if (!registration) {
    section.status = SectionStatus::Skipped;
    section.note = "no loaded plugin registers this tag";
    report(Severity::Info, "section.unknown",
           "skipped section " + input.tag.text() + " (" + std::to_string(input.payload.size()) +
               " bytes): no loaded plugin registers this tag; convert keeps its bytes",
           input.tag, input.headerOffset);
    return section;
  }
  section.codec = registration->object;
  const std::string& plugin = registration->plugin->name;
  context_.beginSection(input.tag, plugin, input.owner);
  const std::size_t firstNew = diagnostics_.items().size();
  const std::size_t errorsBefore = diagnostics_.count(Severity::Error);

  auto fail = [&](std::string code, std::string message, std::uint64_t offset) {
    context_.report(Severity::Error, std::move(code), std::move(message), offset);
  };
  ByteReader reader(input.payload, input.payloadOffset);
  try {
    SectionContent content = registration->object->decode(reader, context_);
    if (auto reason = context_.takeSkipReason()) {
      section.status = SectionStatus::Skipped;
      section.note = *reason;
      context_.report(Severity::Warning, "section.skipped", "skipped: " + *reason + "; convert keeps its bytes",
                      input.headerOffset);
    } else if (reader.remaining() != 0) {
      fail("section.unconsumed",
           "the " + plugin + " parser consumed " + std::to_string(reader.position()) + " of the " +
               std::to_string(reader.size()) + " declared bytes; " +
               std::to_string(reader.remaining()) +
               " bytes are left over, so the declared length and the layout disagree",
           reader.absolute());
    } else if (diagnostics_.count(Severity::Error) == errorsBefore) {
      section.content = std::move(content);
      section.status = SectionStatus::Decoded;
    }
  } catch (const DecodeError& error) {
    fail(error.code(), error.what(), error.offset());
  } catch (const std::exception& error) {
    fail("plugin.threw", "plugin '" + plugin + "' threw while decoding: " + error.what(),
         input.payloadOffset);
  } catch (...) {
    fail("plugin.threw", "plugin '" + plugin + "' threw a non-standard exception while decoding",
         input.payloadOffset);
  }

  const auto added = diagnostics_.items().subspan(firstNew);
  if (section.status != SectionStatus::Skipped && diagnostics_.count(Severity::Error) > errorsBefore) {
    section.status = SectionStatus::Failed;
    for (const auto& d : added) {
      if (d.severity == Severity::Error) {
        section.note = d.message;
        break;
      }
    }
  }
  if (input.synthesized) {
    for (auto& d : added) d.offset = input.headerOffset;
  }
  return section;
}

void SectionDecoder::finish(Blueprint& blueprint) {
  fillRoles(blueprint);
  checkPresence(blueprint);
}

void SectionDecoder::fillRoles(Blueprint& blueprint) {
  for (const Section& section : blueprint.sections) {
    if (section.status != SectionStatus::Decoded || !section.codec) continue;
    const std::optional<Role> role = section.codec->role();
    if (!role) continue;
    const std::string plugin = pluginOf(section.tag);
    try {
      RoleContent content = section.codec->fillRole(section.content);
      if (roleOf(content) != *role) {
        roleFailed_[static_cast<std::size_t>(*role)] = true;
        report(Severity::Error, "role.mismatch",
               "plugin '" + plugin + "' declares that " + section.tag.text() + " fills the " +
                   std::string(roleName(*role)) + " role but gave " + std::string(roleName(roleOf(content))) +
                   " content; the plugin is broken",
               section.tag, section.offset);
        continue;
      }
      if (const FilledRole* first = blueprint.filled(*role); first && !roleTakesSeveral(*role)) {
        report(Severity::Warning, "role.duplicate",
               section.tag.text() + " fills the " + std::string(roleName(*role)) + " role that " +
                   first->tag.text() + " already fills; the World reads " + first->tag.text(),
               section.tag, section.offset);
        continue;
      }
      blueprint.roles.push_back({section.tag, std::move(content)});
    } catch (const std::exception& error) {
      roleFailed_[static_cast<std::size_t>(*role)] = true;
      report(Severity::Error, "plugin.threw",
             "plugin '" + plugin + "' threw while filling the " + std::string(roleName(*role)) +
                 " role from " + section.tag.text() + ": " + error.what(),
             section.tag, section.offset);
    }
  }
}

std::string SectionDecoder::pluginOf(FourCC tag) const {
  const auto* registration = kernel_.registry().section(tag);
  return registration ? registration->plugin->name : "?";
}

// A mandatory section that fills a role of one section may be replaced by
// another section that fills it (a third party's heights, say); a road tier
// is one of several sections of its role, so another tier does not replace it.
void SectionDecoder::checkPresence(const Blueprint& blueprint) {
  for (const auto* registration : kernel_.registry().sections()) {
    const auto& codec = *registration->object;
    if (codec.tag() == kParamsTag || blueprint.find(codec.tag())) continue;
    const auto role = codec.role();
    if (role && !roleTakesSeveral(*role) && blueprint.filled(*role)) continue;
    if (codec.presence() == Presence::Mandatory) {
      if (role) roleFailed_[static_cast<std::size_t>(*role)] = true;
      report(Severity::Error, "section.missing",
             "the blueprint has no " + codec.tag().text() + " section (" + codec.name() +
                 "); it is mandatory",
             codec.tag());
    } else if (codec.presence() == Presence::Expected) {
      report(Severity::Warning, "section.missing-expected",
             "the blueprint has no " + codec.tag().text() + " section (" + codec.name() +
                 "); it is read as empty",
             codec.tag());
    }
  }
  checkMandatoryRoles(blueprint);
}

// Whichever plugins are loaded, a blueprint without its heights or biomes
// is no blueprint (BLUEPRINT_FORMAT.md): a role that nothing filled is an
// error unless an error already said why (the section failed, or is missing).
void SectionDecoder::checkMandatoryRoles(const Blueprint& blueprint) {
  for (const Role role : kMandatoryRoles) {
    if (blueprint.filled(role) || roleFailed_[static_cast<std::size_t>(role)]) continue;
    // The sections that might have filled it and were not decoded.
    std::string unclaimed, skipped;
    bool failed = false;
    for (const Section& section : blueprint.sections) {
      const bool fills = section.codec && section.codec->role() == role;
      const bool roleless = section.codec && !section.codec->role();
      failed = failed || (fills && section.status == SectionStatus::Failed);
      if (!section.codec) unclaimed += (unclaimed.empty() ? "" : ", ") + section.tag.text();
      if ((fills || roleless) && section.status == SectionStatus::Skipped) {
        skipped += "; plugin '" + pluginOf(section.tag) + "' skipped " + section.tag.text() + " (" + section.note + ")";
      }
    }
    if (failed) continue;
    const std::string why =
        unclaimed.empty() && skipped.empty()
            ? ": none of the plugins that decoded its sections fills it (isla-tool plugins lists the role each fills)"
            : (unclaimed.empty() ? "" : "; no loaded plugin decodes " + unclaimed) + skipped +
                  ": check the plugin search path (isla-tool plugins lists what loaded and what did not)";
    report(Severity::Error, "role.missing",
           "no section fills the " + std::string(roleName(role)) + " role, which every blueprint needs" + why);
  }
}

}  // namespace isla::detail
