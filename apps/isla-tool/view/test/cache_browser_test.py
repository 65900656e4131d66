#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""`isla-tool view`'s cache, browser opener and package input, with no
browser:

- a package is checked by its validator first: a broken one (a terrain
  file changed, world.json not a world) is refused with exit 1 and the
  validator's message, and nothing enters the cache; a valid one is served
  from where it lies, its tiles and samples from the cache, and a second
  view reuses them;
- the cache is keyed on the plugins too: another plugin loaded makes
  another entry; and it keeps the 4 entries used last (older entries of
  the cache's own names removed, anything else in it left alone);
- the browser opener: with DISPLAY set and no --no-open, xdg-open (a fake
  one, first on PATH) is started with the URL; never with --no-open or
  without DISPLAY and WAYLAND_DISPLAY; and when there is no xdg-open the
  command says so and serves on.

Every wait is on something the test observes; the timeouts are hang guards
only.

    cache_browser_test.py ISLA_TOOL THIRD_PARTY_PLUGIN.so
"""
import json
import os
import pathlib
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile

KEPT_ENTRIES = 4  # view/world_cache.hpp's kKeptEntries
HANG_GUARD_S = 300  # for a wait that would otherwise never end: no check may need it
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


def entries(cache):
    root = cache / "isla-tool" / "view"
    return sorted(p.name for p in root.iterdir()) if root.exists() else []


def serve(tool, arguments, env):
    """Starts a view, waits for its URL, stops it with SIGINT; returns (url line, stderr, exit code) once
    the view and every process it started have ended. The view starts the opener before it serves, so
    SIGINT once the URL is out never comes before it; the opener inherits the writing end of a pipe
    (posix_spawn keeps a descriptor without FD_CLOEXEC), whose reading end sees its end of file only when
    the view and the opener have both closed it."""
    ended, held = os.pipe()
    server = subprocess.Popen([tool, "view", *arguments], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, pass_fds=(held,))
    os.close(held)
    line = server.stdout.readline()
    server.send_signal(signal.SIGINT)
    try:
        _, stderr = server.communicate(timeout=HANG_GUARD_S)
    except subprocess.TimeoutExpired:
        server.kill()
        _, stderr = server.communicate()
    readable, _, _ = select.select([ended], [], [], HANG_GUARD_S)
    check(readable and os.read(ended, 1) == b"", f"view {' '.join(arguments)}: a process it started did not end")
    os.close(ended)
    return line, stderr, server.returncode


def package_input(tool, work, env):
    package = work / "package"
    subprocess.run([tool, "export", str(work / "small.dat"), str(package), "--quiet"], check=True, env=env,
                   capture_output=True)
    broken = work / "broken"
    shutil.copytree(package, broken)
    terrain = broken / "terrain" / "p-0-0.json"
    document = json.loads(terrain.read_text())
    document["heights_m"][0][0] += 1
    terrain.write_text(json.dumps(document))
    not_world = work / "not-world"
    not_world.mkdir()
    (not_world / "world.json").write_text("{}")
    for directory in (broken, not_world):
        before = entries(work / "cache")
        result = subprocess.run([tool, "view", str(directory), "--no-open"], env=env, capture_output=True, text=True,
                                timeout=HANG_GUARD_S)
        check(result.returncode == 1 and f"{directory} is not a valid terrain-world-v1 package; nothing was written"
              in result.stderr, f"view of the package {directory.name}: exit {result.returncode}, {result.stderr!r}")
        check(entries(work / "cache") == before, f"view of the package {directory.name} left a cache entry")
    result = subprocess.run([tool, "view", str(broken), "--no-open"], env=env, capture_output=True, text=True)
    check("p-0-0.json" in result.stderr, f"the changed terrain file is not named: {result.stderr!r}")

    before = set(entries(work / "cache"))
    line, stderr, code = serve(tool, [str(package), "--no-open"], env)
    check(code == 0 and "serving the viewer at http://127.0.0.1:" in line and "cached in " in stderr,
          f"view PACKAGE: exit {code}, {line!r}, {stderr!r}")
    made = sorted(set(entries(work / "cache")) - before)
    check(len(made) == 1 and sorted(p.name for p in (work / "cache" / "isla-tool" / "view" / made[0]).iterdir())
          == ["samples", "tiles"], f"the package's cache entry: {made}")
    line, stderr, code = serve(tool, [str(package), "--no-open"], env)
    check(code == 0 and "the cache already holds it: " in stderr, f"a second view PACKAGE: {stderr!r}")
    return package


def cache_keys_and_eviction(tool, plugin, work, env):
    # Another plugin loaded: another entry; the same plugins again: that entry.
    _, stderr, code = serve(tool, [str(work / "small.dat"), "--no-open"], env)
    check(code == 0 and "cached in " in stderr, f"a first view of the blueprint: {stderr!r}")
    before = entries(work / "cache")
    plugins = work / "plugins"
    plugins.mkdir()
    shutil.copy(plugin, plugins)
    with_plugin = dict(env, ISLA_PLUGIN_PATH=str(plugins))
    _, stderr, code = serve(tool, [str(work / "small.dat"), "--no-open"], with_plugin)
    check(code == 0 and "cached in " in stderr, f"a view with another plugin did not make a new entry: {stderr!r}")
    check(len(entries(work / "cache")) == len(before) + 1, f"entries with another plugin: {entries(work / 'cache')}")
    _, stderr, _ = serve(tool, [str(work / "small.dat"), "--no-open"], with_plugin)
    check("the cache already holds it: " in stderr, f"the same plugins again: {stderr!r}")

    # Old entries (their times say so) beyond the last 4 used go; the rest stays.
    root = work / "cache" / "isla-tool" / "view"
    stale = []
    for k in range(6):
        name = f"{k:064x}"
        (root / name).mkdir()
        os.utime(root / name, (1_000_000 + k, 1_000_000 + k))
        stale.append(name)
    (root / "notes").mkdir()
    os.utime(root / "notes", (1, 1))
    _, stderr, code = serve(tool, [str(work / "small.dat"), "--no-open"], env)
    left = entries(work / "cache")
    check(code == 0 and "the cache already holds it: " in stderr, f"a view among stale entries: {stderr!r}")
    check("notes" in left, f"the cache removed a directory not of its own: {left}")
    check(len([name for name in left if name != "notes"]) == KEPT_ENTRIES, f"the cache keeps {left}")
    check(not any(name in left for name in stale[:4]), f"the oldest entries stayed: {left}")


def browser_opener(tool, work, env):
    fake = work / "fake-bin"
    fake.mkdir()
    opened = work / "opened.txt"
    (fake / "xdg-open").write_text(f"#!/bin/sh\nprintf '%s\\n' \"$@\" >> '{opened}'\n")
    (fake / "xdg-open").chmod(0o755)
    path = f"{fake}:{env['PATH']}"
    no_display = {k: v for k, v in env.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    blueprint = str(work / "small.dat")

    line, _, code = serve(tool, [blueprint, "--quiet"], dict(no_display, PATH=path, DISPLAY=":99"))
    url = re.search(r"http://127\.0\.0\.1:\d+/", line)
    check(code == 0 and url and opened.exists() and opened.read_text() == url.group(0) + "\n",
          f"with DISPLAY: xdg-open got {opened.read_text() if opened.exists() else 'nothing'!r}, the URL "
          f"{url.group(0) if url else line!r}")
    opened.unlink(missing_ok=True)
    serve(tool, [blueprint, "--quiet"], dict(no_display, PATH=path, WAYLAND_DISPLAY="wayland-0"))
    check(opened.exists(), "with WAYLAND_DISPLAY: xdg-open was not started")
    opened.unlink(missing_ok=True)
    serve(tool, [blueprint, "--quiet", "--no-open"], dict(no_display, PATH=path, DISPLAY=":99"))
    serve(tool, [blueprint, "--quiet"], dict(no_display, PATH=path))
    check(not opened.exists(), "xdg-open was started with --no-open or without a display")

    empty = work / "empty-bin"
    empty.mkdir()
    line, stderr, code = serve(tool, [blueprint, "--quiet"], dict(no_display, PATH=str(empty), DISPLAY=":99"))
    check(code == 0 and "serving the viewer at" in line and re.search(
        r"isla-tool view: could not start xdg-open; open http://127\.0\.0\.1:\d+/ yourself", stderr),
        f"without xdg-open: exit {code}, {stderr!r}")


def main():
    tool, plugin = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory(prefix="isla-view-cache-") as work:
        work = pathlib.Path(work)
        env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"))
        env.pop("ISLA_PLUGIN_PATH", None)
        subprocess.run([tool, "synth", "--seed", "7", "--size", "256", "--out", str(work / "small.dat")],
                       check=True, stdout=subprocess.DEVNULL)
        package_input(tool, work, env)
        cache_keys_and_eviction(tool, plugin, work, env)
        browser_opener(tool, work, env)
    if failures:
        print(f"{len(failures)} checks failed", file=sys.stderr)
        return 1
    print("cache_browser_test: every check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
