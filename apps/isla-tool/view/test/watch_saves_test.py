#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""`isla-tool view LAYOUT --watch` while a source is saved again and again
(issue 57), without a browser: /watch.json and the served package say what
the page would show.

First 50 saves of the north-west source, in place as `cp` saves it (the file
cut to nothing, then written) and every fifth by a rename, many of them while
a compile reads the file: the view lives through them all (it died of
SIGBUS, exit 135, at an in-place save during a compile), a version that does
not compile or changed under its compile is reported in /watch.json while
the last good one is served, and once the saves stop the last one is served,
/watch.json without an error. Then at an exact point, with no timing: a
preloaded shim (tests/support/truncate_on_map_shim.cpp), armed by the test,
cuts the source short the moment the next compile maps it; /watch.json says
it changed while being read, naming it, and the version before is still
served; the next good save is served. SIGINT ends the view with exit 0.

Every wait is on /watch.json, the package served or a line; the timeouts
are hang guards only.

    watch_saves_test.py ISLA_TOOL TRUNCATE_SHIM
"""
import json
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HANG_GUARD_S = 600  # for a wait that would otherwise never end: no check may need it
POLL_S = 0.02
SAVES = 50
# More versions than the view keeps compiled worlds (kKeptEntries, 4): a
# save is then a world to compile, whose source is read while the saves go on.
VERSIONS = 6
COMPILING = "isla-tool view: a watched file changed: compiling again"
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


class View:
    """The view process, its URL, and what it serves."""

    def __init__(self, tool, layout, env):
        self.process = subprocess.Popen([tool, "view", str(layout), "--watch", "--no-open", "--jobs", "2"], env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"(http://127\.0\.0\.1:\d+)/", line)
        if not match:
            self.process.kill()
            raise RuntimeError(f"no URL on stdout: {line!r}; stderr: {self.process.stderr.read()}")
        self.url = match.group(1)
        self.lines = []
        self.reader = threading.Thread(target=self._read_stderr, daemon=True)
        self.reader.start()

    def _read_stderr(self):
        for line in self.process.stderr:
            self.lines.append(line)

    def compiles(self):
        return sum(line.startswith(COMPILING) for line in list(self.lines))

    def until_compiles(self, what, count):
        """Waits until the view has started `count` compiles."""
        deadline = time.monotonic() + HANG_GUARD_S
        while self.compiles() < count:
            self.alive()
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what}: not within {HANG_GUARD_S} s")
            time.sleep(POLL_S)

    def alive(self):
        if self.process.poll() is not None:
            self.reader.join()
            raise RuntimeError(f"the view ended with {self.process.returncode} (a signal: "
                               f"{-self.process.returncode if self.process.returncode < 0 else 'none'}); stderr:\n"
                               f"{''.join(self.lines)}")

    def fetch(self, target):
        with urllib.request.urlopen(self.url + target, timeout=HANG_GUARD_S) as response:
            return response.read()

    def watch(self):
        self.alive()
        return json.loads(self.fetch("/watch.json"))

    def until(self, what, condition):
        """Polls until `condition(watch.json)` holds; returns that state."""
        deadline = time.monotonic() + HANG_GUARD_S
        while time.monotonic() < deadline:
            state = self.watch()
            if condition(state):
                return state
            time.sleep(POLL_S)
        raise RuntimeError(f"{what}: not within {HANG_GUARD_S} s; /watch.json says {self.watch()}")

    def serves(self, what, terrain, state_wanted):
        """Polls until the package served holds `terrain` as the north-west
        patch's document, with /watch.json in a state `state_wanted` accepts."""
        def served(state):
            return state_wanted(state) and self.fetch("/world/package/terrain/p-0-0.json") == terrain
        return self.until(what, served)

    def stop(self):
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=HANG_GUARD_S)
        except subprocess.TimeoutExpired:
            self.process.kill()
            code = f"none: it did not stop within {HANG_GUARD_S} s of SIGINT"
        self.reader.join()
        return code, "".join(self.lines)


def run(tool, *arguments):
    subprocess.run([tool, *arguments], check=True, stdout=subprocess.DEVNULL)


def save_in_place(file, source):
    """As `cp` saves: the file opened, cut to nothing, written, closed."""
    shutil.copyfile(source, file)


def save_by_rename(file, source):
    """As an editor saves: written beside it, then renamed over it."""
    part = file.with_name(file.name + ".part")
    shutil.copyfile(source, part)
    os.replace(part, file)


def preload(tool, shim):
    """LD_PRELOAD for the shim: after the AddressSanitizer runtime when the
    tool is a sanitize build's (it refuses to start with another library
    first)."""
    linked = subprocess.run(["ldd", tool], check=True, capture_output=True, text=True).stdout
    runtime = re.search(r"=> (\S*/libasan\.so[.\d]*)", linked)
    return f"{runtime.group(1)}:{shim}" if runtime else shim


def make_world(tool, work):
    """A 2 x 2 layout of 256² islands; returns the layout, the north-west
    source and versions of it."""
    world = work / "world"
    world.mkdir()
    sources = []
    for row in range(2):
        for col in range(2):
            name = "nw" if row == col == 0 else f"s{row}{col}"
            run(tool, "synth", "--seed", str(7301 + 2 * row + col), "--size", "256", "--spacing", "10",
                "--out", str(world / f"{name}.dat"))
            sources.append({"id": name, "namespace": name, "path": f"{name}.dat", "row": row, "col": col})
    layout = world / "layout.json"
    layout.write_text(json.dumps({"format": "terrain-world.layout", "schema_version": 1, "name": "saved",
                                  "spacing_m": 10, "height_scale_m": 251.0, "gap_cells": 16, "sources": sources}))
    versions = [work / "version-0.dat"]
    shutil.copyfile(world / "nw.dat", versions[0])
    for v in range(1, VERSIONS + 1):
        versions.append(work / f"version-{v}.dat")
        run(tool, "synth", "--seed", str(7390 + v), "--size", "256", "--spacing", "10", "--out", str(versions[-1]))
    return layout, world / "nw.dat", versions


def terrain_of(tool, layout, nw, version, output):
    """The north-west patch's document of the layout compiled with `version` as its source."""
    save_by_rename(nw, version)
    run(tool, "run", "compile", str(layout), str(output), "--quiet")
    return (output / "terrain" / "p-0-0.json").read_bytes()


def main():
    tool, shim = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory(prefix="isla-view-saves-") as work:
        work = pathlib.Path(work)
        layout, nw, versions = make_world(tool, work)
        terrains = [terrain_of(tool, layout, nw, version, work / f"compiled-{v}") for v, version in enumerate(versions)]
        check(len(set(terrains)) == len(terrains), "two versions make the same terrain")
        save_by_rename(nw, versions[0])
        armed = work / "armed"
        env = dict(os.environ, XDG_CACHE_HOME=str(work / "cache"), LD_PRELOAD=preload(tool, shim),
                   ISLA_TEST_TRUNCATE_MAPPED=str(nw), ISLA_TEST_TRUNCATE_TO="4096",
                   ISLA_TEST_TRUNCATE_ARMED=str(armed))
        view = View(tool, layout, env)
        try:
            view.serves("version 1", terrains[0], lambda state: state["version"] == 1)

            # 50 saves, in place but every fifth, cycling through more versions
            # than the view keeps compiled; after every third, the next ones
            # wait for a compile to start, so that they land while it reads.
            errors = set()
            last = 0
            for save in range(SAVES):
                last = 1 + save % (VERSIONS - 1)
                before = view.compiles()
                (save_by_rename if save % 5 == 4 else save_in_place)(nw, versions[last])
                if save % 3 == 2 and save < SAVES - 1:
                    view.until_compiles(f"a compile after save {save + 1}", before + 1)
                    error = view.watch()["error"]
                    if error:
                        errors.add(error.splitlines()[0])
            print(f"{SAVES} saves made, {view.compiles()} compiles started; reported on the way: "
                  f"{sorted(errors) or 'nothing'}")
            state = view.serves("the last save", terrains[last], lambda s: not s["compiling"] and s["error"] is None)
            print(f"the last save is served as version {state['version']}")

            # At an exact point: the source cut short as the next compile maps
            # it (a version never compiled, so that it is read).
            armed.write_text("")
            save_in_place(nw, versions[VERSIONS])
            state = view.until("the cut reported", lambda s: not s["compiling"] and s["error"])
            check(f"'{nw}' changed while being read (it was cut short as it was read)" in state["error"],
                  f"/watch.json does not say the source changed while being read: {state['error']}")
            check(not armed.exists() and nw.stat().st_size == 4096, "the shim did not cut the source")
            check(view.fetch("/world/package/terrain/p-0-0.json") == terrains[last],
                  "the version before the cut is no longer served")
            save_in_place(nw, versions[VERSIONS])
            state = view.serves("the save after the cut", terrains[VERSIONS],
                                lambda s: not s["compiling"] and s["error"] is None)
            print(f"the save after the cut is served as version {state['version']}")
        finally:
            code, stderr = view.stop()
        check(code == 0, f"exit code after SIGINT: {code}; stderr:\n{stderr}")
    if failures:
        print(f"{len(failures)} checks failed", file=sys.stderr)
        return 1
    print("watch_saves_test: every check passed")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as error:
        print(f"watch_saves_test: {error}", file=sys.stderr)
        sys.exit(1)
