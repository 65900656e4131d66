// SPDX-License-Identifier: MIT
#include "thread_count.hpp"

#include <isla/base/printable_text.hpp>

#include <algorithm>

#include "invocation.hpp"

namespace isla::cli {

boost::program_options::typed_value<std::string>* threadCountValue() {
  return boost::program_options::value<std::string>()->value_name("N");
}

unsigned threadCount(const boost::program_options::variables_map& values, const std::string& option) {
  if (!values.count(option)) return 0;
  const std::string& text = values[option].as<std::string>();
  const bool digits = !text.empty() && text.size() <= 3 && std::all_of(text.begin(), text.end(), [](char c) {
    return c >= '0' && c <= '9';
  });
  const unsigned count = digits ? static_cast<unsigned>(std::stoul(text)) : 0;
  if (count < 1 || count > kMaxThreads) {
    throw UsageError("--" + option + " is '" + printableText(text) + "'; give a whole number of threads from 1 to " +
                     std::to_string(kMaxThreads) + ", or leave it out to use every core");
  }
  return count;
}

}  // namespace isla::cli
