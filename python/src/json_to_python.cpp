// SPDX-License-Identifier: MIT
#include "json_to_python.hpp"

namespace py = pybind11;

namespace isla::python {

py::object toPython(const boost::json::value& value) {
  switch (value.kind()) {
    case boost::json::kind::null: return py::none();
    case boost::json::kind::bool_: return py::bool_(value.get_bool());
    case boost::json::kind::int64: return py::int_(value.get_int64());
    case boost::json::kind::uint64: return py::int_(value.get_uint64());
    case boost::json::kind::double_: return py::float_(value.get_double());
    case boost::json::kind::string: return py::str(std::string(value.get_string()));
    case boost::json::kind::array: {
      py::list out;
      for (const auto& element : value.get_array()) out.append(toPython(element));
      return out;
    }
    case boost::json::kind::object: {
      py::dict out;
      for (const auto& [key, member] : value.get_object()) out[py::str(std::string(key))] = toPython(member);
      return out;
    }
  }
  return py::none();
}

py::list toPython(const Diagnostics& diagnostics) {
  py::list out;
  for (const auto& diagnostic : diagnostics.items()) out.append(toPython(toJson(diagnostic)));
  return out;
}

}  // namespace isla::python
