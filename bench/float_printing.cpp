// SPDX-License-Identifier: MIT
// Shortest float32 printing for terrain heights: isla's fast fixed printer
// (what isla::JsonWriter uses for them) against std::to_chars and, when
// installed, {fmt}'s Dragonbox, on 4 M heights as the exporter sees them (raw
// uniform in -0.52 .. 1.7, times 251 m, as float32); then the writer's two
// row paths over rows of 4096 of them.
// Results and the choice: docs/performance.md, "Printing heights".
#include <benchmark/benchmark.h>

#include <algorithm>
#include <charconv>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <isla/document/json_writer.hpp>

#include "document/shortest_float.hpp"

#ifdef ISLA_BENCH_FMT
#include <fmt/compile.h>
#include <fmt/format.h>
#endif

namespace {

constexpr std::size_t kRow = 4096;

const std::vector<float>& heights() {
  static const std::vector<float> values = [] {
    std::mt19937 random(42);
    std::uniform_real_distribution<float> raw(-0.52f, 1.7f);
    std::vector<float> out(std::size_t{1} << 22);
    for (float& h : out) h = static_cast<float>(static_cast<double>(raw(random)) * 251.0);
    return out;
  }();
  return values;
}

template <class Print>
void printAll(benchmark::State& state, Print print) {
  const auto& values = heights();
  char buffer[64];
  for (auto _ : state) {
    std::size_t bytes = 0;
    for (const float h : values) bytes += static_cast<std::size_t>(print(buffer, h) - buffer);
    benchmark::DoNotOptimize(bytes);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * values.size()));
}

void toCharsFixed(benchmark::State& state) {
  printAll(state, [](char* out, float h) { return std::to_chars(out, out + 64, h, std::chars_format::fixed).ptr; });
}

void toCharsShortest(benchmark::State& state) {
  printAll(state, [](char* out, float h) { return std::to_chars(out, out + 64, h).ptr; });
}

// The printer alone: every height here is inside the range it covers.
void shortestFixed(benchmark::State& state) {
  const auto& values = heights();
  if (!std::all_of(values.begin(), values.end(), isla::fastShortestCovers)) {
    state.SkipWithError("a height outside the fast printer's range");
    return;
  }
  printAll(state, isla::writeShortestFixed);
}

#ifdef ISLA_BENCH_FMT
// "{}" is Dragonbox's shortest digits; fixed notation for these magnitudes.
void fmtCompiled(benchmark::State& state) {
  printAll(state, [](char* out, float h) { return fmt::format_to(out, FMT_COMPILE("{}"), h); });
}
BENCHMARK(fmtCompiled);
#endif

class NullSink final : public isla::ByteSink {
 public:
  void write(std::span<const std::byte> bytes) override { benchmark::DoNotOptimize(bytes.data()); }
};

// Rows of 4096 through isla::JsonWriter::numbers.
void jsonWriterRows(benchmark::State& state) {
  const auto& values = heights();
  for (auto _ : state) {
    NullSink sink;
    isla::JsonWriter json(sink);
    json.beginArray();
    for (std::size_t row = 0; row < values.size(); row += kRow) {
      json.numbers(std::span(values).subspan(row, kRow));
    }
    json.endArray();
    json.finish();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * values.size()));
}

// The exporter's path: each row of 4096 into a new string of its own.
void appendNumbersRows(benchmark::State& state) {
  const auto& values = heights();
  for (auto _ : state) {
    for (std::size_t row = 0; row < values.size(); row += kRow) {
      std::string text;
      isla::JsonWriter::appendNumbers(text, std::span(values).subspan(row, kRow), "/heights_m/0");
      benchmark::DoNotOptimize(text.data());
    }
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * values.size()));
}

BENCHMARK(toCharsFixed);
BENCHMARK(toCharsShortest);
BENCHMARK(shortestFixed);
BENCHMARK(jsonWriterRows);
BENCHMARK(appendNumbersRows);

}  // namespace

BENCHMARK_MAIN();
