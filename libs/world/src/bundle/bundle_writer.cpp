// SPDX-License-Identifier: MIT
// A viewer bundle's bytes, members in a fixed order (source_bundle.hpp).
#include "isla/bundle/source_bundle.hpp"

#include "zip_archive.hpp"

namespace isla {

std::vector<std::byte> writeBundle(const BundleContents& contents) {
  auto bytesOf = [](const std::string& text) {
    return std::span<const std::byte>(reinterpret_cast<const std::byte*>(text.data()), text.size());
  };
  std::vector<ZipMemberInput> members{{std::string(kMetadataMember), bytesOf(contents.metadata)},
                                      {std::string(kRuntimeMember), bytesOf(contents.runtime)}};
  if (contents.catalogue) members.push_back({std::string(kCatalogueMember), bytesOf(*contents.catalogue)});
  if (contents.vegetation) members.push_back({std::string(kVegetationMember), bytesOf(*contents.vegetation)});
  members.push_back({contents.blueprintMember, contents.blueprint});
  return writeZip(members);
}

}  // namespace isla
