// SPDX-License-Identifier: MIT
// Nothing is written before every input has been read and checked; then the
// world goes into a stage that is validated before it is published.
#include "isla/jobs/compile.hpp"

#include "compile_steps.hpp"

#include <future>
#include <map>

#include "isla/world/bundle_placement.hpp"
#include "isla/bundle/source_reader.hpp"
#include "isla/base/interrupt.hpp"
#include "isla/base/io_error.hpp"
#include "isla/io/mapped_file.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/publish/sha256.hpp"
#include "isla/publish/staged_directory.hpp"
#include "isla/validation/validation.hpp"
#include "isla/world/world_builder.hpp"
#include "source_digests.hpp"
#include "source_part_records.hpp"
#include "validation_memo.hpp"

namespace isla {

CompileError::CompileError(const std::string& message, Diagnostics diagnostics)
    : std::runtime_error(message), diagnostics_(std::move(diagnostics)) {}

namespace {

Diagnostic layoutError(const Layout& layout, const std::string& pointer, const std::string& code,
                       const std::string& message) {
  return Diagnostic{.severity = Severity::Error, .code = code, .message = message,
                    .file = layout.file.string(), .pointer = pointer};
}

template <class Registered>
std::string namesOf(const std::vector<const Registered*>& registered) {
  std::string out;
  for (const auto* r : registered) out += (out.empty() ? "" : ", ") + r->object->name();
  return out.empty() ? "none" : out;
}

// What a compile through the patch cache remembers of its sources.
struct RememberedSources {
  RememberedSources(const PatchCache& cache, const Kernel& kernel, const OptionText& validatorOptions,
                    const Units& units)
      : digests(cache), validations(cache, kernel, validatorOptions, units), parts(cache, kernel) {}

  SourceDigests digests;
  ValidationMemo validations;
  SourcePartRecords parts;
};

std::future<std::string> readyHash(std::string sha256) {
  std::promise<std::string> ready;
  ready.set_value(std::move(sha256));
  return ready.get_future();
}

// The validators' findings about a source read whole, from the cache's
// record of its bytes when it has one, else found and remembered.
void validateRemembered(const Kernel& kernel, const RememberedSources& remembered, const LayoutSource& source,
                        const Blueprint& blueprint, const ValidationContext& context, const std::string& sha256,
                        Diagnostics& found, Diagnostics& out) {
  const std::string key = remembered.validations.key(sha256, source.path.string());
  std::string problem;
  if (const auto findings = remembered.validations.recall(key, problem)) {
    found.append(*findings);
    return;
  }
  if (!problem.empty()) out.add(damagedSourceRecord("validation", source, problem, "validated"));
  Diagnostics findings;
  runValidators(ValidatorSelection(kernel.registry().validators()), blueprint, context, findings);
  remembered.validations.remember(key, findings);
  found.append(findings);
}

// Reads and validates one source, a blueprint or a viewer bundle holding
// one; its diagnostics go to `out`. The provenance hash (SHA-256 of the
// file's bytes) is only written at the end: `hash` gets it, computed beside
// the rest of the compile with more than one thread, else when asked for.
// A source read for its borders alone is neither validated nor hashed.
// Through the patch cache (`remembered`), a file seen before as it is now
// is not hashed, and bytes validated before are not validated, again.
std::optional<LoadedSource> loadSource(const Kernel& kernel, const Layout& layout, const LayoutSource& source,
                                       const ValidationContext& context, unsigned threads, SourceUse use,
                                       const RememberedSources* remembered, std::future<std::string>& hash,
                                       Diagnostics& out) {
  std::shared_ptr<const MappedFile> file;
  try {
    file = MappedFile::open(source.path);
  } catch (const IoError& error) {
    out.add(layoutError(layout, source.pointer + "/path", "source.unreadable",
                        "source '" + source.id + "': " + error.what()));
    return std::nullopt;
  }
  const bool whole = use == SourceUse::Whole;
  std::optional<std::string> known;
  if (whole && remembered) {
    std::string problem;
    known = remembered->digests.recall(source.path, file->identity(), problem);
    if (!problem.empty()) out.add(damagedSourceRecord("digest", source, problem, "hashed"));
  }
  if (whole) {
    hash = known ? readyHash(*known)
                 : std::async(threads > 1 ? std::launch::async : std::launch::deferred,
                              [file] { return sha256Hex(file->bytes()); });
  }
  SourceBlueprint read = readSourceBlueprint(file, source.path.string(), kernel);
  Diagnostics found = std::move(read.load.diagnostics);
  if (whole && read.load.ok() && remembered) {
    const std::string sha256 = hash.get();
    hash = readyHash(sha256);
    if (!known) remembered->digests.remember(source.path, file->identity(), sha256);
    validateRemembered(kernel, *remembered, source, *read.load.blueprint, context, sha256, found, out);
  } else if (whole && read.load.ok()) {
    runValidators(ValidatorSelection(kernel.registry().validators()), *read.load.blueprint, context, found);
  }
  if (whole && read.bundle && read.load.ok()) {
    checkBundleInLayout(layout, source, *read.bundle, read.load.blueprint->mapSize, found);
  }
  LoadedSource loaded{nullptr, {}, read.bundle, !whole};
  out.append(found);
  if (!read.load.ok() || found.hasErrors()) {
    out.add(layoutError(layout, source.pointer, "source.invalid",
                        "source '" + source.id + "' (" + source.path.string() + ") is not a valid " +
                            (isBundlePath(source.path) ? "viewer bundle" : "blueprint") +
                            "; fix the errors above (isla-tool validate " + source.path.string() + " lists them)"));
    return std::nullopt;
  }
  if (!read.load.blueprint->role<HeightGrid>()) {
    out.add(layoutError(layout, source.pointer, "source.no-heights",
                        "source '" + source.id + "' (" + source.path.string() + ") has no section that fills the " +
                            "heights role, so it has no terrain; is the plugin that decodes its heights loaded? "
                            "(isla-tool plugins lists which plugin fills which role)"));
    return std::nullopt;
  }
  loaded.blueprint = read.load.blueprint;
  return loaded;
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
    std::string list;
    for (const auto& id : ids) list += (list.empty() ? "" : ", ") + id;
    groups += (groups.empty() ? "" : "; ") + std::string("MapSize ") + std::to_string(size) + ": " + list;
  }
  out.add(layoutError(layout, "/sources", "source.map-size-mismatch",
                      "the sources of one world need one MapSize, but they have " + groups +
                          "; regenerate or replace the odd ones"));
}

}  // namespace

void reportSourceWarnings(World& world, const Layout& layout, const Diagnostics& diagnostics) {
  for (std::size_t i = 0; i < world.sources.size(); ++i) {
    const std::string file = layout.sources[i].path.string();
    const std::string members = memberLocation(file, "");
    for (const auto& d : diagnostics.items()) {
      if (d.severity == Severity::Warning && (d.file == file || d.file.starts_with(members))) {
        const std::string& id = world.sources[i].id;
        world.warnings.push_back({d.code, id, "source " + id + ": " + d.message});
      }
    }
  }
}

Diagnostic damagedSourceRecord(const std::string& kind, const LayoutSource& source, const std::string& problem,
                               const std::string& redone) {
  return Diagnostic{.severity = Severity::Warning, .code = "cache.damaged",
                    .message = "the cache's " + kind + " record of source '" + source.id + "' was damaged (" + problem +
                               "): it was removed, and the source " + redone + " again"};
}

ChosenExporter chooseExporter(const Kernel& kernel, const CompileRequest& request) {
  const auto* exporter = kernel.registry().exporter(request.exporter);
  if (!exporter) {
    throw CompileError("no exporter named '" + request.exporter + "'; loaded exporters: " +
                           namesOf(kernel.registry().exporters()),
                       {});
  }
  const std::string who = pluginObjectName("exporter", request.exporter, *exporter->plugin);
  OptionValues options = resolveOptions(who, exporter->object->options(), request.options);
  callPlugin(who, "checking its options", [&] { exporter->object->checkOptions(options); });
  return {*exporter->object, who, std::move(options)};
}

RequestedLayout loadRequestedLayout(const Kernel& kernel, const CompileRequest& request) {
  RequestedLayout read;
  auto layout = request.blueprint.empty() ? loadLayout(request.layout, read.diagnostics)
                                          : singleSourceLayout(request.blueprint, kernel.units());
  if (!layout) throw CompileError("the layout has errors; nothing was written", read.diagnostics);
  read.layout = std::move(*layout);
  return read;
}

BuiltWorld buildRequestedWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                               Progress& progress, const KnownFigures& knownFigures, const SourceSelection& select,
                               const PatchCache* cache, const RequestedLayout* given) {
  if (!request.package.empty()) return buildPackageWorld(kernel, request, threads, progress);
  std::optional<RequestedLayout> loadedHere;
  if (!given) given = &loadedHere.emplace(loadRequestedLayout(kernel, request));
  const Layout* layout = &given->layout;
  Diagnostics diagnostics = given->diagnostics;

  // Sources load on every thread, a batch at a time so that progress moves,
  // each validated on one thread when there are several (their scratch
  // memory adds up); their diagnostics are kept in layout order.
  const OptionValues validatorOptions = resolveValidatorOptions(kernel.registry(), request.validatorOptions);
  const Units units{layout->settings.heightScaleM, layout->settings.spacingM};
  const ValidationContext context{kernel.enums(), units, validatorOptions, layout->sources.size() > 1 ? 1U : threads};
  std::optional<RememberedSources> remembered;
  if (cache) remembered.emplace(*cache, kernel, request.validatorOptions, units);
  const std::size_t count = layout->sources.size();
  const std::vector<SourceUse> wanted = select ? select(*layout) : std::vector<SourceUse>(count, SourceUse::Whole);
  std::vector<std::optional<LoadedSource>> read(count);
  std::vector<Diagnostics> sourceDiagnostics(count);
  std::vector<std::future<std::string>> hashes(count);
  for (std::size_t first = 0; first < count; first += threads) {
    const std::size_t batch = std::min<std::size_t>(threads, count - first);
    parallelFor(batch, threads, [&](std::size_t b) {
      checkInterrupted();
      const std::size_t i = first + b;
      if (wanted[i] == SourceUse::Unread) return;
      read[i] = loadSource(kernel, *layout, layout->sources[i], context, threads, wanted[i],
                           remembered ? &*remembered : nullptr, hashes[i], sourceDiagnostics[i]);
    });
    progress.update(0.55 * static_cast<double>(first + batch) / static_cast<double>(count));
  }
  std::vector<LoadedSource> loaded;
  for (std::size_t i = 0; i < count; ++i) {
    diagnostics.append(sourceDiagnostics[i]);
    if (read[i]) loaded.push_back(std::move(*read[i]));
    if (wanted[i] == SourceUse::Unread) loaded.push_back(LoadedSource{});
  }
  if (!diagnostics.hasErrors()) checkMapSizes(*layout, loaded, diagnostics);
  if (diagnostics.hasErrors()) throw CompileError("a source has errors; nothing was written", diagnostics);

  // Figures known by the caller may depend on the sources' SHA-256 (the
  // patch cache's keys do): then the hashes are waited for first.
  for (std::size_t i = 0; i < count && knownFigures; ++i) {
    if (wanted[i] == SourceUse::Whole) loaded[i].sha256 = hashes[i].get();
  }
  ProgressRange building(progress, 0.55, 1.0);
  World world = buildWorld(*layout, std::move(loaded), kernel.enums(), threads, building, knownFigures,
                           remembered ? remembered->parts.memo() : SourcePartMemo{});
  if (remembered) remembered->parts.reportDamage(*layout, diagnostics);
  for (std::size_t i = 0; i < hashes.size(); ++i) {
    if (hashes[i].valid()) world.sources[i].sha256 = hashes[i].get();
  }
  const std::size_t worldWarnings = world.warnings.size();
  reportSourceWarnings(world, *layout, diagnostics);
  return BuiltWorld{std::move(world), std::move(diagnostics), worldWarnings};
}

namespace {

// Runs the exporter's package validator, if it has one, on the stage.
void checkStage(const Kernel& kernel, const ChosenExporter& chosen, const std::filesystem::path& stage,
                unsigned threads) {
  const std::string name = chosen.exporter.packageValidator();
  if (name.empty()) return;
  const auto* validator = kernel.registry().packageValidator(name);
  if (!validator) {
    throw CompileError(chosen.who + " has its output checked by package validator '" + name +
                           "', which is not loaded; nothing was published",
                       {});
  }
  Diagnostics found;
  callPlugin(pluginObjectName("package validator", name, *validator->plugin), "checking the stage", [&] {
    validator->object->check(stage, found, CheckDepth::JustWritten, threads);
  });
  if (found.hasErrors()) {
    throw CompileError("the written package breaks the rules of '" + name +
                           "' (a bug: please report it with the layout); nothing was published",
                       found);
  }
}

// The counts and the warnings (not errors) of a published compile.
CompileResult compileResult(const BuiltWorld& built, const std::filesystem::path& output) {
  const World& world = built.world;
  CompileResult result;
  result.sources = world.sources.size();
  result.patches = world.patches.size();
  result.edges = world.edges.size();
  result.output = output;
  for (const auto& d : built.diagnostics.items()) {
    if (d.severity != Severity::Error) result.diagnostics.add(d);
  }
  for (std::size_t i = 0; i < built.worldWarnings; ++i) {
    const WorldWarning& w = world.warnings[i];
    result.diagnostics.add(Diagnostic{.severity = Severity::Warning, .code = w.code, .message = w.message});
  }
  return result;
}

}  // namespace

CompileResult publishStage(const Kernel& kernel, const ChosenExporter& chosen, StagedDirectory& stage,
                           const BuiltWorld& built, unsigned threads, Progress& progress, bool check) {
  checkInterrupted();
  if (check) checkStage(kernel, chosen, stage.stage(), threads);
  checkInterrupted();
  stage.commit();
  progress.update(1.0);
  return compileResult(built, stage.target());
}

CompileResult compileWorld(const Kernel& kernel, const CompileRequest& request, Progress& progress) {
  if (!request.cache.empty()) return compileThroughCache(kernel, request, progress);
  StagedDirectory::checkTarget(request.output);
  const ChosenExporter chosen = chooseExporter(kernel, request);
  const unsigned threads = resolveThreads(request.threads);
  ProgressRange building(progress, 0.0, 0.55);
  BuiltWorld built = buildRequestedWorld(kernel, request, threads, building);

  StagedDirectory stage(request.output);
  ProgressRange writing(progress, 0.55, 0.9);
  callPlugin(chosen.who, "writing", [&] {
    chosen.exporter.write(ExportInput{built.world, kernel.enums(), chosen.options, threads, writing}, stage.stage(),
                          built.diagnostics);
  });
  return publishStage(kernel, chosen, stage, built, threads, progress);
}

}  // namespace isla
