"""Which path runs analysis's hot module, the double-dummy search (``analysis/search.py``):
compiled by ``tools/build_engine.py`` into ``analysis/_native/``, or the plain source.

The same rules as the engine's (``engine.native.CompiledModules``): the build is loaded
only when it matches the source and its ``.pxd`` as they are now, a stale build warns
and runs the source, and ``EUCHRE_ENGINE_PURE=1`` chooses the plain source. The search
is about 70% of a bidding hint's time in plain Python; compiled, a hint takes half as
long (benchmarks/hint_latency.py).

``SEARCH_PATH`` says which path was chosen ("compiled" or "pure"), ``WHY`` why.
"""

from __future__ import annotations

from pathlib import Path

from engine.native import CompiledModules

HOT_MODULES = ("search",)
ANALYSIS = CompiledModules("analysis", Path(__file__).resolve().parent, HOT_MODULES)
SEARCH_PATH, WHY = ANALYSIS.choose()
