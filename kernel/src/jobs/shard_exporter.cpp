// SPDX-License-Identifier: MIT
// The key function: ShardExporter's type information lives in the kernel,
// so that the kernel's dynamic_cast recognises a plugin's exporter.
#include "isla/export/shard_exporter.hpp"

namespace isla {

ShardExporter::~ShardExporter() = default;

}  // namespace isla
