"""Compile the engine's hot modules with Cython into engine/_native/; see engine/native.py.

    python tools/build_engine.py          # builds only when a source changed
    python tools/build_engine.py --force  # builds anyway

The sources are compiled as they are (Cython's pure Python mode; an optional
``engine/<module>.pxd`` beside a source adds C types). The build writes
``engine/_native/manifest.json``: the SHA-256 of each source and of each built
file, which ``engine.native`` checks at every import, so a build that no longer
matches the sources is never run. Needs Cython (pip) and a C compiler with
Python's headers (the Makefile installs gcc and python3-dev when missing).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["EUCHRE_ENGINE_PURE"] = "1"  # import the engine without loading any build

from engine import native  # noqa: E402

DIRECTIVES = {
    "language_level": 3,
    "annotation_typing": False,  # C types come only from the .pxd files
    "binding": False,
    "embedsignature": True,
    "boundscheck": True,  # Python semantics kept: no unchecked indexing
    "wraparound": True,
}


def build_settings() -> str:
    """What else decides the build: this script (its directives) and Cython's version."""
    import Cython

    script = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()
    return f"{script} cython {Cython.__version__} python {sys.version.split()[0]}"


def up_to_date() -> bool:
    try:
        manifest = json.loads(native.MANIFEST.read_text(encoding="utf-8"))
        return manifest["settings"] == build_settings() and all(
            manifest["modules"][name]["source_sha256"] == native.source_digest(name)
            and manifest["modules"][name]["built_sha256"]
            == native.file_digest(native.built_path(name))
            for name in native.HOT_MODULES
        )
    except (OSError, ValueError, KeyError):
        return False


def build() -> None:
    import Cython
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    with tempfile.TemporaryDirectory(prefix="engine-build-") as tmp:
        work = Path(tmp)
        package = work / "engine"
        package.mkdir()
        (package / "__init__.py").write_text("")  # so that Cython names them engine.<module>
        digests = {}
        for name in native.HOT_MODULES:
            digests[name] = native.source_digest(name)  # what is compiled is what is hashed
            for suffix in (".py", ".pxd"):
                source = native.ENGINE_DIR / f"{name}{suffix}"
                if source.exists():
                    shutil.copyfile(source, package / source.name)
        extensions = [
            Extension(f"engine.{name}", [f"engine/{name}.py"]) for name in native.HOT_MODULES
        ]
        cwd = os.getcwd()
        os.chdir(work)
        try:
            modules = cythonize(
                extensions, compiler_directives=DIRECTIVES, quiet=True, nthreads=os.cpu_count() or 1
            )
            dist = Distribution({"name": "engine-native", "ext_modules": modules})
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "tmp")
            command.parallel = os.cpu_count() or 1
            dist.run_command("build_ext")
        finally:
            os.chdir(cwd)
        native.NATIVE_DIR.mkdir(exist_ok=True)
        native.MANIFEST.unlink(missing_ok=True)  # no manifest while the files change
        built = {}
        for name in native.HOT_MODULES:
            target = native.built_path(name)
            partial = target.with_name(target.name + ".partial")
            shutil.copyfile(work / "lib" / "engine" / target.name, partial)
            os.replace(partial, target)
            built[name] = {
                "source_sha256": digests[name],
                "built_sha256": native.file_digest(target),
            }
        manifest = {"cython": Cython.__version__, "settings": build_settings(), "modules": built}
        partial = native.MANIFEST.with_suffix(".partial")
        partial.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        os.replace(partial, native.MANIFEST)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    args = parser.parse_args(argv)
    if not args.force and up_to_date():
        print("engine/_native: up to date")
        return 0
    build()
    print(f"engine/_native: built {', '.join(native.HOT_MODULES)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
