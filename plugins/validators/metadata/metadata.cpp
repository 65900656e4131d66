// SPDX-License-Identifier: MIT
// metadata: the TCRV, TDTL and EROS records hold values their generator pass
// could have applied. The rules are data, one table a section; README.md
// says which come from the spec and which are the toolkit's decision.
#include <isla/plugin/plugin_api.hpp>
#include <isla/base/joined_text.hpp>

#include <cmath>
#include <limits>
#include <ranges>

namespace {

constexpr double kUnbounded = std::numeric_limits<double>::infinity();

// A field's allowed interval; an exclusive end excludes the bound itself.
struct Range {
  std::string_view field;
  double min = -kUnbounded;
  double max = kUnbounded;
  bool minExclusive = false;
  std::string_view note = {};
};

// Fields whose values must not decrease in the order given.
struct Ordered {
  std::vector<std::string_view> fields;
  std::string_view note = {};
};

struct SectionRules {
  isla::FourCC tag;
  std::vector<Range> ranges;
  std::vector<Ordered> orders;
};

// A rule whose field the record's version lacks does not apply.
const std::vector<SectionRules>& allRules() {
  static const std::vector<SectionRules> rules{
      {isla::FourCC("TCRV"),
       {{.field = "presetId", .min = 1, .max = 2, .note = "1 = compact, 2 = balanced"}},
       {{{"knot1", "knot2", "knot3", "knot4"}},
        {{"benchLo", "benchHi"}},
        {{"shelfSpanMin", "shelfSpanMax"}, "the shelf strength blends across [shelfSpanMin, shelfSpanMax]"}}},
      {isla::FourCC("TDTL"),
       {{.field = "reliefAmpM", .min = 0, .note = "an amplitude"},
        {.field = "edgeAmpM", .min = 0, .note = "an amplitude"},
        {.field = "edgeMaxShiftM", .min = 0, .note = "a bound on an amplitude"},
        {.field = "reliefFreqIslands", .min = 0, .minExclusive = true, .note = "a frequency"},
        {.field = "edgeFreqIslands", .min = 0, .minExclusive = true, .note = "a frequency"}},
       {{{"edgeAmpM", "edgeMaxShiftM"},
         "edgeAmpM is recorded as applied, after the clamp to edgeMaxShiftM"}}},
      {isla::FourCC("EROS"),
       {{.field = "dropletCount", .min = 0},
        {.field = "lifetime", .min = 0},
        {.field = "brushRadius", .min = 0},
        {.field = "carveCapM", .min = 0, .note = "a cap on carving depth"},
        {.field = "seaMarginM", .min = 0, .note = "a margin above sea level"},
        {.field = "inertia", .min = 0, .max = 1},
        {.field = "erodeRate", .min = 0, .max = 1, .note = "a fraction a step"},
        {.field = "depositRate", .min = 0, .max = 1, .note = "a fraction a step"},
        {.field = "evaporation", .min = 0, .max = 1, .note = "a fraction a step"},
        {.field = "gravity", .min = 0, .minExclusive = true},
        {.field = "craterExclFactor", .min = 0, .note = "a multiple of CraterRadius"}},
       {}},
  };
  return rules;
}

std::string number(double value) { return isla::toText(isla::FieldValue(static_cast<float>(value))); }

// "inertia 1.5", with the layout's unit when it has one: "carveCapM -1 m".
std::string fieldValue(const isla::Record& record, std::string_view field) {
  const auto& spec = record.layout().fields()[*record.layout().indexOf(field)];
  return std::string(field) + " " + isla::toText(record.get(field)) +
         (spec.unit.empty() ? "" : " " + spec.unit);
}

std::string withNote(std::string text, std::string_view note) {
  return note.empty() ? text : text + " (" + std::string(note) + ")";
}

std::string expectation(const Range& range) {
  const std::string field(range.field);
  const std::string low =
      range.min == -kUnbounded ? "" : number(range.min) + (range.minExclusive ? " < " : " <= ");
  const std::string high = range.max == kUnbounded ? "" : " <= " + number(range.max);
  if (low.empty()) return field + high;
  if (high.empty()) return field + (range.minExclusive ? " > " : " >= ") + number(range.min);
  return low + field + high;
}

bool inside(const Range& range, double value) {
  const bool aboveMin = range.minExclusive ? value > range.min : value >= range.min;
  return aboveMin && value <= range.max;
}

bool finite(const isla::Record& record, std::string_view field) {
  return std::isfinite(record.number(field));
}

class MetadataValidator final : public isla::Validator {
 public:
  std::string name() const override { return "metadata"; }
  std::string description() const override {
    return "TCRV, TDTL and EROS parameters are finite, in range and consistently ordered";
  }

  void check(const isla::Blueprint& blueprint, const isla::ValidationContext&,
             isla::Diagnostics& out) const override {
    for (const auto& rules : allRules()) {
      if (const auto* record = blueprint.get<isla::Record>(rules.tag)) checkRecord(*record, rules, out);
    }
  }

 private:
  static void checkRecord(const isla::Record& record, const SectionRules& rules, isla::Diagnostics& out) {
    const std::string tag = rules.tag.text();
    auto report = [&](const char* code, const std::string& message) {
      out.add({isla::Severity::Error, code, tag + " " + message, {}, rules.tag, {}, {}, {}});
    };
    // A non-finite value has this one error; the rules below skip it.
    for (const auto& field : record.layout().fields()) {
      if (field.type != isla::FieldType::F32 || finite(record, field.name)) continue;
      report("metadata.non-finite", fieldValue(record, field.name) + " is not a finite number");
    }
    for (const auto& range : rules.ranges) {
      if (!record.has(range.field) || !finite(record, range.field)) continue;
      if (inside(range, record.number(range.field))) continue;
      report("metadata.out-of-range",
             withNote(fieldValue(record, range.field) + " is out of range; expected " + expectation(range),
                      range.note));
    }
    for (const auto& order : rules.orders) checkOrder(record, order, report);
  }

  template <class Report>
  static void checkOrder(const isla::Record& record, const Ordered& order, Report& report) {
    for (const auto field : order.fields) {
      if (!record.has(field) || !finite(record, field)) return;
    }
    const std::string chain = isla::joinedText(order.fields, " <= ");
    const std::string values = isla::joinedText(
        order.fields | std::views::transform([&](auto field) { return isla::toText(record.get(field)); }));
    for (std::size_t k = 0; k + 1 < order.fields.size(); ++k) {
      const auto low = order.fields[k];
      const auto high = order.fields[k + 1];
      if (record.number(low) <= record.number(high)) continue;
      std::string message =
          fieldValue(record, low) + " is above " + fieldValue(record, high) + "; expected " + chain;
      if (order.fields.size() > 2) message += " (values " + values + ")";
      report("metadata.misordered", withNote(message, order.note));
      return;  // one error for the rule
    }
  }
};

}  // namespace

ISLA_PLUGIN("1.0.0", "metadata: TCRV, TDTL and EROS parameters in range",
            [](isla::PluginRegistrar& registrar) {
              registrar.addValidator(std::make_unique<MetadataValidator>());
            });
