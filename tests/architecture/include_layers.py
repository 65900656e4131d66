#!/usr/bin/python3
# SPDX-License-Identifier: MIT
"""The folders include each other downward only (docs/architecture.md).

Builds the folder-level include graph from the sources and fails on a cycle,
on an include that goes up (or sideways across) a layer, on an include it
cannot resolve, and on a plugin of a kernel-only kind (sections, validators)
that includes anything outside the kernel. The layers are read from
docs/architecture.md's `layers` block, so the page and the check cannot
disagree.

    include_layers.py SOURCE_DIR          check the project
    include_layers.py --self-test         check the checker on made-up trees
"""
import pathlib
import re
import sys
import tempfile

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.MULTILINE)
CLOSING = {"<": ">", '"': '"'}
SOURCE_SUFFIXES = {".cpp", ".hpp", ".h", ".in"}
# What is checked: the shipped code. Tests, benchmarks and fuzzers sit above
# everything and may use anything.
CHECKED = ("kernel", "libs", "plugins", "apps", "python", "examples")
# Plugin kinds that build against the kernel alone.
KERNEL_ONLY = ("plugins/sections/", "plugins/validators/", "examples/third-party-plugin")


def read_layers(architecture):
    """The `layers` block: one layer a line, lowest first; '*' ends a prefix."""
    text = architecture.read_text()
    block = re.search(r"<!-- layers -->\s*```\n(.*?)```", text, re.DOTALL)
    if not block:
        raise SystemExit(f"{architecture}: no ```-fenced block after <!-- layers -->")
    layers = []
    for line in block.group(1).splitlines():
        names = line.split("#", 1)[0].split()
        if names:
            layers.append(names)
    return layers


def node_of(relative):
    """The folder a source file belongs to, or None when it is not checked."""
    parts = relative.parts
    if not parts or parts[0] not in CHECKED or "test" in parts or "tests" in parts:
        return None
    if parts[0] == "kernel":
        # kernel/include/isla/<stage>/..., kernel/src/<stage>/...; kernel.hpp/.cpp: "kernel".
        inner = parts[3:] if parts[1] == "include" else parts[2:]
        return "kernel" if len(inner) == 1 else inner[0]
    if parts[0] == "libs":
        # libs/<lib>/include/isla/<stage>/..., libs/<lib>/src[/<stage>]/...
        inner = parts[4:] if parts[2] == "include" else parts[3:]
        return inner[0] if len(inner) > 1 else parts[1]
    if parts[0] in ("plugins", "examples"):
        return "/".join(parts[:3]) if parts[0] == "plugins" else "/".join(parts[:2])
    if parts[0] == "apps":
        return "/".join(parts[:2])
    return parts[0]  # python


def include_roots(root):
    roots = sorted(root.glob("kernel/include")) + sorted(root.glob("libs/*/include"))
    roots += sorted(root.glob("apps/*/include")) + [root / "apps/isla-tool"]
    roots += sorted(p for p in root.glob("plugins/common/*") if p.is_dir())
    return roots


def resolve(root, roots, including, quote, target):
    """The included file, or None for a system header."""
    candidates = []
    if quote == '"':
        candidates.append(including.parent / target)
    candidates += [r / target for r in roots]
    for candidate in candidates:
        if candidate.is_file():
            return candidate.resolve().relative_to(root)
    if quote == '"' or target.startswith("isla/"):
        raise LookupError(target)
    return None


def build_graph(root):
    """{(from, to): first 'file: #include' seen}; a list of unresolved includes."""
    roots = include_roots(root)
    edges, unresolved = {}, []
    for top in CHECKED:
        for path in sorted((root / top).rglob("*")):
            if path.suffix not in SOURCE_SUFFIXES or not path.is_file():
                continue
            relative = path.relative_to(root)
            source = node_of(relative)
            if source is None:
                continue
            for quote, target in INCLUDE.findall(path.read_text(errors="replace")):
                try:
                    included = resolve(root, roots, path.resolve(), quote, target)
                except LookupError:
                    unresolved.append(f"{relative}: #include {quote}{target}{CLOSING[quote]}")
                    continue
                if included is None:
                    continue
                destination = node_of(included)
                if destination is not None and destination != source:
                    edges.setdefault((source, destination), f"{relative}: #include {quote}{target}{CLOSING[quote]}")
    return edges, unresolved


def find_cycle(edges):
    """One cycle as a list of nodes (first repeated last), or None."""
    successors = {}
    for a, b in sorted(edges):
        successors.setdefault(a, []).append(b)
    state = {}

    def visit(node, path):
        state[node] = "open"
        path.append(node)
        for following in successors.get(node, []):
            if state.get(following) == "open":
                return path[path.index(following):] + [following]
            if following not in state:
                found = visit(following, path)
                if found:
                    return found
        state[node] = "done"
        path.pop()
        return None

    for node in sorted(successors):
        if node not in state:
            found = visit(node, [])
            if found:
                return found
    return None


def layer_index(layers, node):
    for index, names in enumerate(layers):
        for name in names:
            if name == node or (name.endswith("*") and node.startswith(name[:-1])):
                return index
    return None


def check(root, layers):
    """Every problem found, as lines of text."""
    edges, unresolved = build_graph(root)
    problems = [f"unresolved: {line}" for line in unresolved]
    cycle = find_cycle(edges)
    if cycle:
        problems.append("cycle: " + " -> ".join(cycle))
        for a, b in zip(cycle, cycle[1:]):
            problems.append(f"  {a} -> {b}: {edges[(a, b)]}")
    kernel = {node_of(p.relative_to(root)) for p in (root / "kernel").rglob("*") if p.suffix in SOURCE_SUFFIXES}
    nodes = {n for edge in edges for n in edge} | kernel
    for node in sorted(nodes):
        if layer_index(layers, node) is None:
            problems.append(f"{node}: in no layer of docs/architecture.md")
    for (a, b), example in sorted(edges.items()):
        upper, lower = layer_index(layers, a), layer_index(layers, b)
        if upper is not None and lower is not None and lower >= upper:
            way = "sideways" if lower == upper else "up"
            problems.append(f"{a} -> {b} goes {way} a layer: {example}")
        if a.startswith(KERNEL_ONLY) and b not in kernel:
            problems.append(f"{a} -> {b}: a {a.split('/')[1]} plugin builds against the kernel alone: {example}")
    return problems


def self_test():
    """The checker finds what it must on made-up trees."""
    layers = [["base"], ["model"], ["world"], ["compile"], ["cache"], ["plugins/sections/*", "plugins/exporters/*"]]
    cases = {
        "clean": ({"kernel/include/isla/model/a.hpp": '#include "isla/base/b.hpp"',
                   "kernel/include/isla/base/b.hpp": "",
                   "libs/world/include/isla/world/w.hpp": "#include <isla/model/a.hpp>",
                   "plugins/exporters/e/e.cpp": "#include <isla/world/w.hpp>",
                   "plugins/sections/s/s.cpp": "#include <isla/model/a.hpp>\n#include <vector>"}, []),
        "cycle": ({"kernel/include/isla/model/a.hpp": '#include "isla/base/b.hpp"',
                   "kernel/include/isla/base/b.hpp": '#include "isla/model/a.hpp"'}, ["cycle: ", "goes up"]),
        "up": ({"kernel/src/base/b.cpp": '#include "isla/model/a.hpp"',
                "kernel/include/isla/model/a.hpp": ""}, ["base -> model goes up a layer"]),
        "section": ({"kernel/include/isla/model/a.hpp": "",
                     "libs/world/include/isla/world/w.hpp": "",
                     "plugins/sections/s/s.cpp": "#include <isla/world/w.hpp>"}, ["builds against the kernel alone"]),
        "unresolved": ({"kernel/src/base/b.cpp": '#include "missing.hpp"'}, ["unresolved: "]),
        # A library's folders by job (libs/jobs/src/<job>/): a private header of a higher one, by its relative path.
        "job-up": ({"libs/jobs/src/compile/c.cpp": '#include "../cache/k.hpp"',
                    "libs/jobs/src/cache/k.hpp": '#include "isla/compile/c.hpp"',
                    "libs/jobs/include/isla/compile/c.hpp": ""}, ["cycle: ", "compile -> cache goes up a layer"]),
        "unlayered": ({"kernel/src/io/b.cpp": ""}, ["io: in no layer"]),
    }
    failures = 0
    for name, (files, expected) in cases.items():
        with tempfile.TemporaryDirectory() as scratch:
            root = pathlib.Path(scratch).resolve()
            for relative, text in files.items():
                (root / relative).parent.mkdir(parents=True, exist_ok=True)
                (root / relative).write_text(text + "\n")
            problems = check(root, layers)
        found = "\n".join(problems)
        if (not expected and problems) or any(part not in found for part in expected):
            failures += 1
            print(f"FAIL self-test {name}: expected {expected}, found:\n{found}", file=sys.stderr)
    return failures


def main():
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(1 if self_test() else 0)
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    root = pathlib.Path(sys.argv[1]).resolve()
    layers = read_layers(root / "docs" / "architecture.md")
    problems = check(root, layers)
    edges, _ = build_graph(root)
    print(f"{len({n for e in edges for n in e})} folders, {len(edges)} include edges between them, "
          f"{len(layers)} layers")
    for problem in problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
