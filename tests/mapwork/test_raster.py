"""Images read in bands (replays/mapwork/raster.py): every PNG colour type and row filter decoded band by band as
Pillow decodes it whole, a large JPEG at a reduced scale, what is refused, and the memory bound measured on a large
image in a process of its own."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from replays.mapwork.raster import ImageError, ImageSource, identify, open_raster


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def _paeth(a: int, b: int, c: int) -> int:
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def png_with_every_filter(pixels: np.ndarray, colour: int) -> bytes:
    """A PNG whose rows use the five filters in turn (None, Sub, Up, Average, Paeth), written by hand: Pillow's
    encoder chooses its own, and the band reader must undo each."""
    height, width = pixels.shape[:2]
    channels = 1 if pixels.ndim == 2 else pixels.shape[2]
    rows = pixels.reshape(height, width * channels).astype(int)
    out = bytearray()
    for y in range(height):
        kind = y % 5
        raw = rows[y]
        up = rows[y - 1] if y else np.zeros_like(raw)
        line = [kind]
        for i in range(len(raw)):
            left = raw[i - channels] if i >= channels else 0
            corner = up[i - channels] if i >= channels else 0
            predictor = (0, left, up[i], (left + up[i]) // 2, _paeth(left, up[i], corner))[kind]
            line.append((raw[i] - predictor) % 256)
        out += bytes(line)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, colour, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", ihdr) + _chunk(b"IDAT", zlib.compress(bytes(out))) + _chunk(b"IEND", b"")
    )


def banded(path: Path, rows: int, member: str | None = None) -> np.ndarray:
    raster = open_raster(ImageSource(path, member))
    return np.concatenate([b.pixels for b in raster.bands(rows)])


@pytest.mark.parametrize(("colour", "channels"), [(0, 1), (2, 3), (4, 2), (6, 4)])
@pytest.mark.parametrize("rows", [1, 7, 64])
def test_every_filter_of_every_colour_type_decodes_band_by_band(
    tmp_path: Path, colour: int, channels: int, rows: int
) -> None:
    rng = np.random.default_rng(colour)
    shape = (23, 19) if channels == 1 else (23, 19, channels)
    pixels = rng.integers(0, 256, shape, dtype=np.uint8)
    path = tmp_path / "f.png"
    path.write_bytes(png_with_every_filter(pixels, colour))
    whole = np.asarray(Image.open(path).convert("RGB"))
    assert (banded(path, rows) == whole).all()


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P"])
def test_pillows_own_pngs_decode_band_by_band(tmp_path: Path, mode: str) -> None:
    rng = np.random.default_rng(1)
    base = np.cumsum(rng.integers(0, 9, (120, 90, 3), dtype=np.uint8), axis=1, dtype=np.uint8)
    image = Image.fromarray(base)
    image = image.quantize(64) if mode == "P" else image.convert(mode)
    path = tmp_path / "p.png"
    image.save(path, optimize=True)
    assert (banded(path, 13) == np.asarray(Image.open(path).convert("RGB"))).all()


def test_an_image_inside_a_module_is_read_from_the_zip(tmp_path: Path) -> None:
    image = Image.fromarray(np.random.default_rng(2).integers(0, 256, (40, 30, 3), dtype=np.uint8))
    image.save(tmp_path / "b.png")
    image.save(tmp_path / "b.jpg", quality=90)
    module = tmp_path / "m.vmod"
    with zipfile.ZipFile(module, "w") as z:
        z.write(tmp_path / "b.png", "images/b.png")
        z.write(tmp_path / "b.jpg", "images/b.jpg")
    assert (banded(module, 9, "images/b.png") == np.asarray(image)).all()
    assert banded(module, 9, "images/b.jpg").shape == (40, 30, 3)
    info = identify(ImageSource(module, "images/b.png"))
    assert (info.width, info.height, info.format) == (30, 40, "PNG")
    assert info == identify(ImageSource(tmp_path / "b.png"))
    with pytest.raises(ImageError, match=r"holds no 'images/c\.png'"):
        identify(ImageSource(module, "images/c.png"))


def test_a_large_jpeg_is_decoded_at_a_reduced_scale(tmp_path: Path) -> None:
    Image.new("RGB", (1600, 1200), (200, 100, 50)).save(tmp_path / "big.jpg")
    raster = open_raster(ImageSource(tmp_path / "big.jpg"), budget=1600 * 1200)  # a quarter of the decode
    bands = list(raster.bands())
    assert raster.scale == 0.5 and raster.size == (800, 600)
    assert sum(b.pixels.shape[0] for b in bands) == 600 and bands[0].pixels.shape[1] == 800


def test_what_cannot_be_read_within_the_budget_is_refused_with_what_to_do(tmp_path: Path) -> None:
    Image.new("RGB", (400, 300)).save(tmp_path / "big.gif")
    with pytest.raises(ImageError, match=r"GIF is decoded whole: save it as PNG"):
        open_raster(ImageSource(tmp_path / "big.gif"), budget=100_000)
    Image.new("RGB", (400, 300)).save(tmp_path / "p.jpg", progressive=True)
    with pytest.raises(ImageError, match="a progressive JPEG is decoded whole"):
        open_raster(ImageSource(tmp_path / "p.jpg"), budget=100_000)


def test_a_damaged_png_is_refused(tmp_path: Path) -> None:
    Image.new("RGB", (50, 40), (1, 2, 3)).save(tmp_path / "ok.png")
    data = (tmp_path / "ok.png").read_bytes()
    (tmp_path / "cut.png").write_bytes(data[: len(data) // 2])
    with pytest.raises(ImageError, match="damaged PNG"):
        banded(tmp_path / "cut.png", 8)
    (tmp_path / "head.png").write_bytes(data[:20])
    with pytest.raises(ImageError, match="damaged PNG"):
        open_raster(ImageSource(tmp_path / "head.png"))


def write_large_png(path: Path, width: int, height: int) -> None:
    """A large PNG written a block of rows at a time (the test never holds it decoded either)."""
    x = np.arange(width)
    block = 64
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)))
        pack = zlib.compressobj(1)
        for top in range(0, height, block):
            ys = np.arange(top, min(height, top + block))[:, None]
            rows = np.empty((len(ys), width, 3), np.uint8)
            rows[..., 0] = (x // 40 * 37 + ys // 40 * 11) % 256
            rows[..., 1] = (x + ys) % 256
            rows[..., 2] = ys % 256
            raw = np.concatenate([np.zeros((len(ys), 1), np.uint8), rows.reshape(len(ys), -1)], axis=1)
            f.write(_chunk(b"IDAT", pack.compress(raw.tobytes())))
        f.write(_chunk(b"IDAT", pack.flush()) + _chunk(b"IEND", b""))


PEAK = """
import runpy, sys
sys.argv = ["awaw", *sys.argv[1:]]
try:
    runpy.run_module("replays", run_name="__main__")
finally:  # this program's own high-water mark
    print(next(line for line in open("/proc/self/status") if line.startswith("VmHWM")), file=sys.stderr)
"""


def _grid_beside(image: Path, radius: float) -> None:
    """A grid file for ``image``: the European grid with hexes of ``radius`` pixels, row A at the top."""
    from replays.mapwork.fit import Affine, MapFit, Point
    from replays.mapwork.grids import encode, grid_file
    from replays.mapwork.raster import ImageSource, identify

    affine = Affine(radius, 0.0, -20 * radius, 0.0, radius, radius)
    fit = MapFit("EUR", "as_european", affine, (Point("EUR:A1", 0, 0),), (0.0,))
    source = ImageSource(image)
    grid = grid_file(source, identify(source), {"EUR": fit}, written_to=image.with_suffix(".grid.json"))
    image.with_suffix(".grid.json").write_bytes(encode(grid))


def _peak_mib(image: Path) -> tuple[int, str]:
    done = subprocess.run(
        [sys.executable, "-c", PEAK, "map", "sample", str(image), "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return int(done.stderr.split("VmHWM:")[-1].split()[0]) // 1024, done.stdout


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads the peak from /proc")
def test_a_large_image_is_sampled_within_bounded_memory(tmp_path: Path, figure: Callable[[str], None]) -> None:
    """``awaw map sample`` on a 6,000 x 6,000 PNG (144 MiB decoded by Pillow, four bytes a pixel) peaks within 40 MiB
    of the same grid on a 1,000 x 1,000 one (the same hexes, six times larger): holding the large one decoded would
    add more than 140 MiB."""
    small, large = tmp_path / "small.png", tmp_path / "large.png"
    write_large_png(small, 1000, 1000)
    write_large_png(large, 6000, 6000)
    _grid_beside(small, 20.0)
    _grid_beside(large, 120.0)
    small_peak, small_out = _peak_mib(small)
    large_peak, large_out = _peak_mib(large)
    figure(f"peak memory of awaw map sample: {small_peak} MiB (1,000 x 1,000), {large_peak} MiB (6,000 x 6,000)")
    assert json.loads(small_out)["hexes_read"] == json.loads(large_out)["hexes_read"] > 500
    assert large_peak - small_peak < 40, (small_peak, large_peak)
