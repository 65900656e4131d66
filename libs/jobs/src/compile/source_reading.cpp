// SPDX-License-Identifier: MIT
#include "source_reading.hpp"

#include <map>

#include "compile_steps.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/base/joined_text.hpp"
#include "isla/bundle/source_reader.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/publish/sha256.hpp"
#include "isla/validation/validation.hpp"
#include "isla/world/bundle_placement.hpp"

namespace isla {

namespace {

Diagnostic layoutError(const Layout& layout, const std::string& pointer, const std::string& code,
                       const std::string& message) {
  return Diagnostic{.severity = Severity::Error, .code = code, .message = message,
                    .file = layout.file.string(), .pointer = pointer};
}

std::shared_future<std::string> readyHash(std::string sha256) {
  std::promise<std::string> ready;
  ready.set_value(std::move(sha256));
  return ready.get_future().share();
}

void checkMapSizes(const Layout& layout, const std::vector<LoadedSource>& loaded, Diagnostics& out) {
  std::map<std::int32_t, std::vector<std::string>> bySize;
  for (std::size_t i = 0; i < loaded.size(); ++i) {
    if (!loaded[i].blueprint) continue;  // not read
    bySize[loaded[i].blueprint->mapSize].push_back("'" + layout.sources[i].id + "'");
  }
  if (bySize.size() < 2) return;
  std::string groups;
  for (const auto& [size, ids] : bySize) {
    groups += (groups.empty() ? "" : "; ") + std::string("MapSize ") + std::to_string(size) + ": " + joinedText(ids);
  }
  out.add(layoutError(layout, "/sources", "source.map-size-mismatch",
                      "the sources of one world need one MapSize, but they have " + groups +
                          "; regenerate or replace the odd ones"));
}

}  // namespace

SourceReading::SourceReading(const Kernel& kernel, const Layout& layout, const OptionText& validatorOptions,
                             std::vector<SourceUse> uses, unsigned threads)
    : kernel_(kernel), layout_(layout), validatorOptions_(resolveValidatorOptions(kernel.registry(), validatorOptions)),
      uses_(std::move(uses)), threads_(threads),
      files_(layout.sources.size()), unopened_(layout.sources.size()), hashes_(layout.sources.size()) {
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (uses_[i] == SourceUse::Unread) continue;
    const LayoutSource& source = layout.sources[i];
    try {
      files_[i] = MappedFile::open(source.path);
    } catch (const IoError& error) {
      unopened_[i].add(layoutError(layout, source.pointer + "/path", "source.unreadable",
                                   "source '" + source.id + "': " + error.what()));
    }
  }
}

std::vector<std::optional<FileIdentity>> SourceReading::identities() const {
  std::vector<std::optional<FileIdentity>> identities(files_.size());
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (files_[i]) identities[i] = files_[i]->identity();
  }
  return identities;
}

void SourceReading::hash(const std::vector<std::optional<std::string>>& known) {
  for (std::size_t i = 0; i < files_.size(); ++i) {
    if (!files_[i] || uses_[i] != SourceUse::Whole) continue;
    if (!known.empty() && known[i]) {
      hashes_[i] = readyHash(*known[i]);
      continue;
    }
    hashes_[i] = std::async(threads_ > 1 ? std::launch::async : std::launch::deferred,
                            [file = files_[i]] { return sha256Hex(file->bytes()); })
                     .share();
  }
}

std::vector<std::string> SourceReading::digests() {
  std::vector<std::string> digests(hashes_.size());
  for (std::size_t i = 0; i < hashes_.size(); ++i) {
    if (hashes_[i].valid()) digests[i] = hashes_[i].get();
  }
  return digests;
}

void SourceReading::readOne(std::size_t i, const std::optional<Diagnostics>& knownFindings,
                            ReadSources& out) const {
  const LayoutSource& source = layout_.sources[i];
  const bool whole = uses_[i] == SourceUse::Whole;
  SourceBlueprint read = readSourceBlueprint(files_[i], source.path.string(), kernel_);
  Diagnostics& found = out.found[i];
  found.append(read.load.diagnostics);
  if (whole && read.load.ok()) {
    if (knownFindings) {
      found.append(*knownFindings);
    } else {
      const Units units{layout_.settings.heightScaleM, layout_.settings.spacingM};
      const ValidationContext context{kernel_.enums(), units, validatorOptions_,
                                      layout_.sources.size() > 1 ? 1U : threads_};
      Diagnostics& findings = out.findings[i].emplace();
      runValidators(ValidatorSelection(kernel_.registry().validators()), *read.load.blueprint, context, findings);
      found.append(findings);
    }
    if (read.bundle) checkBundleInLayout(layout_, source, *read.bundle, read.load.blueprint->mapSize, found);
  }
  if (!read.load.ok() || found.hasErrors()) {
    found.add(layoutError(layout_, source.pointer, "source.invalid",
                          "source '" + source.id + "' (" + source.path.string() + ") is not a valid " +
                              (isBundlePath(source.path) ? "viewer bundle" : "blueprint") +
                              "; fix the errors above (isla-tool validate " + source.path.string() + " lists them)"));
    return;
  }
  if (!read.load.blueprint->role<HeightGrid>()) {
    found.add(layoutError(layout_, source.pointer, "source.no-heights",
                          "source '" + source.id + "' (" + source.path.string() + ") has no section that fills the " +
                              "heights role, so it has no terrain; is the plugin that decodes its heights loaded? "
                              "(isla-tool plugins lists which plugin fills which role)"));
    return;
  }
  out.loaded[i] = LoadedSource{read.load.blueprint, {}, read.bundle, !whole};
}

ReadSources SourceReading::read(const std::vector<std::optional<Diagnostics>>& knownFindings, Progress& progress) {
  const std::size_t count = files_.size();
  ReadSources out{std::vector<LoadedSource>(count), std::move(unopened_),
                  std::vector<std::optional<Diagnostics>>(count)};
  for (std::size_t first = 0; first < count; first += threads_) {
    const std::size_t batch = std::min<std::size_t>(threads_, count - first);
    parallelFor(batch, threads_, [&](std::size_t b) {
      checkInterrupted();
      const std::size_t i = first + b;
      if (files_[i]) readOne(i, knownFindings.empty() ? std::nullopt : knownFindings[i], out);
    });
    progress.update(static_cast<double>(first + batch) / static_cast<double>(count));
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (!files_[i]) continue;
    if (auto changed = changedFile(*files_[i])) {
      out.found[i] = Diagnostics{};
      out.found[i].add(std::move(*changed));
      out.loaded[i] = LoadedSource{};
      out.findings[i].reset();
    }
  }
  return out;
}

void checkUnchanged(const std::vector<std::shared_ptr<const MappedFile>>& files) {
  Diagnostics changed;
  for (const auto& file : files) {
    if (!file) continue;
    if (auto change = changedFile(*file)) changed.add(std::move(*change));
  }
  if (changed.hasErrors()) throw CompileError("a source changed while being read; nothing was written", changed);
}

Diagnostics checkedSources(const Layout& layout, const Diagnostics& layoutDiagnostics, const ReadSources& read,
                           const std::vector<Diagnostics>& notes) {
  Diagnostics diagnostics = layoutDiagnostics;
  for (std::size_t i = 0; i < read.found.size(); ++i) {
    if (!notes.empty()) diagnostics.append(notes[i]);
    diagnostics.append(read.found[i]);
  }
  if (!diagnostics.hasErrors()) checkMapSizes(layout, read.loaded, diagnostics);
  if (diagnostics.hasErrors()) throw CompileError("a source has errors; nothing was written", diagnostics);
  return diagnostics;
}

}  // namespace isla
