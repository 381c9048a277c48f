#!/usr/bin/env python3
"""The PNG encoder's differential sweep: runs PNGSweepTests, which writes each image as our file and
as cairo's (libpng), then decodes our file with Python's zlib and numpy, compares its pixels with
cairo's file decoded by Pillow, and runs pngcheck on ours.
Usage: scripts/png-sweep.py [folder]; exits non-zero on any difference."""
import os
import struct
import subprocess
import sys
import tempfile
import zlib

try:
    import numpy as np
    from PIL import Image
except ImportError:
    install = [sys.executable, "-m", "pip", "install", "-q", "numpy", "pillow"]
    # Debian's own Python refuses pip without this flag (PEP 668); other Pythons take it plainly.
    if subprocess.run(install).returncode != 0:
        subprocess.run(install + ["--break-system-packages"], check=True)
    import numpy as np
    from PIL import Image


def chunks(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "signature"
    offset = 8
    while offset < len(data):
        (length,) = struct.unpack(">I", data[offset:offset + 4])
        kind = data[offset + 4:offset + 8]
        body = data[offset + 8:offset + 8 + length]
        (crc,) = struct.unpack(">I", data[offset + 8 + length:offset + 12 + length])
        assert zlib.crc32(kind + body) == crc, f"CRC of {kind}"
        yield kind, body
        offset += 12 + length


def paeth(a, b, c):
    p = a.astype(np.int16) + b - c
    pa, pb, pc = np.abs(p - a), np.abs(p - b), np.abs(p - c)
    return np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c)).astype(np.uint8)


def decode(path):
    """8-bit RGBA, non-interlaced, every filter; the IDAT stream inflated by the system zlib."""
    data = open(path, "rb").read()
    header, idat = None, b""
    for kind, body in chunks(data):
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
    width, height, depth, color, _, _, interlace = header
    assert (depth, color, interlace) == (8, 6, 0), header
    inflater = zlib.decompressobj()
    raw = inflater.decompress(idat)
    assert inflater.eof and not inflater.unused_data, "zlib stream: not ended, or bytes after it"
    stride = 4 * width
    assert len(raw) == height * (stride + 1), f"{len(raw)} bytes for {width}x{height}"
    rows = np.frombuffer(raw, np.uint8).reshape(height, stride + 1)
    out = np.zeros((height, stride), np.uint8)
    above = np.zeros(stride, np.uint8)
    for y in range(height):
        kind, line = rows[y, 0], rows[y, 1:]
        if kind == 0:
            row = line.copy()
        elif kind == 2:
            row = line + above
        elif kind == 1:
            row = line.reshape(-1, 4).cumsum(axis=0, dtype=np.uint64).astype(np.uint8).reshape(-1)
        else:
            row = np.zeros(stride, np.uint8)
            for x in range(stride):
                left = row[x - 4] if x >= 4 else np.uint8(0)
                upper_left = above[x - 4] if x >= 4 else np.uint8(0)
                if kind == 3:
                    row[x] = line[x] + np.uint8((int(left) + int(above[x])) // 2)
                elif kind == 4:
                    row[x] = line[x] + paeth(np.array(left), np.array(above[x]), np.array(upper_left))
                else:
                    raise AssertionError(f"filter {kind}")
        out[y] = row
        above = row
    return out


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="png-sweep-")
    os.makedirs(folder, exist_ok=True)
    env = dict(os.environ, PNG_SWEEP_DIR=folder)
    subprocess.run(["swift", "test", "--filter", "PNGSweepTests"], env=env, check=True)
    failures = 0
    names = sorted(f[:-len(".ours.png")] for f in os.listdir(folder) if f.endswith(".ours.png"))
    for name in names:
        ours = os.path.join(folder, name + ".ours.png")
        try:
            with Image.open(os.path.join(folder, name + ".cairo.png")) as image:
                theirs = np.frombuffer(image.convert("RGBA").tobytes(), np.uint8).reshape(image.height, -1)
            assert np.array_equal(decode(ours), theirs), "pixels differ from cairo's"
            check = subprocess.run(["pngcheck", "-q", ours], capture_output=True, text=True)
            assert check.returncode == 0, check.stdout.strip()
        except AssertionError as error:
            failures += 1
            print(f"FAIL {name}: {error}")
    total = len(names)
    print(f"{total - failures} passed, {failures} failed")
    sys.exit(1 if failures or not names else 0)


if __name__ == "__main__":
    main()
