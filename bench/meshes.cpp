// SPDX-License-Identifier: MIT
// Benchmark of the mesh exporters (issue 11), not a test. For each blueprint
// given, built into a 1 x 1 World as `isla-tool export` builds it, in one
// process so that every figure sees the same machine:
//   - the obj exporter (stride 1, no weld) against its floor, a plain
//     std::to_chars loop writing the same lines (checked byte for byte) to
//     the same disk and syncing them, in turns, the median of --runs each
//     (the exporter's time includes terrain.mtl and the biome image);
//   - the gltf exporter with chunk=256 and its default three levels
//     (lod_error=0.1,0.75) on 1 and 2 threads, against its peer, the
//     Terrain World export of the same World on 2 threads, in turns;
//   - for each, the peak anonymous memory above what was held before it
//     (RssAnon of /proc/self/status, sampled every 2 ms), and the bytes
//     written; for gltf each level's triangles, bytes, error asked and
//     error reached.
// Prints a Markdown table. Usage:
//   bench_meshes --enums ENUMS.json --work DIR [--runs N] FILE.dat...
#include <atomic>
#include <chrono>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include <unistd.h>
#include <vector>

#include <boost/json/parse.hpp>

#include <isla/base/allocator_reuse.hpp>
#include <isla/plugin/builtin_plugins.hpp>
#include <isla/plugin/exporter.hpp>
#include <isla/kernel.hpp>
#include <isla/world/vertex_normal.hpp>

#include "blueprint_world.hpp"

namespace {

namespace fs = std::filesystem;

long rssAnonKiB() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("RssAnon:", 0) == 0) return std::stol(line.substr(8));
  }
  return 0;
}

struct Measure {
  double seconds = 0;
  long peakAnonKiB = 0;  // above the RssAnon before the run
};

// Runs `work`, timing it and sampling RssAnon beside it.
template <class Work>
Measure measure(Work work) {
  const long before = rssAnonKiB();
  std::atomic<bool> done{false};
  std::atomic<long> peak{before};
  std::thread sampler([&] {
    while (!done) {
      peak = std::max(peak.load(), rssAnonKiB());
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  });
  const auto start = std::chrono::steady_clock::now();
  work();
  const auto end = std::chrono::steady_clock::now();
  done = true;
  sampler.join();
  return {std::chrono::duration<double>(end - start).count(), peak - before};
}

// The floor: the obj exporter's lines (stride 1, no weld) from the same rows
// and normals, formatted with std::to_chars into a buffer written with fwrite.
class FloorWriter {
 public:
  explicit FloorWriter(const fs::path& path) : file_(std::fopen(path.c_str(), "wb")) {
    if (!file_) throw std::runtime_error("cannot create " + path.string());
    text_.reserve(kFlush + 4096);
  }
  // Synced, as every file isla-tool writes is before it is published.
  ~FloorWriter() {
    flush();
    std::fflush(file_);
    ::fsync(fileno(file_));
    std::fclose(file_);
  }

  void text(std::string_view s) { text_ += s; }
  template <class T>
  void number(T value) {
    char buffer[32];
    if constexpr (std::is_floating_point_v<T>) value += T(0);
    text_.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, value).ptr);
  }
  template <class... T>
  void line(const char* tag, T... values) {
    text_ += tag;
    ((text_ += ' ', number(values)), ...);
    text_ += '\n';
  }
  void corner(std::uint64_t v, std::uint64_t vt) {
    text_ += ' ';
    number(v), text_ += '/', number(vt), text_ += '/', number(v);
  }
  void rowDone() {
    if (text_.size() >= kFlush) flush();
  }

 private:
  static constexpr std::size_t kFlush = std::size_t{1} << 20;
  void flush() {
    if (std::fwrite(text_.data(), 1, text_.size(), file_) != text_.size()) throw std::runtime_error("write failed");
    text_.clear();
  }
  std::FILE* file_;
  std::string text_;
};

void writeFloor(const isla::World& world, const fs::path& path) {
  FloorWriter out(path);
  out.text("# Terrain of an isla-tool world: metres, Y up, X east, Z south\nmtllib terrain.mtl\n");
  std::uint64_t vertices = 0;
  const double s = world.settings.spacingM;
  for (std::size_t p = 0; p < world.patches.size(); ++p) {
    const isla::Patch& patch = world.patches[p];
    out.text("g " + patch.id + "\nusemtl " +
             (patch.source ? "biome-" + world.sources[*patch.source].id : std::string("transition")) + "\n");
    isla::PatchRows rows = world.heights(p);
    std::vector<float> north, here, south;
    const auto copy = [&](std::vector<float>& to, std::int32_t z) {
      const auto row = rows.row(z);
      to.assign(row.begin(), row.end());
    };
    copy(here, 0);
    north = here;
    if (patch.pointsZ > 1) copy(south, 1);
    const std::uint64_t nx = static_cast<std::uint64_t>(patch.pointsX);
    for (std::int32_t z = 0; z < patch.pointsZ; ++z) {
      const std::uint64_t first = vertices + 1;
      for (std::int32_t x = 0; x < patch.pointsX; ++x) {
        const isla::Normal n = isla::vertexNormal(world, patch, x, z, {north, here, south});
        out.line("v", patch.originX + x * s, here[static_cast<std::size_t>(x)], patch.originZ + z * s);
        out.line("vn", static_cast<float>(n.x), static_cast<float>(n.y), static_cast<float>(n.z));
        out.line("vt", static_cast<float>((x + 0.5) / patch.pointsX),
                 static_cast<float>(1 - (z + 0.5) / patch.pointsZ));
        ++vertices;
      }
      if (z > 0) {
        const std::uint64_t above = first - nx;
        for (std::uint64_t m = 1; m < nx; ++m) {
          out.text("f"), out.corner(above + m - 1, above + m - 1), out.corner(first + m, first + m),
              out.corner(above + m, above + m), out.text("\nf");
          out.corner(above + m - 1, above + m - 1), out.corner(first + m - 1, first + m - 1),
              out.corner(first + m, first + m), out.text("\n");
        }
      }
      out.rowDone();
      if (z + 1 < patch.pointsZ) {
        north.swap(here);
        here.swap(south);
        if (z + 2 < patch.pointsZ) copy(south, z + 2);
        else south = here;
      }
    }
  }
}

bool sameBytes(const fs::path& a, const fs::path& b) {
  if (fs::file_size(a) != fs::file_size(b)) return false;
  std::ifstream fa(a, std::ios::binary), fb(b, std::ios::binary);
  std::vector<char> ba(1 << 20), bb(1 << 20);
  while (fa && fb) {
    fa.read(ba.data(), static_cast<std::streamsize>(ba.size()));
    fb.read(bb.data(), static_cast<std::streamsize>(bb.size()));
    if (fa.gcount() != fb.gcount() || !std::equal(ba.begin(), ba.begin() + fa.gcount(), bb.begin())) return false;
  }
  return true;
}

std::uint64_t bytesBelow(const fs::path& directory) {
  std::uint64_t total = 0;
  for (const auto& entry : fs::recursive_directory_iterator(directory)) {
    if (entry.is_regular_file()) total += entry.file_size();
  }
  return total;
}

double median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[values.size() / 2];
}

void exportInto(const isla::Kernel& kernel, const isla::World& world, const std::string& name,
                const isla::OptionText& given, unsigned threads, const fs::path& stage) {
  fs::create_directories(stage);
  isla::NoProgress progress;
  isla::Diagnostics diagnostics;
  const isla::Exporter& exporter = *kernel.registry().exporter(name)->object;
  const isla::OptionValues options = isla::resolveOptions(name, exporter.options(), given);
  exporter.write({world, kernel.enums(), options, threads, progress}, stage, diagnostics);
}

std::string mib(double bytes) {
  std::ostringstream out;
  out.precision(1);
  out << std::fixed << bytes / 1048576 << " MiB";
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  isla::keepFreedMemoryForReuse();  // as isla-tool does
  fs::path enums, work;
  int runs = 3;
  std::vector<fs::path> blueprints;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--enums" && i + 1 < argc) enums = argv[++i];
    else if (arg == "--work" && i + 1 < argc) work = argv[++i];
    else if (arg == "--runs" && i + 1 < argc) runs = std::stoi(argv[++i]);
    else blueprints.emplace_back(arg);
  }
  if (enums.empty() || work.empty() || blueprints.empty() || runs < 1) {
    std::cerr << "usage: bench_meshes --enums ENUMS.json --work DIR [--runs N] FILE.dat...\n";
    return 2;
  }
  isla::Kernel kernel(isla::EnumTable::load(enums));
  isla::addBuiltinPlugins(kernel.plugins());
  std::ostringstream obj, gltf;
  obj.precision(3), gltf.precision(3);
  obj << "| source | obj exporter | floor (to_chars loop) | obj / floor | obj bytes | peak anon obj / floor |\n"
         "| --- | --- | --- | --- | --- | --- |\n";
  gltf << "| source | gltf -j1 | gltf -j2 | Terrain World -j2 | gltf -j2 / Terrain World | peak anon gltf -j1 / -j2 | "
          "files | LOD 0 / 1 / 2 triangles (+ skirts) | LOD 0 / 1 / 2 bytes | LOD 1 / 2 error asked / reached |\n"
          "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n";
  for (const fs::path& blueprint : blueprints) {
    const isla::World world = isla::bench::blueprintWorld(kernel, blueprint);
    const std::string label = std::to_string(world.mapSize) + "²";
    std::cerr << "bench_meshes: " << label << ": obj and its floor, " << runs << " runs each in turns\n";
    std::vector<double> objTimes, floorTimes;
    long objAnon = 0, floorAnon = 0;
    std::uint64_t objBytes = 0;
    for (int r = 0; r < runs; ++r) {
      fs::remove_all(work / "obj");
      const Measure o = measure([&] { exportInto(kernel, world, "obj", {}, 1, work / "obj"); });
      const Measure f = measure([&] { writeFloor(world, work / "floor.obj"); });
      if (!sameBytes(work / "obj" / "terrain.obj", work / "floor.obj")) {
        std::cerr << "bench_meshes: the floor's lines differ from the obj exporter's\n";
        return 1;
      }
      objTimes.push_back(o.seconds), floorTimes.push_back(f.seconds);
      objAnon = std::max(objAnon, o.peakAnonKiB), floorAnon = std::max(floorAnon, f.peakAnonKiB);
      objBytes = fs::file_size(work / "floor.obj");
      fs::remove(work / "floor.obj");
    }
    fs::remove_all(work / "obj");
    obj << "| " << label << " | " << median(objTimes) << " s | " << median(floorTimes) << " s | "
        << median(objTimes) / median(floorTimes) << " | " << mib(static_cast<double>(objBytes)) << " | "
        << objAnon / 1024 << " / " << floorAnon / 1024 << " MiB |\n";

    std::cerr << "bench_meshes: " << label << ": gltf chunk=256, default levels, on 1 and 2 threads, and its peer\n";
    const isla::OptionText options{{"chunk", "256"}};
    std::vector<double> times[2], peer;
    long anon[2] = {0, 0};
    std::uint64_t files = 0;
    for (int r = 0; r < runs; ++r) {
      for (unsigned threads : {1U, 2U}) {
        fs::remove_all(work / "gltf");
        const Measure m = measure([&] { exportInto(kernel, world, "gltf", options, threads, work / "gltf"); });
        times[threads - 1].push_back(m.seconds);
        anon[threads - 1] = std::max(anon[threads - 1], m.peakAnonKiB);
        files = bytesBelow(work / "gltf");
      }
      fs::remove_all(work / "package");
      peer.push_back(measure([&] { exportInto(kernel, world, "terrain-world-v1", {}, 2, work / "package"); }).seconds);
      fs::remove_all(work / "package");
    }
    std::ifstream levelsFile(work / "gltf" / "levels.json");
    const auto levels = boost::json::parse(std::string(std::istreambuf_iterator<char>(levelsFile), {}));
    const auto& totals = levels.at("totals").as_array();
    const auto total = [&](std::size_t k, const char* key) { return totals.at(k).at(key).to_number<double>(); };
    const auto count = [&](std::size_t k) {
      return std::to_string(totals.at(k).at("triangles").to_number<std::uint64_t>()) + " (+" +
             std::to_string(totals.at(k).at("skirt_triangles").to_number<std::uint64_t>()) + ")";
    };
    gltf << "| " << label << " | " << median(times[0]) << " s | " << median(times[1]) << " s | " << median(peer)
         << " s | " << median(times[1]) / median(peer) << " | " << anon[0] / 1024 << " / " << anon[1] / 1024
         << " MiB | " << mib(static_cast<double>(files)) << " | " << count(0) << " / " << count(1) << " / "
         << count(2) << " | " << mib(total(0, "bytes")) << " / " << mib(total(1, "bytes")) << " / "
         << mib(total(2, "bytes")) << " | " << total(1, "asked_error_m") << " / " << total(1, "max_error_m") << ", "
         << total(2, "asked_error_m") << " / " << total(2, "max_error_m") << " m |\n";
    fs::remove_all(work / "gltf");
  }
  std::cout << "OBJ (stride 1, no weld; the floor writes the same bytes, checked), median of " << runs
            << " runs in turns; peak anon above the RssAnon before the run:\n\n"
            << obj.str() << "\nglTF, chunk=256, default levels, against the Terrain World export, median of " << runs
            << " runs in turns:\n\n" << gltf.str();
  return 0;
}
