// SPDX-License-Identifier: MIT
// The sources of a job's layout, read in three steps: mapped, hashed,
// decoded and validated. Between the steps a caller that knows something
// of them already (the patch cache: a file's SHA-256 by its identity, the
// validators' findings by the bytes' SHA-256) hands it down as data, and
// takes back, as data, what was found that it did not know.
#pragma once

#include <future>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "isla/base/diagnostics.hpp"
#include "isla/base/progress.hpp"
#include "isla/io/file_identity.hpp"
#include "isla/mapping/mapped_file.hpp"
#include "isla/kernel.hpp"
#include "isla/plugin/options.hpp"
#include "isla/world/layout.hpp"
#include "isla/world/world_builder.hpp"

namespace isla {

// How a job reads each of the layout's sources (by index into
// Layout::sources): not at all (a shard's patches do not need it), for its
// borders alone (a strip or corner of the shard's borders it), or whole
// (its patch is the job's: validated, hashed, its scenery and water).
enum class SourceUse : std::uint8_t { Unread, Borders, Whole };

// What the last step gives.
struct ReadSources {
  std::vector<LoadedSource> loaded;  // by source; its sha256 left to the caller
  std::vector<Diagnostics> found;    // by source: what reading and validating it found
  // The validators' findings about each source validated here (none for
  // one whose findings were handed down, or not validated): what a caller
  // keeping them stores.
  std::vector<std::optional<Diagnostics>> findings;
};

class SourceReading {
 public:
  // Step one: resolves the validators' options (OptionError), then maps
  // each source that `uses` reads (by source); a file that cannot be
  // opened is an error of its source.
  SourceReading(const Kernel& kernel, const Layout& layout, const OptionText& validatorOptions,
                std::vector<SourceUse> uses, unsigned threads);

  // The identity of each source's file as mapped; none for one not read,
  // or not opened.
  std::vector<std::optional<FileIdentity>> identities() const;

  // Step two: the SHA-256 of each source read whole: `known` (by source;
  // empty: none) when it gives one, else computed from the mapped bytes,
  // beside what follows when there is more than one thread.
  void hash(const std::vector<std::optional<std::string>>& known = {});

  // Each source's SHA-256 ("" for one not read whole, or not opened);
  // waits for the hashing.
  std::vector<std::string> digests();

  // Step three, once: decodes each source mapped, and validates each read
  // whole but those whose findings `knownFindings` gives (by source; empty:
  // none), on every thread, a batch at a time so that `progress` moves. A
  // source that changed while it was read has that error alone
  // (io.changed): what was found in it was not its bytes'.
  ReadSources read(const std::vector<std::optional<Diagnostics>>& knownFindings, Progress& progress);

  // The files mapped (null: not read, or not opened), which the world's
  // views read until its outputs are written: checkUnchanged before those
  // are kept.
  const std::vector<std::shared_ptr<const MappedFile>>& files() const { return files_; }

 private:
  // Reads and validates source `i` into `out`.
  void readOne(std::size_t i, const std::optional<Diagnostics>& knownFindings, ReadSources& out) const;

  const Kernel& kernel_;
  const Layout& layout_;
  OptionValues validatorOptions_;
  std::vector<SourceUse> uses_;
  unsigned threads_;
  std::vector<std::shared_ptr<const MappedFile>> files_;
  std::vector<Diagnostics> unopened_;  // by source: why its file could not be opened
  std::vector<std::shared_future<std::string>> hashes_;
};

// Throws CompileError with an io.changed error for each of `files` that
// changed since it was mapped (cut short under a read, written to): what
// was made from it is not made from its bytes, and may be neither
// published nor stored.
void checkUnchanged(const std::vector<std::shared_ptr<const MappedFile>>& files);

// The layout's diagnostics, then each source's (after `notes[i]`, what the
// caller said of it; empty: nothing), in layout order. Throws CompileError
// when any is an error, or when the sources read have several MapSizes.
Diagnostics checkedSources(const Layout& layout, const Diagnostics& layoutDiagnostics, const ReadSources& read,
                           const std::vector<Diagnostics>& notes = {});

}  // namespace isla
