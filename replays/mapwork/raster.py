"""Images of maps read in horizontal bands, within a bounded amount of memory (Pillow and numpy: the ``maps`` extra).

A map image can be far larger than the memory a laptop gives one command (a 20,000 x 15,000 scan is 900 MB of
pixels decoded). Nothing here holds more than :data:`BUDGET` bytes of decoded pixels at a time:

* **PNG** (what VASSAL modules and most scans use) is read in bands of rows: the compressed stream is inflated as
  the bands are asked for, and each band's filtered rows (with the row before it, unfiltered, so that the PNG
  filters that look up have it) are decoded by Pillow as a small PNG of their own. Any size, at full resolution.
* **JPEG** is decoded at the largest scale its decoder offers (1, 1/2, 1/4 or 1/8: the DCT scaling of libjpeg)
  whose pixels fit the budget; a hex stays tens of pixels wide at 1/8 on any printed map. A progressive JPEG keeps
  every coefficient while it decodes, so one too large to decode whole is refused with what to do.
* **Other formats** (GIF, BMP, TIFF, WebP) are decoded whole when they fit, and refused with what to do when not.

An image is named by an :class:`ImageSource`: a file, or an image inside a VASSAL module (a zip), read from the
module without extracting it where that is possible. :func:`identify` gives its size and SHA-256 (a grid file
records both, and every later command checks that the image is still the one calibrated).
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import shutil
import struct
import tempfile
import zipfile
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, NamedTuple

from awaw_events.errors import InputError

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray
    from PIL import Image

BUDGET: Final = 256 * 1024 * 1024
"""The most decoded pixel bytes held at once (a band of a PNG is a thirty-second of it)."""
PNG_SIGNATURE: Final = b"\x89PNG\r\n\x1a\n"
_CHANNELS: Final = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
"""Samples per pixel of each PNG colour type (grey, RGB, palette, grey + alpha, RGBA)."""


class ImageError(InputError):
    """An image that cannot be read: missing, not an image, damaged, or too large to read in the memory allowed."""


class ImageSource(NamedTuple):
    """Where an image is: a file (``member`` None) or the file ``member`` inside the VASSAL module ``path``."""

    path: Path
    member: str | None = None

    def label(self) -> str:
        return f"{self.path}!{self.member}" if self.member else str(self.path)

    @contextlib.contextmanager
    def stream(self) -> Iterator[IO[bytes]]:
        """The image's bytes, read from the start (a zip member is inflated as it is read)."""
        try:
            if self.member is None:
                with open(self.path, "rb") as handle:
                    yield handle
            else:
                with zipfile.ZipFile(self.path) as module, module.open(self.member) as handle:
                    yield handle
        except FileNotFoundError:
            raise ImageError(f"no such file: {str(self.path)!r}") from None
        except KeyError:
            raise ImageError(f"{str(self.path)!r} holds no {self.member!r}") from None
        except zipfile.BadZipFile as exc:
            raise ImageError(f"{str(self.path)!r} is not a VASSAL module (a zip file): {exc}") from None
        except IsADirectoryError:
            raise ImageError(f"{str(self.path)!r} is a directory, not an image") from None

    @contextlib.contextmanager
    def local_file(self) -> Iterator[Path]:
        """A path Pillow can open: the file itself, or a zip member copied (in chunks) to a temporary file."""
        if self.member is None:
            yield self.path
            return
        with tempfile.TemporaryDirectory(prefix="awaw-image-") as tmp:
            target = Path(tmp) / Path(self.member).name
            with self.stream() as src, open(target, "wb") as dst:
                shutil.copyfileobj(src, dst, 1 << 20)
            yield target


class ImageInfo(NamedTuple):
    """An image's identity: its pixel size, its format and the SHA-256 of its bytes."""

    width: int
    height: int
    format: str
    sha256: str


def _pillow() -> type[Image.Image]:
    from PIL import Image

    # the limit guards against a small file that decodes to a huge image; here nothing is decoded whole unless it
    # fits BUDGET, so the limit would only refuse large maps that are read in bands
    Image.MAX_IMAGE_PIXELS = None
    return Image.Image


def sha256_of(source: ImageSource) -> str:
    digest = hashlib.sha256()
    with source.stream() as handle:
        for chunk in iter(lambda: handle.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def identify(source: ImageSource) -> ImageInfo:
    """The size, format and SHA-256 of an image (its header is read, no pixel is decoded)."""
    _pillow()
    from PIL import Image, UnidentifiedImageError

    with source.stream() as handle:
        head = handle.read(33)
    if head.startswith(PNG_SIGNATURE):
        header = _png_header(head[8:], source)
        return ImageInfo(header.width, header.height, "PNG", sha256_of(source))
    with source.local_file() as path:
        try:
            with Image.open(path) as im:
                width, height, fmt = im.width, im.height, im.format or "image"
        except UnidentifiedImageError:
            raise ImageError(f"{source.label()!r} is not an image Pillow can read") from None
        except OSError as exc:
            raise ImageError(f"{source.label()!r} cannot be read: {exc}") from None
    return ImageInfo(width, height, fmt, sha256_of(source))


# ---------------------------------------------------------------------------------------------------------------------
# Bands


class Band(NamedTuple):
    """Rows ``top`` to ``top + pixels.shape[0]`` of the image at the raster's scale, as RGB (``uint8``)."""

    top: int
    pixels: NDArray[np.uint8]


class Raster:
    """An image opened for reading in bands: ``width`` and ``height`` at full resolution, ``scale`` the working
    resolution (1, or 1/2, 1/4, 1/8 for a large JPEG), and :meth:`bands`."""

    def __init__(self, source: ImageSource, width: int, height: int, scale: float, budget: int) -> None:
        self.source = source
        self.width = width
        self.height = height
        self.scale = scale
        self.budget = budget

    @property
    def size(self) -> tuple[int, int]:
        """Width and height at the working scale."""
        return (round(self.width * self.scale), round(self.height * self.scale))

    def band_rows(self) -> int:
        """Rows of a band: a thirty-second of the budget (a band is held a few times over while it is decoded),
        at least one row."""
        return max(1, (self.budget // 32) // max(1, 4 * self.size[0]))

    def bands(self, rows: int | None = None) -> Iterator[Band]:
        """The image top to bottom in bands of ``rows`` rows (default :meth:`band_rows`) at the working scale."""
        raise NotImplementedError


class _PngHeader(NamedTuple):
    width: int
    height: int
    depth: int
    colour: int
    interlace: int


def _png_header(ihdr_chunk: bytes, source: ImageSource) -> _PngHeader:
    if len(ihdr_chunk) < 25 or ihdr_chunk[4:8] != b"IHDR":
        raise ImageError(f"{source.label()!r} is a damaged PNG (no IHDR header)")
    width, height, depth, colour, _compression, _filter, interlace = struct.unpack(">IIBBBBB", ihdr_chunk[8:21])
    if width == 0 or height == 0 or colour not in _CHANNELS:
        raise ImageError(f"{source.label()!r} is a damaged PNG (size {width}x{height}, colour type {colour})")
    return _PngHeader(width, height, depth, colour, interlace)


def _chunks(handle: IO[bytes], source: ImageSource) -> Iterator[tuple[bytes, bytes]]:
    """The chunks of a PNG after its signature: (type, data); IDAT data is yielded in pieces as read."""
    while True:
        head = handle.read(8)
        if len(head) < 8:
            raise ImageError(f"{source.label()!r} is a damaged PNG (it ends before IEND)")
        length, kind = struct.unpack(">I4s", head)
        if kind == b"IDAT":
            left = length
            while left:
                piece = handle.read(min(left, 1 << 20))
                if not piece:
                    raise ImageError(f"{source.label()!r} is a damaged PNG (cut short)")
                left -= len(piece)
                yield kind, piece
        else:
            data = handle.read(length)
            if len(data) < length:
                raise ImageError(f"{source.label()!r} is a damaged PNG (cut short)")
            yield kind, data
        handle.read(4)  # the CRC: Pillow checks each band's own chunks
        if kind == b"IEND":
            return


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


class _PngRaster(Raster):
    """A non-interlaced 8-bit PNG, inflated as it is read and decoded band by band."""

    def __init__(self, source: ImageSource, header: _PngHeader, budget: int) -> None:
        super().__init__(source, header.width, header.height, 1.0, budget)
        self.header = header

    def _inflated(self, handle: IO[bytes], extras: list[bytes]) -> Iterator[bytes]:
        """The PNG's filtered rows as they are inflated, a megabyte at most at a time (a small file that inflates
        to gigabytes never holds more); PLTE and tRNS, which come before the pixels, are kept in ``extras``."""
        inflate = zlib.decompressobj()
        try:
            for kind, data in _chunks(handle, self.source):
                if kind in (b"PLTE", b"tRNS"):
                    extras.append(_chunk(kind, data))
                elif kind == b"IDAT":
                    while data:
                        yield inflate.decompress(data, 1 << 20)
                        data = inflate.unconsumed_tail
            yield inflate.flush()
        except zlib.error as exc:
            raise ImageError(f"{self.source.label()!r} is a damaged PNG: {exc}") from None

    def bands(self, rows: int | None = None) -> Iterator[Band]:
        rows = rows or self.band_rows()
        h = self.header
        stride = 1 + h.width * _CHANNELS[h.colour]
        extras: list[bytes] = []
        pending = bytearray()
        previous: bytes | None = None
        top = 0
        with self.source.stream() as handle:
            handle.read(8)
            for piece in self._inflated(handle, extras):
                pending += piece
                while top < h.height and len(pending) >= min(rows, h.height - top) * stride:
                    count = min(rows, h.height - top)
                    band, previous = self._band(top, pending, count, previous, extras)
                    del pending[: count * stride]
                    top += count
                    yield band
        if top < h.height:
            raise ImageError(f"{self.source.label()!r} is a damaged PNG (its pixel data is cut short at row {top})")

    def _band(
        self, top: int, pending: bytearray, count: int, previous: bytes | None, extras: list[bytes]
    ) -> tuple[Band, bytes]:
        """Decode the first ``count`` filtered rows of ``pending`` as a PNG of their own, after the row before them
        (unfiltered: filter type 0), which the Up, Average and Paeth filters read. The band, and its last row
        unfiltered for the next band."""
        import numpy as np
        from PIL import Image

        h = self.header
        stride = 1 + h.width * _CHANNELS[h.colour]
        pack = zlib.compressobj(0)
        with memoryview(pending) as rows:
            body = pack.compress(b"\x00" + previous if previous is not None else b"")
            body += pack.compress(rows[: count * stride]) + pack.flush()
        height = count + (previous is not None)
        ihdr = struct.pack(">IIBBBBB", h.width, height, h.depth, h.colour, 0, 0, 0)
        png = b"".join((PNG_SIGNATURE, _chunk(b"IHDR", ihdr), *extras, _chunk(b"IDAT", body), _chunk(b"IEND", b"")))
        del body
        try:
            with Image.open(io.BytesIO(png)) as im:
                im.load()
                del png
                last = im.crop((0, height - 1, h.width, height)).tobytes()
                pixels = np.asarray(im if im.mode == "RGB" else im.convert("RGB"), dtype=np.uint8)
        except OSError as exc:
            raise ImageError(f"{self.source.label()!r} is a damaged PNG near row {top}: {exc}") from None
        return Band(top, pixels[1:] if previous is not None else pixels), last


class _WholeRaster(Raster):
    """An image decoded whole (at a reduced scale for a large JPEG), handed out in bands."""

    def bands(self, rows: int | None = None) -> Iterator[Band]:
        import numpy as np
        from PIL import Image

        _pillow()
        rows = rows or self.band_rows()
        with self.source.local_file() as path, Image.open(path) as im:
            if self.scale < 1:
                im.draft("RGB", (max(1, round(self.width * self.scale)), max(1, round(self.height * self.scale))))
            try:
                rgb = im.convert("RGB")
            except OSError as exc:
                raise ImageError(f"{self.source.label()!r} cannot be decoded: {exc}") from None
        pixels = np.asarray(rgb, dtype=np.uint8)
        del rgb
        for top in range(0, pixels.shape[0], rows):
            yield Band(top, pixels[top : top + rows])


def open_raster(source: ImageSource, budget: int = BUDGET) -> Raster:
    """An image ready to be read in bands within ``budget`` bytes of decoded pixels (see the module's list)."""
    _pillow()
    from PIL import Image, UnidentifiedImageError

    with source.stream() as handle:
        head = handle.read(33)
    if head.startswith(PNG_SIGNATURE):
        header = _png_header(head[8:], source)
        if header.depth == 8 and header.interlace == 0:
            return _PngRaster(source, header, budget)
    with source.local_file() as path:
        try:
            with Image.open(path) as im:
                width, height, fmt = im.width, im.height, im.format
                progressive = bool(im.info.get("progressive") or im.info.get("progression"))
        except UnidentifiedImageError:
            raise ImageError(f"{source.label()!r} is not an image Pillow can read") from None
        except OSError as exc:
            raise ImageError(f"{source.label()!r} cannot be read: {exc}") from None
    decoded = width * height * 4  # Pillow keeps RGB in four bytes a pixel
    if decoded <= budget:
        return _WholeRaster(source, width, height, 1.0, budget)
    size = f"{width}x{height} ({decoded / 2**20:.0f} MiB decoded, more than the {budget / 2**20:.0f} MiB allowed)"
    if fmt == "JPEG" and not progressive:
        scale = next((s for s in (0.5, 0.25, 0.125) if decoded * s * s <= budget), None)
        if scale is not None:
            return _WholeRaster(source, width, height, scale, budget)
    what = "a progressive JPEG is decoded whole" if fmt == "JPEG" else f"{fmt or 'this format'} is decoded whole"
    raise ImageError(
        f"{source.label()!r} is {size}, and {what}: save it as PNG (read in bands at any size) or as a baseline JPEG"
    )
