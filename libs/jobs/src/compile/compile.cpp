// SPDX-License-Identifier: MIT
// Nothing is written before every input has been read and checked; then the
// world goes into a stage that is validated before it is published.
#include "isla/compile/compile.hpp"

#include "compile_steps.hpp"

#include <ranges>

#include "isla/base/interrupt.hpp"
#include "isla/base/joined_text.hpp"
#include "isla/bundle/source_reader.hpp"
#include "isla/parallel/parallel.hpp"
#include "isla/plugin/plugin_call.hpp"
#include "isla/publish/staged_directory.hpp"
#include "isla/world/world_builder.hpp"
#include "source_reading.hpp"

namespace isla {

BuiltWorld builtWorld(World world, const Layout& layout, Diagnostics diagnostics,
                      std::vector<std::shared_ptr<const MappedFile>> files) {
  const std::size_t worldWarnings = world.warnings.size();
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
  return BuiltWorld{std::move(world), std::move(diagnostics), worldWarnings, std::move(files)};
}

ChosenExporter chooseExporter(const Kernel& kernel, const CompileRequest& request) {
  const auto* exporter = kernel.registry().exporter(request.exporter);
  if (!exporter) {
    const auto names = kernel.registry().exporters() |
                       std::views::transform([](const auto* registered) { return registered->object->name(); });
    throw CompileError("no exporter named '" + request.exporter + "'; loaded exporters: " +
                           (names.empty() ? std::string("none") : joinedText(names)),
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

namespace {

// The request's layout read, every source read whole and the world built:
// the one-machine compile, which knows nothing but what it reads.
BuiltWorld buildLayoutWorld(const Kernel& kernel, const CompileRequest& request, unsigned threads,
                            Progress& progress) {
  const RequestedLayout layout = loadRequestedLayout(kernel, request);
  SourceReading reading(kernel, layout.layout, request.validatorOptions,
                        std::vector<SourceUse>(layout.layout.sources.size(), SourceUse::Whole), threads);
  reading.hash();
  ProgressRange loading(progress, 0.0, 0.55), building(progress, 0.55, 1.0);
  ReadSources read = reading.read({}, loading);
  Diagnostics diagnostics = checkedSources(layout.layout, layout.diagnostics, read);
  World world = buildWorld(layout.layout, std::move(read.loaded), kernel.enums(), threads, building);
  const std::vector<std::string> digests = reading.digests();
  for (std::size_t i = 0; i < digests.size(); ++i) world.sources[i].sha256 = digests[i];
  return builtWorld(std::move(world), layout.layout, std::move(diagnostics), reading.files());
}

}  // namespace

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
  checkUnchanged(built.files);
  checkInterrupted();
  stage.commit();
  progress.update(1.0);
  return compileResult(built, stage.target());
}

CompileResult compileWorld(const Kernel& kernel, const CompileRequest& request, Progress& progress) {
  StagedDirectory::checkTarget(request.output);
  const ChosenExporter chosen = chooseExporter(kernel, request);
  const unsigned threads = resolveThreads(request.threads);
  ProgressRange building(progress, 0.0, 0.55);
  BuiltWorld built = request.package.empty() ? buildLayoutWorld(kernel, request, threads, building)
                                             : buildPackageWorld(kernel, request, threads, building);

  StagedDirectory stage(request.output);
  ProgressRange writing(progress, 0.55, 0.9);
  callPlugin(chosen.who, "writing", [&] {
    chosen.exporter.write(ExportInput{built.world, kernel.enums(), chosen.options, threads, writing}, stage.stage(),
                          built.diagnostics);
  });
  return publishStage(kernel, chosen, stage, built, threads, progress);
}

}  // namespace isla
