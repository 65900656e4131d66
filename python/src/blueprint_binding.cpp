// SPDX-License-Identifier: MIT
// A blueprint as Python data: the params, the sections in file order and
// every grid as a read-only buffer over the memory-mapped file (no copy),
// which keeps the blueprint, and so the mapping, alive.
#include <bit>
#include <map>
#include <memory>
#include <string>
#include <variant>

#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <isla/container/blueprint_reader.hpp>
#include <isla/compile/compile.hpp>
#include <isla/mapping/mapped_file.hpp>
#include <isla/plugin/section_codec.hpp>
#include <isla/validation/validation.hpp>

#include "bindings.hpp"
#include "json_to_python.hpp"

namespace py = pybind11;

namespace isla::python {

namespace {

// The grids are little-endian on disk and exposed as the native types.
static_assert(std::endian::native == std::endian::little, "raster buffers need a little-endian host");

struct RasterView {
  std::shared_ptr<const Blueprint> blueprint;
  const Raster* raster;
  FourCC tag;
};

std::string bufferFormat(ElementType type) {
  switch (type) {
    case ElementType::U8: return py::format_descriptor<std::uint8_t>::format();
    case ElementType::U16: return py::format_descriptor<std::uint16_t>::format();
    case ElementType::U32: return py::format_descriptor<std::uint32_t>::format();
    case ElementType::I32: return py::format_descriptor<std::int32_t>::format();
    case ElementType::F32: return py::format_descriptor<float>::format();
  }
  throw std::logic_error("unknown raster element type");
}

// (MapSize, MapSize), indexed [x, y]: X outer, Y inner, as stored.
py::buffer_info bufferOf(const RasterView& view) {
  const Raster& raster = *view.raster;
  const auto size = static_cast<py::ssize_t>(elementSize(raster.type()));
  const auto side = static_cast<py::ssize_t>(raster.mapSize());
  return py::buffer_info(const_cast<std::byte*>(raster.bytes().data()), size, bufferFormat(raster.type()), 2,
                         {side, side}, {side * size, size}, true);
}

std::shared_ptr<const Blueprint> loadBlueprint(const Kernel& kernel, const std::filesystem::path& path) {
  py::gil_scoped_release released;
  const auto file = MappedFile::open(path);
  LoadResult load = readBlueprint(file->bytes(), path.string(), file, kernel);
  if (!load.ok()) {
    const auto errors = load.diagnostics.count(Severity::Error);
    throw CompileError("'" + path.string() + "' is not a readable blueprint: " + std::to_string(errors) +
                           (errors == 1 ? " error" : " errors"),
                       std::move(load.diagnostics));
  }
  return load.blueprint;
}

py::object fieldValue(const FieldValue& value) {
  return std::visit([](const auto& v) -> py::object { return py::cast(v); }, value);
}

py::dict describe(const std::shared_ptr<const Blueprint>& blueprint) {
  py::dict params;
  if (const auto* record = blueprint->get<Record>(kParamsTag)) {
    const auto fields = record->layout().fields();
    for (std::size_t i = 0; i < fields.size(); ++i) params[py::str(fields[i].name)] = fieldValue(record->values()[i]);
  }
  py::list sections;
  py::dict layers;
  for (const Section& section : blueprint->sections) {
    py::dict entry;
    entry["tag"] = section.tag.text();
    entry["name"] = section.codec ? py::cast(section.codec->name()) : py::none();
    entry["offset"] = section.offset ? py::cast(*section.offset) : py::none();
    entry["length"] = section.payloadLength;
    entry["status"] = std::string(sectionStatusName(section.status));
    entry["note"] = section.note.empty() ? py::none() : py::cast(section.note);
    sections.append(std::move(entry));
    if (const auto* raster = section.as<Raster>()) {
      layers[py::str(section.tag.text())] = RasterView{blueprint, raster, section.tag};
    }
  }
  py::dict out;
  out["source"] = blueprint->source;
  out["format"] = std::string(sourceFormatName(blueprint->format));
  out["map_size"] = blueprint->mapSize;
  out["params"] = std::move(params);
  out["sections"] = std::move(sections);
  out["layers"] = std::move(layers);
  return out;
}

py::dict load(const Kernel& kernel, const std::filesystem::path& path) { return describe(loadBlueprint(kernel, path)); }

py::list validate(const Kernel& kernel, const std::filesystem::path& path,
                  const std::map<std::string, std::string>& options) {
  const auto blueprint = loadBlueprint(kernel, path);
  const OptionValues values = resolveValidatorOptions(kernel.registry(), OptionText(options.begin(), options.end()));
  Diagnostics diagnostics;
  {
    py::gil_scoped_release released;
    const ValidationContext context{kernel.enums(), kernel.units(), values};
    runValidators(ValidatorSelection(kernel.registry().validators()), *blueprint, context, diagnostics);
  }
  if (diagnostics.hasErrors()) {
    const auto errors = diagnostics.count(Severity::Error);
    throw CompileError("'" + path.string() + "' is not a valid blueprint: " + std::to_string(errors) +
                           (errors == 1 ? " error" : " errors"),
                       std::move(diagnostics));
  }
  return toPython(diagnostics);
}

}  // namespace

void bindBlueprint(py::module_& module) {
  py::class_<RasterView>(module, "RasterView", py::buffer_protocol(),
                         "A read-only (MapSize, MapSize) buffer over one grid of a mapped blueprint, [x, y].")
      .def_buffer(&bufferOf)
      .def_property_readonly("tag", [](const RasterView& view) { return view.tag.text(); })
      .def_property_readonly("map_size", [](const RasterView& view) { return view.raster->mapSize(); })
      .def_property_readonly("element_type",
                             [](const RasterView& view) { return std::string(elementTypeName(view.raster->type())); });
  module.def("load_blueprint", &load, py::arg("kernel"), py::arg("path"),
             "Reads a blueprint; returns its format, MapSize, params, sections and grid buffers.");
  module.def("validate_blueprint", &validate, py::arg("kernel"), py::arg("path"), py::arg("options"),
             "Reads a blueprint and runs every validator plugin; returns the warnings.");
}

}  // namespace isla::python
