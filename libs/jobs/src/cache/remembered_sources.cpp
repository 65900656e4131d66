// SPDX-License-Identifier: MIT
#include "remembered_sources.hpp"

namespace isla {

namespace {

// The warning that the cache's `kind` record ("digest", "validation",
// "borders", "water boxes") of `source` was damaged and is `redone`.
Diagnostic damagedRecord(const std::string& kind, const LayoutSource& source, const CacheDamaged& damage,
                         const std::string& redone) {
  return Diagnostic{.severity = Severity::Warning,
                    .code = "cache.damaged",
                    .message = "the cache's " + kind + " record of source '" + source.id + "' was damaged (" +
                               damage.what() + "): it was removed, and the source " + redone + " again"};
}

}  // namespace

RememberedSources::RememberedSources(const PatchCache& cache, const Kernel& kernel, const OptionText& validatorOptions,
                                     const Layout& layout)
    : layout_(layout), digests_(cache),
      validations_(cache, kernel, validatorOptions, Units{layout.settings.heightScaleM, layout.settings.spacingM}),
      parts_(cache, kernel) {}

std::optional<std::string> RememberedSources::digest(std::size_t index, const FileIdentity& identity,
                                                     Diagnostics& notes) const {
  try {
    return digests_.recall(layout_.sources[index].path, identity);
  } catch (const CacheDamaged& damage) {
    notes.add(damagedRecord("digest", layout_.sources[index], damage, "hashed"));
    return std::nullopt;
  }
}

std::vector<std::optional<std::string>> RememberedSources::digests(
    const std::vector<std::optional<FileIdentity>>& identities, std::vector<Diagnostics>& notes) const {
  std::vector<std::optional<std::string>> known(identities.size());
  for (std::size_t i = 0; i < identities.size(); ++i) {
    if (identities[i]) known[i] = digest(i, *identities[i], notes[i]);
  }
  return known;
}

void RememberedSources::keepDigests(const std::vector<std::optional<FileIdentity>>& identities,
                                    const std::vector<std::optional<std::string>>& remembered,
                                    const std::vector<std::string>& digests, const std::vector<bool>& read) const {
  for (std::size_t i = 0; i < identities.size(); ++i) {
    if (read[i] && !remembered[i]) digests_.remember(layout_.sources[i].path, *identities[i], digests[i]);
  }
}

std::vector<std::optional<Diagnostics>> RememberedSources::findings(const std::vector<std::string>& digests,
                                                                     std::vector<Diagnostics>& notes) const {
  std::vector<std::optional<Diagnostics>> known(digests.size());
  for (std::size_t i = 0; i < digests.size(); ++i) {
    if (digests[i].empty()) continue;
    try {
      known[i] = validations_.recall(validations_.key(digests[i], layout_.sources[i].path.string()));
    } catch (const CacheDamaged& damage) {
      notes[i].add(damagedRecord("validation", layout_.sources[i], damage, "validated"));
    }
  }
  return known;
}

void RememberedSources::keepFindings(const std::vector<std::string>& digests,
                                     const std::vector<std::optional<Diagnostics>>& findings) const {
  for (std::size_t i = 0; i < digests.size(); ++i) {
    if (!findings[i]) continue;
    validations_.remember(validations_.key(digests[i], layout_.sources[i].path.string()), *findings[i]);
  }
}

std::vector<SourcePartTexts> RememberedSources::parts(const std::vector<std::string>& digests,
                                                      Diagnostics& notes) const {
  std::vector<SourcePartTexts> known(digests.size());
  for (std::size_t i = 0; i < digests.size(); ++i) {
    if (digests[i].empty()) continue;
    for (const SourcePart part : kSourceParts) {
      try {
        known[i][static_cast<std::size_t>(part)] = parts_.recall(sourcePartKey(part, digests[i], layout_.settings));
      } catch (const CacheDamaged& damage) {
        notes.add(damagedRecord(std::string(sourcePartName(part)), layout_.sources[i], damage, "read"));
      }
    }
  }
  return known;
}

void RememberedSources::keepParts(const std::vector<std::string>& digests,
                                  const std::vector<SourcePartTexts>& made) const {
  for (std::size_t i = 0; i < made.size(); ++i) {
    for (const SourcePart part : kSourceParts) {
      if (const auto& text = made[i][static_cast<std::size_t>(part)]) {
        parts_.remember(sourcePartKey(part, digests[i], layout_.settings), *text);
      }
    }
  }
}

}  // namespace isla
