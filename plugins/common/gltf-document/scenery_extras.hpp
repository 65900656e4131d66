// SPDX-License-Identifier: MIT
// The World's fields of a town, a road and a water region as a glTF node's
// extras, the same in every exporter that writes them (gltf, 3dtiles).
#pragma once

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <isla/world/world.hpp>

namespace isla_gltf {

// Each made in `storage`: a document's (GltfDocument::storage), so that
// adding it is no copy.
// [x, y, z], world metres.
boost::json::array worldPoint(const isla::Position& p, const boost::json::storage_ptr& storage = {});

// `source` is the index of the scenery's source in World::sources.
boost::json::object townExtras(const isla::World& world, std::size_t source, const isla::SceneryEntity& town,
                               const boost::json::storage_ptr& storage = {});
boost::json::object roadExtras(const isla::World& world, std::size_t source, const isla::SceneryRoad& road,
                               const boost::json::storage_ptr& storage = {});
boost::json::object waterExtras(const isla::World& world, const isla::WaterRegion& region,
                                const boost::json::storage_ptr& storage = {});

}  // namespace isla_gltf
