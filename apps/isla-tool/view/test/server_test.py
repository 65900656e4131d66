#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""`isla-tool view`'s HTTP server over raw sockets: content types, HEAD and
Range; /watch.json, held in memory, saying the view does not watch; traversal, encoded slashes, absolute and over-long targets, other
methods, bodies and garbage refused without leaking a byte outside the
roots; 200 concurrent connections served; a client that hangs dropped after
the request timeout while others are served; SIGINT ends it with exit 0 and
leaves no file in its temporary directory or stage in its cache. And the
command line: usage errors exit 2, bad input (a missing file, a package that is
no world, a bad --bind) 1, each with its message; a bare 3D Tiles export is served as
it is; a package given as its world.json is the package, a layout called
world.json a layout; a second view reuses the cache entry and says so;
--bind 0.0.0.0 warns. Last, SIGINT before the compile, as its stage is made,
as the cache entry is published and just after (strace sends it as the tool
enters the system call of that point): the view dies by SIGINT after its
line, and the cache holds the complete entry or none.

Every wait is on something the test observes (a line, an exit, a closed
connection); the timeouts are hang guards only. Exits 77 (skipped) when
strace is missing, 1 under CI=true.

    server_test.py ISLA_TOOL
"""
import os
import pathlib
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

REQUEST_TIMEOUT_S = 10  # ServerSettings::requestTimeout
HANG_GUARD_S = 300  # for a wait that would otherwise never end: no check may need it
failures = []
skipped = []


def check(condition, message):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


def exchange(port, raw, timeout=HANG_GUARD_S):
    """Sends raw bytes, returns (status, headers, body) of the one response."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as connection:
        connection.sendall(raw)
        data = b""
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
            if b"\r\n\r\n" in data:
                head, _, body = data.partition(b"\r\n\r\n")
                length = re.search(rb"(?i)content-length: *(\d+)", head)
                if length and len(body) >= int(length.group(1)):
                    break
                if raw.startswith(b"HEAD") and length:
                    break
    if not data:
        return None, {}, b""
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.strip().lower(): v.strip() for k, v in (line.split(":", 1) for line in lines[1:])}
    return status, headers, body


def get(port, target, extra="", method="GET"):
    return exchange(port, f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n{extra}\r\n"
                    .encode("latin-1"))


def main():
    tool = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="isla-view-test-") as work:
        work = pathlib.Path(work)
        subprocess.run([tool, "synth", "--seed", "7", "--size", "256", "--out", str(work / "small.dat")],
                       check=True, stdout=subprocess.DEVNULL)
        (work / "small.txt").write_text("not a world")
        cache, temp = work / "cache", work / "tmp"
        temp.mkdir()
        env = dict(os.environ, XDG_CACHE_HOME=str(cache), TMPDIR=str(temp))
        server = subprocess.Popen([tool, "view", str(work / "small.dat"), "--no-open", "--quiet"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = server.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if not match:
            server.kill()
            print(f"no URL on stdout: {line!r}; stderr: {server.stderr.read()}", file=sys.stderr)
            return 1
        port = int(match.group(1))
        entry = next(p for p in (cache / "isla-tool" / "view").iterdir())
        try:
            serving(port, entry)
            hanging_client(port)
            command_line(tool, work, env)
        finally:
            server.send_signal(signal.SIGINT)
            try:
                code = server.wait(timeout=HANG_GUARD_S)
            except subprocess.TimeoutExpired:
                server.kill()
                code = f"none: it did not stop within {HANG_GUARD_S} s of SIGINT"
        check(code == 0, f"exit code after SIGINT: {code}; stderr: {server.stderr.read()}")
        check(not any(temp.iterdir()), f"left in TMPDIR: {list(temp.iterdir())}")
        entries = sorted(p.name for p in (cache / "isla-tool" / "view").iterdir())
        check(entry.name in entries and len(entries) <= 2, f"the cache holds {entries}")
        interrupted(tool, work, entry)
    if failures:
        print(f"{len(failures)} checks failed", file=sys.stderr)
        return 1
    if skipped:
        print(f"server_test: skipped: {'; '.join(skipped)}")
        return 77
    print("server_test: every check passed")
    return 0


def run_in_own_group(command, env):
    """Runs `command` (strace and the view it traces) in a process group of its
    own, killed whole if the hang guard ends the wait: strace killed alone
    would leave the view serving. Returns (exit code, stderr)."""
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    try:
        _, stderr = process.communicate(timeout=HANG_GUARD_S)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        _, stderr = process.communicate()
    return process.returncode, stderr


def files_below(root):
    return {p.relative_to(root): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def interrupted(tool, work, entry):
    """SIGINT at each point of a view of small.dat into an empty cache: as it
    looks for its cache entry (before the compile), as the entry's stage is
    made, as it reserves the entry's name to publish it, and as it marks the
    entry used, just after. strace sends the signal as the tool enters that
    call, on that path (the entry's name is `entry`'s: same input, same
    plugins). Each time the view dies by SIGINT after one line, and the cache
    holds nothing, or the entry byte for byte as the first view made it."""
    strace = shutil.which("strace")
    if not strace:
        why = "strace is not on PATH (Debian: strace; scripts/install-deps installs it)"
        if os.environ.get("CI") == "true":
            check(False, f"the interrupted views cannot run under CI=true: {why}")
        else:
            skipped.append(f"the interrupted views: {why}")
        return
    points = [
        ("as it looks for its cache entry", "newfstatat", True, False),
        ("as the entry's stage is made", "chmod", False, False),
        ("as it publishes the entry", "mkdir", True, True),
        ("as it marks the entry used", "utimensat", True, True),
    ]
    for k, (point, call, on_entry, published) in enumerate(points):
        views = work / f"cache-interrupted-{k}" / "isla-tool" / "view"
        target = views / entry.name
        command = [strace, "-f", "-qq", "-o", "/dev/null", "-e", f"trace={call}", "-e",
                   f"inject={call}:signal=SIGINT:when=1", *(["-P", str(target)] if on_entry else []), "--",
                   tool, "view", str(work / "small.dat"), "--no-open", "--quiet"]
        # LeakSanitizer cannot stop a traced process's threads: no leak check under strace.
        asan = ":".join(filter(None, [os.environ.get("ASAN_OPTIONS"), "detect_leaks=0"]))
        env = dict(os.environ, XDG_CACHE_HOME=str(views.parent.parent), ASAN_OPTIONS=asan)
        code, stderr = run_in_own_group(command, env)
        line = f"isla-tool: interrupted by SIGINT after writing '{target}'" if published else \
            "isla-tool: interrupted by SIGINT; nothing was written"
        check(code == -signal.SIGINT and stderr.endswith(line + "\n"),
              f"SIGINT {point}: exit {code}, not killed by SIGINT with the line {line!r}: {stderr!r}")
        left = sorted(p.name for p in views.iterdir()) if views.exists() else []
        check(left == ([entry.name] if published else []), f"SIGINT {point}: the cache holds {left}")
        if published and left:
            check(files_below(target) == files_below(entry), f"SIGINT {point}: the entry differs from a whole view's")


def command_line(tool, work, env):
    """Usage errors exit 2, bad input 1, each saying what to do; a second
    view of the same input reuses the cache entry and says so; --bind to
    another address than loopback warns."""
    def run(*arguments):
        return subprocess.run([tool, "view", *arguments], env=env, capture_output=True, text=True,
                              timeout=HANG_GUARD_S)
    for arguments, code, message in [
        ((), 2, "isla-tool view: give PATH: a 3D Tiles export, a package directory, LAYOUT.json, FILE.dat or "
                "BUNDLE.zip"),
        ((str(work / "small.dat"), "--port", "70000"), 2, "--port takes 1 to 65535 (0 or none: a free one), not 70000"),
        ((str(work / "small.dat"), "--exaggeration", "0"), 2,
         "isla-tool view: --exaggeration takes auto or a number from 0.1 to 100, not '0'"),
        ((str(work / "small.dat"), "--exaggeration", "flat"), 2,
         "isla-tool view: --exaggeration takes auto or a number from 0.1 to 100, not 'flat'"),
        ((str(work / "small.dat"), "--exaggeration", "2x"), 2,
         "isla-tool view: --exaggeration takes auto or a number from 0.1 to 100, not '2x'"),
        ((str(work / "small.txt"),), 2, "isla-tool view: PATH is a 3D Tiles export directory, a package directory, "
                                        "LAYOUT.json, FILE.dat or BUNDLE.zip, not"),
        ((str(work / "missing.dat"),), 1, "missing.dat is not a 3D Tiles export (a directory with tileset.json), a "
                                          "Terrain World package (a directory with world.json), a layout, a .dat or "
                                          "a viewer-bundle .zip"),
        ((str(work / "small.dat"), "--bind", "localhost:80"), 1, "'localhost:80' is not an IP address to bind to"),
        ((str(work),), 1, "is not a 3D Tiles export"),
    ]:
        result = run(*arguments)
        check(result.returncode == code and message in result.stderr,
              f"view {' '.join(arguments)}: exit {result.returncode}, stderr {result.stderr!r}")
    (work / "package").mkdir()
    (work / "package" / "world.json").write_text("{}")
    result = run(str(work / "package"))
    check(result.returncode == 1 and "package is not a valid terrain-world-v1 package; nothing was written"
          in result.stderr, f"view of a package that is no world: {result.stderr!r}")

    entry = next((work / "cache" / "isla-tool" / "view").iterdir())
    tiles = subprocess.Popen([tool, "view", str(entry / "tiles"), "--no-open", "--quiet"], env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    port = int(re.search(r":(\d+)/", tiles.stdout.readline()).group(1))
    status, _, body = get(port, "/world/tiles/tileset.json")
    check(status == 200 and body == (entry / "tiles" / "tileset.json").read_bytes(), f"a bare export's tileset: {status}")
    status, _, _ = get(port, "/world/package/world.json")
    check(status == 404, f"a bare export's package: {status}, not 404")
    tiles.send_signal(signal.SIGINT)
    check(tiles.wait(timeout=HANG_GUARD_S) == 0, "a bare export's server: not exit 0 on SIGINT")

    world_json(tool, work, entry / "package", dict(env, XDG_CACHE_HOME=str(work / "cache-json")))

    server = subprocess.Popen([tool, "view", str(work / "small.dat"), "--no-open", "--bind", "0.0.0.0"], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    server.send_signal(signal.SIGINT)
    _, stderr = server.communicate(timeout=HANG_GUARD_S)
    check(re.search(r"serving the viewer at http://127\.0\.0\.1:\d+/", line), f"--bind 0.0.0.0: {line!r}")
    check("the cache already holds it: " in stderr, f"a second view: {stderr!r}")
    check("warning: serving on 0.0.0.0, not loopback: other machines that reach this one can read the world and "
          "the viewer" in stderr, f"--bind 0.0.0.0: {stderr!r}")
    check(server.returncode == 0, f"--bind 0.0.0.0: exit {server.returncode} after SIGINT")



def world_json(tool, work, package, env):
    """A package given as its world.json is that package, served from where
    it lies; a layout called world.json is still a layout, compiled."""
    layouts = work / "layouts"
    layouts.mkdir()
    (layouts / "world.json").write_text(
        '{"format": "terrain-world.layout", "schema_version": 1, "name": "named-world", "sources": '
        '[{"id": "s", "namespace": "s", "path": "../small.dat", "row": 0, "col": 0}]}')
    for path, name in [(package / "world.json", "small"), (layouts / "world.json", "named-world")]:
        server = subprocess.Popen([tool, "view", str(path), "--no-open", "--quiet"], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        match = re.search(r":(\d+)/", server.stdout.readline())
        if match:
            status, _, body = get(int(match.group(1)), "/world/package/world.json")
            served = re.search(rb'"name": "([^"]*)"', body)
            check(status == 200 and served and served.group(1).decode() == name,
                  f"view {path}: its world.json {status}, named {served and served.group(1)}, not {name}")
            if name == "small":
                check(body == path.read_bytes(), f"view {path}: the package's world.json is not served as it lies")
            server.send_signal(signal.SIGINT)
        _, stderr = server.communicate(timeout=30)
        check(match and server.returncode == 0, f"view {path}: exit {server.returncode}, {stderr!r}")


def serving(port, entry):
    tileset = (entry / "tiles" / "tileset.json").read_bytes()
    for target, type_ in [("/", "text/html; charset=utf-8"), ("/viewer.js", "text/javascript; charset=utf-8"),
                          ("/world/tiles/tileset.json", "application/json"),
                          ("/world/tiles/scenery.glb", "model/gltf-binary"),
                          ("/world/tiles/biome/small.png", "image/png")]:
        status, headers, _ = get(port, target)
        check(status == 200 and headers.get("content-type") == type_,
              f"GET {target}: {status} {headers.get('content-type')}, not 200 {type_}")
    status, headers, body = get(port, "/world/tiles/tileset.json")
    check(body == tileset, "GET tileset.json: not the file's bytes")
    samples = list((entry / "samples").iterdir())
    status, _, body = get(port, f"/world/samples/{samples[0].name}")
    check(status == 200 and body == samples[0].read_bytes(), f"GET {samples[0].name}: {status}, not its bytes")

    status, headers, body = get(port, "/world/tiles/tileset.json", method="HEAD")
    check(status == 200 and headers.get("content-length") == str(len(tileset)) and body == b"",
          f"HEAD: {status}, Content-Length {headers.get('content-length')}, {len(body)} body bytes")
    watching = b'{"watching":false}'
    for target in ["/watch.json", "/watch.json?at=1"]:
        status, headers, body = get(port, target)
        check(status == 200 and headers.get("content-type") == "application/json" and body == watching and
              headers.get("cache-control") == "no-cache", f"GET {target}: {status} {headers} {body!r}")
    status, headers, body = get(port, "/watch.json", method="HEAD")
    check(status == 200 and headers.get("content-length") == str(len(watching)) and body == b"",
          f"HEAD /watch.json: {status}, Content-Length {headers.get('content-length')}, {len(body)} body bytes")
    size = len(tileset)
    for range_, first, last in [("bytes=10-19", 10, 19), ("bytes=-5", size - 5, size - 1),
                                (f"bytes={size - 3}-", size - 3, size - 1), ("bytes=0-99999999", 0, size - 1)]:
        status, headers, body = get(port, "/world/tiles/tileset.json", f"Range: {range_}\r\n")
        check(status == 206 and body == tileset[first:last + 1] and
              headers.get("content-range") == f"bytes {first}-{last}/{size}",
              f"Range {range_}: {status} {headers.get('content-range')}")
    status, headers, _ = get(port, "/world/tiles/tileset.json", f"Range: bytes={size}-\r\n")
    check(status == 416 and headers.get("content-range") == f"bytes */{size}", f"Range past the end: {status}")
    status, _, body = get(port, "/world/tiles/tileset.json", "Range: bytes=0-1,5-6\r\n")
    check(status == 200 and body == tileset, f"two ranges: {status}, not the whole file")

    secret = "isla-view-secret"
    refused = [
        ("/../../../../etc/passwd", 400), ("/%2e%2e/%2e%2e/%2e%2e/etc/passwd", 400),
        ("/world/tiles/..%2f..%2f..%2fetc/passwd", 400), ("/world%2ftiles/tileset.json", 400),
        ("/world/tiles/%2E%2E/package/world.json", 400), ("/world/tiles/%5c..%5c..%5cpackage", 400),
        ("/world/tiles\\..\\package/world.json", 400), ("/./viewer.js", 400),
        ("//etc/passwd", 400), ("http://127.0.0.1/etc/passwd", 400), ("/etc/passwd", 404),
        ("/world/tiles/", 404), ("/world/", 404), ("/vendor", 404), ("/vendor/", 404),
        ("/world/tiles/%zz", 400), ("/world/tiles/%00tileset.json", 400), ("/" + "a" * 4000, 414),
        (f"/world/{secret}", 404),
    ]
    for target, expected in refused:
        status, _, body = get(port, target)
        check(status == expected and b"root:" not in body and b"format" not in body,
              f"GET {target[:60]}: {status}, not {expected}")
    status, headers, _ = get(port, "/", method="POST")
    check(status == 405 and headers.get("allow") == "GET, HEAD", f"POST: {status} {headers.get('allow')}")
    status, _, _ = get(port, "/", method="DELETE")
    check(status == 405, f"DELETE: {status}")
    status, _, _ = get(port, "/", "Content-Length: 10\r\n\r\n0123456789")
    check(status == 413, f"GET with a body: {status}")
    status, _, _ = exchange(port, b"HELLO THERE\r\n\r\n")
    check(status == 400, f"garbage: {status}")
    status, _, _ = get(port, "/" + "a" * 20000)
    check(status in (431, None), f"a 20 kB target: {status}, not 431 or a dropped connection")

    connections = []
    for _ in range(200):
        connection = socket.create_connection(("127.0.0.1", port), timeout=HANG_GUARD_S)
        connection.sendall(b"GET /world/tiles/tileset.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        connections.append(connection)
    answered = 0
    for connection in connections:
        data = b""
        while chunk := connection.recv(65536):
            data += chunk
        connection.close()
        answered += data.startswith(b"HTTP/1.1 200") and data.endswith(tileset)
    check(answered == 200, f"{answered} of 200 concurrent connections answered in full")


def hanging_client(port):
    """Two clients that never finish a request are dropped, not before the
    request timeout (measured from before they connected: the server's
    timer starts later) and within three times it (a bound no load comes
    near), while another is served meanwhile."""
    started = time.monotonic()
    hanging = socket.create_connection(("127.0.0.1", port), timeout=3 * REQUEST_TIMEOUT_S)
    hanging.sendall(b"GET /world/tiles/tileset.json HTTP/1.1\r\nHost: x\r\n")  # and nothing more
    silent = socket.create_connection(("127.0.0.1", port), timeout=3 * REQUEST_TIMEOUT_S)
    status, _, _ = get(port, "/world/tiles/tileset.json")
    check(status == 200, f"with a client hanging: {status}")
    for name, connection in [("a client that stops mid-request", hanging), ("a client that sends nothing", silent)]:
        try:
            closed = connection.recv(1) == b""
        except (ConnectionResetError, socket.timeout):
            closed = False
        waited = time.monotonic() - started
        check(closed and waited >= REQUEST_TIMEOUT_S, f"{name}: closed {closed} after {waited:.1f} s")
        connection.close()


if __name__ == "__main__":
    sys.exit(main())
