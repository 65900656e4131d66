// SPDX-License-Identifier: MIT
#include "isla/world/layout.hpp"

namespace isla {

namespace {

// The stem, with what an identifier may not hold replaced by '-' (and an
// 's' before a leading '.', '_' or '-'): export never fails on a file name.
// ASCII by hand, not <cctype>, whose answers follow the locale.
std::string identifierOf(const std::filesystem::path& blueprint) {
  const auto alphanumeric = [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  };
  std::string id = blueprint.stem().string();
  for (char& c : id) {
    if (!alphanumeric(c) && c != '.' && c != '_' && c != '-') c = '-';
  }
  if (id.empty() || !alphanumeric(id.front())) id.insert(0, "s");
  return id;
}

}  // namespace

Layout singleSourceLayout(const std::filesystem::path& blueprint, const Units& units) {
  const std::string id = identifierOf(blueprint);
  Layout layout{.file = blueprint, .name = id, .settings = {}, .rows = 1, .cols = 1, .sources = {}};
  layout.settings.heightScaleM = units.heightScaleM;
  layout.sources.push_back(LayoutSource{id, id, blueprint.filename().string(), blueprint, 0, 0, "/sources/0"});
  return layout;
}

}  // namespace isla
