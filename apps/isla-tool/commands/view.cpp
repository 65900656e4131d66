// SPDX-License-Identifier: MIT
// isla-tool view PATH: the world in the browser. What is not yet 3D Tiles is
// compiled (a package: read back) into the view cache (view/world_cache.hpp); the viewer page and
// the world are served over HTTP (view/http_server.hpp) until SIGINT,
// SIGTERM or SIGHUP, which end it with exit 0. With --watch, the world is
// compiled again when its files change (view/world_watch.hpp), each version
// served under /world/vN/ and announced in /watch.json, which the page polls.
#include <algorithm>
#include <charconv>
#include <csignal>
#include <iostream>
#include <map>
#include <memory>
#include <optional>

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/json.hpp>

#include <isla/base/install_layout.hpp>

#include "cli/command_step.hpp"
#include "cli/thread_count.hpp"
#include "commands/commands.hpp"
#include "view/http_server.hpp"
#include "view/open_browser.hpp"
#include "view/world_cache.hpp"
#include "view/world_watch.hpp"

namespace isla::cli {

namespace {

// share/isla-tool/viewer, beside the enum table, in the build tree and the install alike.
std::filesystem::path viewerDirectory() { return defaultEnumTablePath().parent_path() / "viewer"; }

// PATH given as a package's world.json stands for the package, its
// directory. A layout may be called world.json too: a package validator
// tells the two apart by what the file says it is.
std::filesystem::path packageOrPath(const Registry& registry, const std::filesystem::path& input) {
  std::error_code error;
  if (input.filename() != "world.json" || !std::filesystem::is_regular_file(input, error)) return input;
  const auto validators = registry.packageValidators();
  const bool descriptor = std::any_of(validators.begin(), validators.end(),
                                      [&](const auto* validator) { return validator->object->recognises(input); });
  if (!descriptor) return input;
  return input.has_parent_path() ? input.parent_path() : std::filesystem::path(".");
}

// The page's directory, checked whole.
std::filesystem::path viewerPage() {
  const auto viewer = viewerDirectory();
  if (!std::filesystem::exists(viewer / "index.html") || !std::filesystem::exists(viewer / "vendor")) {
    throw CommandError("the viewer page is not complete in " + viewer.string() +
                       "; build the project after scripts/install-deps, which installs the npm packages it ships");
  }
  return viewer;
}

// What PATH is: a 3D Tiles export (nullopt), or what the view cache compiles.
std::optional<view::WorldInput> inputKind(const std::filesystem::path& input) {
  if (std::filesystem::is_directory(input) && std::filesystem::exists(input / "tileset.json")) return std::nullopt;
  // A package is served from where it is; the cache holds its tiles and samples.
  const bool isPackage = std::filesystem::is_directory(input) && std::filesystem::exists(input / "world.json");
  if (!isPackage && !std::filesystem::is_regular_file(input)) {
    throw CommandError(input.string() + " is not a 3D Tiles export (a directory with tileset.json), a Terrain "
                       "World package (a directory with world.json), a layout, a .dat or a viewer-bundle .zip");
  }
  const auto extension = input.extension();
  if (!isPackage && extension != ".json" && extension != ".dat" && extension != ".zip") {
    throw UsageError("PATH is a 3D Tiles export directory, a package directory, LAYOUT.json, FILE.dat or "
                     "BUNDLE.zip, not '" + input.string() + "'");
  }
  return isPackage              ? view::WorldInput::Package
         : extension == ".json" ? view::WorldInput::Layout
                                : view::WorldInput::Blueprint;
}

// The mounts for PATH: the page at "/", the world under "/world/".
std::vector<view::Mount> worldMounts(Invocation& invocation, const std::filesystem::path& input, bool quiet) {
  std::vector<view::Mount> mounts{{"/", viewerPage()}};
  const auto kind = inputKind(input);
  if (!kind) {
    mounts.push_back({"/world/tiles/", input});
    return mounts;
  }
  const bool isPackage = kind == view::WorldInput::Package;
  const view::CachedWorld world = commandStep([&] {
    return view::cachedWorld(invocation.kernel(), *kind, input, view::viewCacheRoot(),
                             threadCount(invocation.values(), "jobs"), quiet);
  });
  if (!quiet) {
    std::cerr << "isla-tool view: " << (world.reused ? "the cache already holds it: " : "cached in ")
              << world.directory.string() << "\n";
  }
  if (isPackage) mounts.push_back({"/world/package/", input});
  mounts.push_back({"/world/", world.directory});
  return mounts;
}

// --exaggeration: "auto", or the factor as the page reads it from its URL
// (viewer/exaggeration.js: digits, a point, digits; 0.1 to 100).
std::string exaggerationOf(const std::string& text) {
  constexpr double kLeast = 0.1, kMost = 100;
  if (text == "auto") return text;
  double factor = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), factor);
  if (error != std::errc() || end != text.data() + text.size() || !(factor >= kLeast && factor <= kMost)) {
    throw UsageError("--exaggeration takes auto or a number from 0.1 to 100, not '" + text + "'");
  }
  char shortest[32];
  const auto written = std::to_chars(shortest, shortest + sizeof shortest, factor, std::chars_format::fixed);
  return std::string(shortest, written.ptr);
}

// The page's URL; an exaggeration other than auto rides in its query.
std::string urlOf(const boost::asio::ip::tcp::endpoint& endpoint, const std::string& exaggeration) {
  const auto address = endpoint.address();
  const std::string host = address.is_unspecified() ? "127.0.0.1"
                           : address.is_v6()        ? "[" + address.to_string() + "]"
                                                    : address.to_string();
  return "http://" + host + ":" + std::to_string(endpoint.port()) + "/" +
         (exaggeration == "auto" ? "" : "?exaggeration=" + exaggeration);
}

// view --watch's mounts: the page, the world served now under /world/ and
// each version still served under /world/vN/ (a page still loading the one
// before the last reads it whole). A version whose entry is gone (another
// view evicted it) is left out.
std::shared_ptr<const view::StaticFiles> watchedFiles(const std::filesystem::path& viewer,
                                                      const std::map<unsigned, std::filesystem::path>& served) {
  std::vector<view::Mount> mounts{{"/", viewer}};
  for (const auto& [version, world] : served) {
    if (!std::filesystem::is_directory(world)) continue;
    mounts.push_back({"/world/v" + std::to_string(version) + "/", world});
  }
  mounts.push_back({"/world/", served.rbegin()->second});
  return std::make_shared<const view::StaticFiles>(std::move(mounts));
}

// /watch.json: what the page follows (viewer/watch.js).
std::string watchDocument(const view::WatchState& state) {
  boost::json::object document{{"watching", true},
                               {"version", state.version},
                               {"world", "/world/v" + std::to_string(state.version)},
                               {"compiling", state.compiling}};
  document["error"] = state.error.empty() ? boost::json::value(nullptr) : boost::json::value(state.error);
  return boost::json::serialize(document);
}

}  // namespace

int runView(Invocation& invocation) {
  po::options_description options("view");
  options.add_options()
      ("path", po::value<std::string>(),
       "a 3D Tiles export, a Terrain World package (or its world.json), a layout, a .dat or a viewer-bundle .zip")
      ("port", po::value<int>()->default_value(0), "the port to serve on, 1 to 65535 (default: a free one)")
      ("bind", po::value<std::string>()->default_value("127.0.0.1"),
       "the address to serve on; another than loopback lets other machines read the world")
      ("no-open", po::bool_switch(), "do not open a browser")
      ("watch", po::bool_switch(),
       "compile again when the layout, a source it names, the .dat or the .zip changes; the page shows each new "
       "world in place, or why a change does not compile")
      ("exaggeration", po::value<std::string>()->default_value("auto"),
       "draw heights N times as high, 0.1 to 100 (a control on the page changes it); auto exaggerates a world whose "
       "relief is under a fiftieth of its extent until it is a fiftieth")
      ("jobs", threadCountValue(), "threads to compile with, 1 to 256 (default: every core)")
      ("quiet", po::bool_switch(), "no progress on stderr");
  po::positional_options_description positional;
  positional.add("path", 1);
  if (!invocation.parse(options, positional)) return 0;
  const auto& values = invocation.values();
  if (!values.count("path")) throw UsageError("give PATH: a 3D Tiles export, a package directory, LAYOUT.json, FILE.dat or BUNDLE.zip");
  const int port = values["port"].as<int>();
  if (port < 0 || port > 65535) throw UsageError("--port takes 1 to 65535 (0 or none: a free one), not " +
                                                 std::to_string(port));
  const bool quiet = values["quiet"].as<bool>();
  const std::string exaggeration = exaggerationOf(values["exaggeration"].as<std::string>());
  const std::filesystem::path input = packageOrPath(invocation.kernel().registry(), values["path"].as<std::string>());

  boost::asio::io_context io;
  std::unique_ptr<view::HttpServer> server;
  std::unique_ptr<view::WorldWatch> watch;
  std::shared_ptr<const view::StaticFiles> files;
  std::map<unsigned, std::filesystem::path> served;
  if (values["watch"].as<bool>()) {
    const std::filesystem::path viewer = viewerPage();
    const auto kind = inputKind(input);
    if (!kind || *kind == view::WorldInput::Package) {
      throw UsageError("--watch follows a layout, a .dat or a viewer-bundle .zip and the files they name; a package "
                       "or a 3D Tiles export is served as it is: view it without --watch");
    }
    view::WatchSettings settings{*kind, input, {}, {}, threadCount(values, "jobs"), quiet};
    const auto announce = [&server, &served, viewer](const view::WatchState& state) {
      if (served.rbegin()->first != state.version) {
        auto next = served;
        next.emplace(state.version, state.world);
        while (next.size() > 2) next.erase(next.begin());
        try {
          server->serve(watchedFiles(viewer, next));
        } catch (const std::runtime_error& error) {
          // Its entry removed meanwhile (another view's eviction): the page keeps the version before.
          std::cerr << "isla-tool view: warning: version " << state.version << " cannot be served: " << error.what()
                    << "\n";
          return;
        }
        served = std::move(next);
      }
      server->publish("/watch.json", "application/json", watchDocument(state));
    };
    watch = commandStep([&] {
      settings.cacheRoot = view::viewCacheRoot();
      settings.patchCache = settings.cacheRoot.parent_path() / "view-patches";
      return std::make_unique<view::WorldWatch>(io, invocation.kernel(), settings, announce);
    });
    if (!quiet) {
      std::cerr << "isla-tool view: watching " << input.string() << " and the files it names; version 1 is "
                << watch->state().world.string() << "\n";
    }
    served.emplace(1, watch->state().world);
    files = watchedFiles(viewer, served);
  } else {
    files = std::make_shared<const view::StaticFiles>(worldMounts(invocation, input, quiet));
  }
  view::ServerSettings settings;
  settings.bind = values["bind"].as<std::string>();
  settings.port = static_cast<unsigned short>(port);
  try {
    server = std::make_unique<view::HttpServer>(io, files, settings);
  } catch (const std::runtime_error& error) {
    throw CommandError(error.what());
  }
  // The page asks what it is to follow: a view without --watch says nothing.
  server->publish("/watch.json", "application/json",
                  watch ? watchDocument(watch->state()) : std::string(R"({"watching":false})"));
  const auto endpoint = server->endpoint();
  if (!endpoint.address().is_loopback()) {
    std::cerr << "isla-tool view: warning: serving on " << settings.bind
              << ", not loopback: other machines that reach this one can read the world and the viewer\n";
  }
  boost::asio::signal_set stops(io, SIGINT, SIGTERM, SIGHUP);
  stops.async_wait([&io](const boost::system::error_code&, int) { io.stop(); });
  server->start();

  const std::string url = urlOf(endpoint, exaggeration);
  std::cout << "serving the viewer at " << url << " (Ctrl-C ends it)" << std::endl;
  if (!values["no-open"].as<bool>() && view::hasDisplay() && !view::openBrowser(url)) {
    std::cerr << "isla-tool view: could not start xdg-open; open " << url << " yourself\n";
  }
  io.run();
  // A compile under way unwinds, its stage removed: the view ends as it ends while serving.
  if (watch) watch->stop();
  if (!quiet) std::cerr << "isla-tool view: stopped\n";
  return 0;
}

}  // namespace isla::cli
