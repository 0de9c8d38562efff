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
``CompiledModules`` does this for one package; ``analysis.native`` uses it for the
double-dummy search (``analysis/search.py``), with the same switch.
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
# In import order; compiled together, so they are chosen together. ``native_state`` (the
# state as a C type, engine/native_state.pyx) exists only compiled: the plain sources
# have no such module, and engine.state keeps its named tuple.
HOT_MODULES = ("tables", "state", "native_state", "legality", "tricks", "hand")
PURE_ENV = "EUCHRE_ENGINE_PURE"
# The name a built module has for this interpreter: tricks.cpython-311-x86_64-linux-gnu.so
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


class StaleBuildWarning(UserWarning):
    """The compiled modules do not match the sources: the plain sources run instead."""


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


class CompiledModules:
    """The hot modules of one package (``engine``; ``analysis`` has its own, through
    ``analysis.native``): built into ``<package>/_native/`` with their manifest, and
    loaded from there only when every one of them matches its source."""

    def __init__(self, package: str, directory: Path, names: tuple[str, ...]):
        self.package, self.directory, self.names = package, directory, names
        self.native_dir = directory / "_native"
        self.manifest = self.native_dir / "manifest.json"

    def source_path(self, name: str) -> Path:
        """A hot module's source: ``<name>.py`` (Cython's pure Python mode), or ``<name>.pyx``
        for a module that exists only compiled."""
        pyx = self.directory / f"{name}.pyx"
        return pyx if pyx.exists() else self.directory / f"{name}.py"

    def source_digest(self, name: str) -> str:
        """SHA-256 of a hot module's source and its ``.pxd`` (type declarations), if any."""
        digest = hashlib.sha256(self.source_path(name).read_bytes())
        pxd = self.directory / f"{name}.pxd"
        if pxd.exists():
            digest.update(b"\0pxd\0" + pxd.read_bytes())
        return digest.hexdigest()

    def built_path(self, name: str) -> Path:
        return self.native_dir / f"{name}{SUFFIX}"

    def check_build(self, honour_env: bool = True) -> tuple[bool, str]:
        """Whether the compiled modules may run, and why (or why not)."""
        if honour_env and os.environ.get(PURE_ENV, "") not in ("", "0"):
            return False, f"{PURE_ENV} is set"
        if not self.manifest.exists() and not any(self.built_path(n).exists() for n in self.names):
            return False, "no compiled build (tools/build_engine.py makes one)"
        try:
            manifest = json.loads(self.manifest.read_text(encoding="utf-8"))
            modules = manifest["modules"]
            for name in self.names:
                entry = modules[name]
                if entry["source_sha256"] != self.source_digest(name):
                    source = self.source_path(name).name
                    return False, f"{self.package}/{source} changed since it was compiled"
                if entry["built_sha256"] != file_digest(self.built_path(name)):
                    return False, f"{self.built_path(name).name} is not the file that was built"
        except (OSError, ValueError, KeyError, TypeError) as error:
            return False, f"the compiled build is incomplete ({error!r})"
        return True, f"compiled by Cython {manifest.get('cython', '?')}"

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None = None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        """The import system's finder: ``<package>.<hot module>`` from ``_native/``."""
        package, _, name = fullname.rpartition(".")
        if package != self.package or name not in self.names:
            return None
        location = str(self.built_path(name))
        loader = importlib.machinery.ExtensionFileLoader(fullname, location)
        return importlib.util.spec_from_file_location(fullname, location, loader=loader)

    def choose(self) -> tuple[str, str]:
        """ "compiled" (and the finder installed) or "pure", and why. Call it before the
        package imports any of its hot modules."""
        ok, why = self.check_build()
        if ok:
            if self not in sys.meta_path:
                sys.meta_path.insert(0, self)
            return "compiled", why
        if not why.startswith(("no compiled build", PURE_ENV)):
            warnings.warn(
                f"running {self.package}'s plain Python sources: {why}; "
                "rebuild with `make test` or `python tools/build_engine.py`",
                StaleBuildWarning,
                stacklevel=2,
            )
        return "pure", why


ENGINE = CompiledModules("engine", ENGINE_DIR, HOT_MODULES)
NATIVE_DIR = ENGINE.native_dir
MANIFEST = ENGINE.manifest
source_path = ENGINE.source_path
source_digest = ENGINE.source_digest
built_path = ENGINE.built_path
check_build = ENGINE.check_build
ENGINE_PATH, WHY = ENGINE.choose()
