"""compile_world(..., cache=...): a patch made before is placed from the cache,
and the package is a fresh compile's, byte for byte."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support import tree

from world_compiler.compiler import compile_world
from world_compiler.contracts import CompilerError


def test_a_compile_through_the_cache_is_a_fresh_one(small_layout: Path) -> None:
    directory = small_layout.parent
    cache = directory / "cache"
    fresh = compile_world(small_layout, directory / "fresh", jobs=2)
    first = compile_world(small_layout, directory / "first", cache=cache)
    second = compile_world(small_layout, directory / "second", cache=str(cache), cache_max_bytes=1 << 30)
    assert first == fresh
    assert second == fresh
    assert tree(directory / "first") == tree(directory / "fresh")
    assert tree(directory / "second") == tree(directory / "fresh")
    # The second placed the first's terrain from the cache, as a file of its own (issue 57: an
    # edit of one package never reaches another).
    assert not os.path.samefile(directory / "first" / "terrain" / "p-0-0.json",
                                directory / "second" / "terrain" / "p-0-0.json")


def test_an_exporter_that_cannot_use_the_cache_is_refused(small_layout: Path) -> None:
    directory = small_layout.parent
    with pytest.raises(CompilerError) as raised:
        compile_world(small_layout, directory / "png", exporter="png", cache=directory / "cache")
    assert str(raised.value) == ("exporter 'png' (plugin png) cannot use keyword argument 'cache': its output is not "
                                 "made patch by patch, each patch from its own inputs alone; compile without keyword "
                                 "argument 'cache'")
    assert not (directory / "png").exists()
    with pytest.raises(ValueError, match="cache_max_bytes must be a whole number of bytes, not -1"):
        compile_world(small_layout, directory / "world", cache=directory / "cache", cache_max_bytes=-1)
