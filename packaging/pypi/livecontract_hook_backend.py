"""The build backend of this repository's pyproject.toml, for pre-commit's `language: python`
hooks (.pre-commit-hooks.yaml, the `-prebuilt` ids).

pre-commit installs a python hook by making a virtualenv and running `pip install .` in its
clone of this repository. The repository is a Swift package, so what `pip install .` builds is
a wheel with no files and one dependency, `livecontract==<VERSION>`: pip then installs the
prebuilt binary wheel from PyPI (or, offline, from the folder PIP_FIND_LINKS names, with
PIP_NO_INDEX=1). Nothing is compiled and no Swift toolchain is needed. The backend needs only
the standard library (pyproject.toml asks for no build requirements), so `pip install .` works
with no index at all.
"""

import os

import livecontract_wheel

NAME = "livecontract-pre-commit-hook"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _version():
    with open(os.path.join(ROOT, "VERSION"), encoding="utf-8") as handle:
        return handle.read().strip()


def _metadata(version):
    return livecontract_wheel.metadata_text(
        NAME,
        version,
        "Installs the prebuilt livecontract binary for pre-commit hooks",
        requires=["livecontract==" + version],
    )


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _version()
    info = "%s-%s.dist-info" % (livecontract_wheel.normalized(NAME), version)
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    with open(os.path.join(metadata_directory, info, "METADATA"), "w", encoding="utf-8") as handle:
        handle.write(_metadata(version))
    return info


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    path = livecontract_wheel.write_wheel(wheel_directory, NAME, version, "py3-none-any", [], _metadata(version))
    return os.path.basename(path)
