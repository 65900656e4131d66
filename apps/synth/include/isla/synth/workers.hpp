// SPDX-License-Identifier: MIT
// Parallel loops whose results never depend on the thread count: the work is
// cut into fixed tasks (bands of rows, one path, ...), each writes only its
// own outputs, and anything combined across tasks is combined in task order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace isla::synth {

class Workers {
 public:
  // Rows a band holds; fixed, so that bands are the same for every thread count.
  static constexpr std::int32_t kBandRows = 16;

  // 0 threads: the hardware concurrency.
  explicit Workers(unsigned threads);

  unsigned threads() const { return threads_; }

  // Runs task(0) .. task(count - 1), each exactly once, on up to threads()
  // threads. Rethrows the exception of the lowest failing task.
  void run(std::size_t count, const std::function<void(std::size_t task)>& task) const;

  // Bands of kBandRows rows covering 0 .. rows - 1: body(band, firstRow, endRow).
  static std::size_t bandCount(std::int32_t rows);
  void forBands(
      std::int32_t rows,
      const std::function<void(std::size_t band, std::int32_t begin, std::int32_t end)>& body) const;

 private:
  unsigned threads_;
};

}  // namespace isla::synth
