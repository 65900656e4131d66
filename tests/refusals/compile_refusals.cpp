// SPDX-License-Identifier: MIT
// A layout, source or viewer bundle breaking each rule the compiler checks
// (`isla-tool run compile`), and the bundle members `bundle make` refuses.
#include <fstream>
#include <stdexcept>

#include "refusal_cases.hpp"
#include "text_files.hpp"
#include "tool_runner.hpp"
#include "zip_patch.hpp"

namespace isla::test {

namespace {

namespace fs = std::filesystem;
using Arguments = std::vector<std::string>;

std::string entry(const std::string& id, const std::string& path, int row, int col, const std::string& ns = "") {
  return R"({"id": ")" + id + R"(", "namespace": ")" + (ns.empty() ? id : ns) + R"(", "path": ")" + path +
         R"(", "row": )" + std::to_string(row) + R"(, "col": )" + std::to_string(col) + "}";
}

// dir/layout.json with these sources (and settings) compiled into dir/world.
Arguments compile(const fs::path& dir, const std::string& sources, const std::string& settings = "") {
  writeText(dir / "layout.json", R"({"format": "terrain-world.layout", "schema_version": 1, "name": "refused", )" +
                                     settings + R"("sources": [)" + sources + "]}");
  return {"run", "compile", (dir / "layout.json").string(), (dir / "world").string(), "--quiet"};
}

std::string blueprint(const fs::path& dir, const std::string& name, int size = 256) {
  makeInput({"synth", "--seed", "5", "--size", std::to_string(size), "--out", (dir / name).string()});
  return name;
}

// The blueprint member's name, as long as "runtime.json" so that renames
// can make it collide.
constexpr const char* kBlueprint = "abcdefgh.dat";

// A bundle of a generated blueprint, patched by `patch`, compiled as the
// one source of a layout (with `settings`).
template <typename Patch>
RefusalCase bundle(std::string code, Patch patch, std::string settings = "") {
  return {std::move(code), [patch, settings](const fs::path& dir) {
            makeInput({"bundle", "make", (dir / "made.zip").string(), "--blueprint", (dir / blueprint(dir, "s.dat")).string(),
                 "--bundle-id", "abcdefgh"});
            ZipPatch zip(readFile(dir / "made.zip"));
            patch(zip);
            writeFile(dir / "s.zip", zip.bytes());
            return compile(dir, entry("a", "s.zip", 0, 0), settings);
          }};
}

// `bundle make` with this vegetation member.
RefusalCase vegetation(std::string code, std::string member) {
  return {std::move(code), [member](const fs::path& dir) {
            writeText(dir / "vegetation.json", member);
            return Arguments{"bundle",
                             "make",
                             (dir / "out.zip").string(),
                             "--blueprint",
                             (dir / blueprint(dir, "s.dat")).string(),
                             "--vegetation",
                             (dir / "vegetation.json").string()};
          }};
}

// A layout whose sources need not exist: the layout's own rules come first.
RefusalCase layout(std::string code, std::string sources) {
  return {std::move(code), [sources](const fs::path& dir) { return compile(dir, sources); }};
}

constexpr const char* kVegetationHead = R"({"format": "isla.viewer-bundle.vegetation", "format_version": 1, )";

}  // namespace

std::vector<RefusalCase> compileRefusals() {
  return {
      {"layout.unreadable",
       [](const fs::path& dir) {
         return Arguments{"run", "compile", (dir / "absent.json").string(), (dir / "world").string()};
       }},
      {"layout.too-large",
       [](const fs::path& dir) {
         std::ofstream(dir / "layout.json") << std::string((16u << 20) + 1, ' ') << "{}";
         return Arguments{"run", "compile", (dir / "layout.json").string(), (dir / "world").string()};
       }},
      {"layout.bad-json",
       [](const fs::path& dir) {
         writeText(dir / "layout.json", "{\"format\": ");
         return Arguments{"run", "compile", (dir / "layout.json").string(), (dir / "world").string()};
       }},
      {"layout.schema",
       [](const fs::path& dir) { return compile(dir, entry("a", "a.dat", 0, 0), R"("gap_cells": "wide", )"); }},
      layout("layout.absolute-path", entry("a", "/a.dat", 0, 0)),
      layout("layout.duplicate-id", entry("a", "a.dat", 0, 0) + "," + entry("a", "b.dat", 0, 1, "b")),
      layout("layout.duplicate-namespace", entry("a", "a.dat", 0, 0, "n") + "," + entry("b", "b.dat", 0, 1, "n")),
      layout("layout.duplicate-cell", entry("a", "a.dat", 0, 0) + "," + entry("b", "b.dat", 0, 0)),
      layout("layout.hole", entry("a", "a.dat", 0, 0) + "," + entry("b", "b.dat", 1, 1)),
      layout("layout.bad-path", entry("a", "a\\u0000.dat", 0, 0)),
      layout("source.unreadable", entry("a", "absent.dat", 0, 0)),
      {"source.invalid",
       [](const fs::path& dir) {
         writeText(dir / "a.dat", "PK\x03\x04 not a blueprint");
         return compile(dir, entry("a", "a.dat", 0, 0));
       }},
      {"source.map-size-mismatch",
       [](const fs::path& dir) {
         return compile(
             dir, entry("a", blueprint(dir, "a.dat"), 0, 0) + "," + entry("b", blueprint(dir, "b.dat", 300), 0, 1));
       }},
      bundle("bundle.damaged", [](ZipPatch& z) { z.truncate(z.size() / 2); }),
      bundle("bundle.unsafe-path", [](ZipPatch& z) { z.rename(kBlueprint, "../bcdef.dat"); }),
      bundle("bundle.duplicate-member", [](ZipPatch& z) { z.rename(kBlueprint, "runtime.json"); }),
      bundle("bundle.symlink-member", [](ZipPatch& z) { z.setUnixMode("runtime.json", 0120777); }),
      bundle("bundle.encrypted-member", [](ZipPatch& z) { z.setFlag("runtime.json", 1); }),
      bundle("bundle.compression", [](ZipPatch& z) { z.setMethod("runtime.json", 12); }),  // bzip2
      bundle("bundle.unknown-member", [](ZipPatch& z) { z.rename("runtime.json", "runtimx.json"); }),
      bundle("bundle.member-too-large", [](ZipPatch& z) { z.setSize("metadata.json", 0xfffffff0u); }),
      bundle("bundle.compression-ratio", [](ZipPatch& z) { z.setSize(kBlueprint, 0x7ffffff0u); }),
      bundle("bundle.missing-member",  // a second .dat passes the directory check; runtime.json is gone
             [](ZipPatch& z) { z.rename("runtime.json", "runtime1.dat"); }),
      bundle("bundle.no-blueprint", [](ZipPatch& z) { z.rename(kBlueprint, "zzzzzzzz.dat"); }),
      bundle("bundle.crc", [](ZipPatch& z) { z.flipCrc("runtime.json"); }),
      {"bundle.no-libzip",  // the soname the tool opens is, first on the library path, not a library
       [](const fs::path& dir) {
         makeInput({"bundle", "make", (dir / "s.zip").string(), "--blueprint", (dir / blueprint(dir, "s.dat")).string()});
         fs::create_directory(dir / "lib");
         writeText(dir / "lib" / ISLA_LIBZIP_SONAME, "not a shared library, but named as libzip's");
         return ToolCall(compile(dir, entry("a", "s.zip", 0, 0)), {{"LD_LIBRARY_PATH", (dir / "lib").string()}});
       }},
      bundle(
          "bundle.runtime-mismatch", [](ZipPatch&) {}, R"("height_scale_m": 100, )"),
      vegetation("bundle.bad-json", "{\"format\": "),
      vegetation("bundle.schema", std::string(kVegetationHead) + R"("regions": [], "instances": 7})"),
      vegetation("bundle.duplicate-id",
                 std::string(kVegetationHead) +
                     R"("regions": [{"id": "g", "kind": "forest", "min_x": 1, "min_y": 1, "max_x": 2, "max_y": 2},
                                    {"id": "g", "kind": "forest", "min_x": 1, "min_y": 1, "max_x": 2, "max_y": 2}],
                        "instances": []})"),
      vegetation("bundle.region-bounds",
                 std::string(kVegetationHead) +
                     R"("regions": [{"id": "g", "kind": "forest", "min_x": 20, "min_y": 1, "max_x": 2, "max_y": 2}],
                        "instances": []})"),
      {"bundle.outside-map",
       [](const fs::path& dir) {
         writeText(dir / "vegetation.json", std::string(kVegetationHead) + R"("regions": [], "instances": [
                     {"species": "oak", "x": 256, "y": 1, "rotation_deg": 0, "scale": 1, "visible": true}]})");
         makeInput({"bundle", "make", (dir / "s.zip").string(), "--blueprint", (dir / blueprint(dir, "s.dat")).string(),
              "--vegetation", (dir / "vegetation.json").string()});
         return compile(dir, entry("a", "s.zip", 0, 0));
       }},
  };
}

}  // namespace isla::test
