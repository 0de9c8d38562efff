"""Which path runs the hot modules: compiled (Cython) or the plain Python sources.

The hot path of play (``HOT_MODULES``) may be compiled by ``tools/build_engine.py``
into ``engine/_native/``, a folder of its own: never beside the sources, so Python's
ordinary import never finds a compiled module. The only way one is loaded is through
the finder installed here, and only when every compiled module was built from the
sources as they are now: ``engine/_native/manifest.json`` records, for each module,
the SHA-256 of its ``.py`` (and ``.pxd``) at build time and of the built file, and
both are checked at import. If a source changed since the build, or a built file
does not match its record, the engine warns and runs the plain sources: old code
never runs silently. With no build at all, the sources run, without a warning.

``EUCHRE_ENGINE_PURE=1`` in the environment chooses the plain sources whatever is built.

``ENGINE_PATH`` says which path was chosen ("compiled" or "pure"), ``WHY`` why.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import types
import warnings
from collections.abc import Sequence
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent
NATIVE_DIR = ENGINE_DIR / "_native"
MANIFEST = NATIVE_DIR / "manifest.json"
# In import order; compiled together, so they are chosen together.
HOT_MODULES = ("tables", "state", "legality", "tricks", "hand")
PURE_ENV = "EUCHRE_ENGINE_PURE"
# The name a built module has for this interpreter: tricks.cpython-311-x86_64-linux-gnu.so
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


class StaleBuildWarning(UserWarning):
    """The compiled engine does not match the sources: the plain sources run instead."""


def source_digest(name: str) -> str:
    """SHA-256 of a hot module's source and its ``.pxd`` (type declarations), if any."""
    digest = hashlib.sha256((ENGINE_DIR / f"{name}.py").read_bytes())
    pxd = ENGINE_DIR / f"{name}.pxd"
    if pxd.exists():
        digest.update(b"\0pxd\0" + pxd.read_bytes())
    return digest.hexdigest()


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def built_path(name: str) -> Path:
    return NATIVE_DIR / f"{name}{SUFFIX}"


def check_build(honour_env: bool = True) -> tuple[bool, str]:
    """Whether the compiled modules may run, and why (or why not)."""
    if honour_env and os.environ.get(PURE_ENV, "") not in ("", "0"):
        return False, f"{PURE_ENV} is set"
    if not MANIFEST.exists() and not any(built_path(n).exists() for n in HOT_MODULES):
        return False, "no compiled build (tools/build_engine.py makes one)"
    try:
        manifest = json.loads(MANIFEST.read_text(encoding="utf-8"))
        modules = manifest["modules"]
        for name in HOT_MODULES:
            entry = modules[name]
            if entry["source_sha256"] != source_digest(name):
                return False, f"engine/{name}.py changed since it was compiled"
            if entry["built_sha256"] != file_digest(built_path(name)):
                return False, f"{built_path(name).name} is not the file that was built"
    except (OSError, ValueError, KeyError, TypeError) as error:
        return False, f"the compiled build is incomplete ({error!r})"
    return True, f"compiled by Cython {manifest.get('cython', '?')}"


class _CompiledFinder:
    """Finds ``engine.<hot module>`` in ``engine/_native/``, and nothing else."""

    names = {f"engine.{name}": name for name in HOT_MODULES}

    @classmethod
    def find_spec(
        cls,
        fullname: str,
        path: Sequence[str] | None = None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        name = cls.names.get(fullname)
        if name is None:
            return None
        location = str(built_path(name))
        loader = importlib.machinery.ExtensionFileLoader(fullname, location)
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)


def _choose() -> tuple[str, str]:
    ok, why = check_build()
    if ok:
        if _CompiledFinder not in sys.meta_path:
            sys.meta_path.insert(0, _CompiledFinder)
        return "compiled", why
    if not why.startswith(("no compiled build", PURE_ENV)):
        warnings.warn(
            f"running the engine's plain Python sources: {why}; "
            "rebuild with `make test` or `python tools/build_engine.py`",
            StaleBuildWarning,
            stacklevel=2,
        )
    return "pure", why


ENGINE_PATH, WHY = _choose()
