"""The calibrated map image beneath the board (``awaw board --image``): for each map panel of the picture, the image
resampled so that each of its hexes lies under the hex the board draws there.

The board places a hex at ``origin + radius * (u, v)`` for its grid coordinates ``(u, v)``
(:meth:`projections.rules.geometry.Grid.centre`); the grid file places it at ``A(u, v)`` on the image. So a board
pixel ``p`` shows the image at ``A((p - origin) / radius)``: an affine map, which Pillow resamples in one pass into
an upright picture the size of the panel (at :data:`SUPERSAMPLE` times the board's resolution, for crisp print).
The image is read once, reduced to at most :data:`replays.mapwork.editor.MAX_SIDE` pixels a side, in bands.
"""

from __future__ import annotations

import io
from typing import Final

from awaw_events.errors import InputError
from projections.rules.geometry import PacificGrid
from replays.mapwork.editor import thumbnail
from replays.mapwork.fit import Affine
from replays.mapwork.grids import CalibratedImage
from replays.mapwork.raster import open_raster
from replays.pictures.board import Underlay
from replays.pictures.scene import Picture

SUPERSAMPLE: Final = 2
"""Image pixels per board pixel in the picture embedded."""


def underlay(calibrated: CalibratedImage, pacific: PacificGrid) -> Underlay:
    """The pictures of an image for the board's panels; refuses an image whose Pacific grid is read otherwise than
    the game reads it (``map.pacific_grid``): its counters would stand on other hexes."""
    from PIL import Image

    fits = calibrated.grid.fits()
    pac = fits.get("PAC")
    if pac is not None and pac.grid != pacific:
        raise InputError(
            f"the image's Pacific grid is fitted as map.pacific_grid={pac.grid}, and the game plays {pacific}: "
            "calibrate it with --pacific-grid " + pacific + " (or start the game with the option the image shows)"
        )
    jpeg, scale = thumbnail(open_raster(calibrated.source))
    source = Image.open(io.BytesIO(jpeg))
    source.load()

    def picture(
        map_: str, origin: tuple[float, float], radius: float, rect: tuple[float, float, float, float]
    ) -> Picture | None:
        fit = fits.get(map_)  # type: ignore[call-overload]
        if fit is None:
            return None
        x0, y0, w, h = rect
        a = fit.affine
        # board pixel (x0 + i / S, y0 + j / S) -> grid ((x - ox) / r, (y - oy) / r) -> thumbnail pixel scale * A(u, v)
        k = scale / radius / SUPERSAMPLE
        tu, tv = (x0 - origin[0]) / radius, (y0 - origin[1]) / radius
        data = (
            a.a * k,
            a.b * k,
            scale * (a.a * tu + a.b * tv + a.c),
            a.d * k,
            a.e * k,
            scale * (a.d * tu + a.e * tv + a.f),
        )
        size = (max(1, round(w * SUPERSAMPLE)), max(1, round(h * SUPERSAMPLE)))
        warped = source.transform(
            size, Image.Transform.AFFINE, data, resample=Image.Resampling.BICUBIC, fillcolor="white"
        )
        buffer = io.BytesIO()
        warped.save(buffer, "JPEG", quality=85)
        to_image = Affine(a.a / radius, a.b / radius, 0.0, a.d / radius, a.e / radius, 0.0)
        shift = to_image(-origin[0], -origin[1])
        board_to_image = Affine(to_image.a, to_image.b, shift[0] + a.c, to_image.d, to_image.e, shift[1] + a.f)
        return Picture(
            x=x0,
            y=y0,
            w=w,
            h=h,
            data=buffer.getvalue(),
            mime="image/jpeg",
            note=" ".join(f"{v:.6g}" for v in board_to_image),
        )

    return picture
