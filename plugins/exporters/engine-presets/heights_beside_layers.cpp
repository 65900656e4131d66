// SPDX-License-Identifier: MIT
#include "heights_beside_layers.hpp"

#include <future>

#include <isla/parallel/parallel.hpp>

namespace isla_png {

void writeHeightsBesideLayers(unsigned threads, const Pass& heights, const Pass& layers, isla::Progress& progress) {
  if (isla::resolveThreads(threads) <= 1) {
    isla::ProgressRange heightsProgress(progress, 0, kHeightsShareBesideLayers);
    heights(heightsProgress);
    isla::ProgressRange layersProgress(progress, kHeightsShareBesideLayers, 1);
    layers(layersProgress);
    return;
  }
  isla::NoProgress unseen;
  std::future<void> heightsDone = std::async(std::launch::async, [&] { heights(unseen); });
  layers(progress);  // on a failure, heightsDone's destructor waits for the heights before it goes on
  heightsDone.get();
}

}  // namespace isla_png
