// SPDX-License-Identifier: MIT
// engine-presets: the world's heights as the heightmaps Unity and Unreal
// import, on the PNG images library the png exporter uses too.
#include <isla/plugin/plugin_api.hpp>

#include "engine_presets.hpp"

ISLA_PLUGIN("1.0.0", "Engine presets: Unity RAW and Unreal PNG heightmap tiles of the compiled world",
            [](isla::PluginRegistrar& registrar) {
              registrar.addExporter(isla_png::makeUnityExporter());
              registrar.addExporter(isla_png::makeUnrealExporter());
            });
