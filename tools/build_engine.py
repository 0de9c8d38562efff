"""Compile the hot modules with Cython: the engine's into engine/_native/ (engine/native.py)
and the double-dummy search into analysis/_native/ (analysis/native.py).

    python tools/build_engine.py          # builds only when a source changed
    python tools/build_engine.py --force  # builds anyway

The sources are compiled as they are (Cython's pure Python mode; an optional
``<module>.pxd`` beside a source adds C types). Each package's build writes its
``_native/manifest.json``: the SHA-256 of each source and of each built file, which
``CompiledModules`` checks at every import, so a build that no longer matches the
sources is never run. Needs Cython (pip) and a C compiler with
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

from analysis import native as analysis_native  # noqa: E402
from engine import native  # noqa: E402
from engine.native import CompiledModules  # noqa: E402

PACKAGES = (native.ENGINE, analysis_native.ANALYSIS)

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


def up_to_date(modules: CompiledModules) -> bool:
    try:
        manifest = json.loads(modules.manifest.read_text(encoding="utf-8"))
        return manifest["settings"] == build_settings() and all(
            manifest["modules"][name]["source_sha256"] == modules.source_digest(name)
            and manifest["modules"][name]["built_sha256"]
            == native.file_digest(modules.built_path(name))
            for name in modules.names
        )
    except (OSError, ValueError, KeyError):
        return False


def build(modules: CompiledModules) -> None:
    import Cython
    from Cython.Build import cythonize
    from setuptools import Distribution, Extension

    package_name = modules.package
    with tempfile.TemporaryDirectory(prefix=f"{package_name}-build-") as tmp:
        work = Path(tmp)
        package = work / package_name
        package.mkdir()
        # so that Cython names them <package>.<module>
        (package / "__init__.py").write_text("")
        digests = {}
        for name in modules.names:
            digests[name] = modules.source_digest(name)  # what is compiled is what is hashed
            for suffix in (".py", ".pyx", ".pxd"):
                source = modules.directory / f"{name}{suffix}"
                if source.exists():
                    shutil.copyfile(source, package / source.name)
        extensions = [
            Extension(
                f"{package_name}.{name}", [f"{package_name}/{modules.source_path(name).name}"]
            )
            for name in modules.names
        ]
        cwd = os.getcwd()
        os.chdir(work)
        try:
            built_modules = cythonize(
                extensions, compiler_directives=DIRECTIVES, quiet=True, nthreads=os.cpu_count() or 1
            )
            dist = Distribution({"name": f"{package_name}-native", "ext_modules": built_modules})
            command = dist.get_command_obj("build_ext")
            command.build_lib = str(work / "lib")
            command.build_temp = str(work / "tmp")
            command.parallel = os.cpu_count() or 1
            dist.run_command("build_ext")
        finally:
            os.chdir(cwd)
        modules.native_dir.mkdir(exist_ok=True)
        modules.manifest.unlink(missing_ok=True)  # no manifest while the files change
        built = {}
        for name in modules.names:
            target = modules.built_path(name)
            partial = target.with_name(target.name + ".partial")
            shutil.copyfile(work / "lib" / package_name / target.name, partial)
            os.replace(partial, target)
            built[name] = {
                "source_sha256": digests[name],
                "built_sha256": native.file_digest(target),
            }
        manifest = {"cython": Cython.__version__, "settings": build_settings(), "modules": built}
        partial = modules.manifest.with_suffix(".partial")
        partial.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
        os.replace(partial, modules.manifest)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--force", action="store_true", help="build even if up to date")
    args = parser.parse_args(argv)
    for modules in PACKAGES:
        where = f"{modules.package}/_native"
        if not args.force and up_to_date(modules):
            print(f"{where}: up to date")
            continue
        build(modules)
        print(f"{where}: built {', '.join(modules.names)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
