// SPDX-License-Identifier: MIT
// A third party's plugin: a new section, NOTE (one .NET string of free
// text a level designer attaches to a blueprint), and a validator that uses
// the shipped sections, `min-lakes`. Built against an installed isla-tool;
// the kernel is not rebuilt.
#include <isla/plugin/plugin_api.hpp>

namespace {

class NotesCodec final : public isla::SectionCodec {
 public:
  isla::FourCC tag() const override { return isla::FourCC("NOTE"); }
  std::string name() const override { return "Notes"; }
  std::string description() const override { return "free text attached to the blueprint"; }

  isla::SectionContent decode(isla::ByteReader& payload, isla::DecodeContext&) const override {
    return isla::readRecord(payload, layout_);
  }
  void encode(const isla::SectionContent& content, isla::ByteWriter& out,
              const isla::EncodeContext&) const override {
    isla::writeRecord(std::get<isla::Record>(content), out);
  }
  isla::SectionSummary summarize(const isla::SectionContent& content,
                                 const isla::SummaryContext&) const override {
    const auto& text = std::get<isla::Record>(content).as<std::string>("text");
    isla::SectionSummary summary;
    summary.brief = "\"" + text.substr(0, 60) + (text.size() > 60 ? "...\"" : "\"");
    summary.json["text"] = text;
    return summary;
  }

 private:
  std::shared_ptr<const isla::RecordLayout> layout_ =
      isla::RecordLayout::make({{"text", isla::FieldType::Str}});
};

class MinimumLakes final : public isla::Validator {
 public:
  std::string name() const override { return "min-lakes"; }
  std::string description() const override {
    return "the blueprint has at least --min-lakes lakes (WBTB rows of type lake)";
  }
  std::vector<isla::OptionSpec> options() const override {
    return {{.name = "min-lakes",
             .type = isla::OptionType::Integer,
             .help = "fewest lakes a blueprint should have",
             .defaultValue = "1",
             .min = 0,
             .max = 65535}};
  }
  void check(const isla::Blueprint& blueprint, const isla::ValidationContext& context,
             isla::Diagnostics& out) const override {
    const auto* bodies = blueprint.get<isla::Table>(isla::FourCC("WBTB"));
    if (!bodies) return;
    std::size_t lakes = 0;
    for (const auto& row : bodies->rows) lakes += row.as<std::uint8_t>("type") == 1;
    const auto wanted = static_cast<std::size_t>(context.options.integer("min-lakes"));
    if (lakes < wanted) {
      out.add({.severity = isla::Severity::Warning,
               .code = "min-lakes.too-few",
               .message = "the blueprint has " + std::to_string(lakes) + " lakes, fewer than the " +
                          std::to_string(wanted) + " --min-lakes asks for",
               .tag = isla::FourCC("WBTB")});
    }
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "NOTE sections and the min-lakes validator", [](isla::PluginRegistrar& registrar) {
  registrar.addSection(std::make_unique<NotesCodec>());
  registrar.addValidator(std::make_unique<MinimumLakes>());
});
