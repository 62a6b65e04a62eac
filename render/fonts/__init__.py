"""The pictures' one typeface, DejaVu Sans (Latin and Cyrillic), shipped with the project
(render/fonts/*.ttf, Bitstream Vera licence: LICENSE) so every host draws the same labels at the
same sizes: a machine without the fonts package would fall back to a face with no Cyrillic and
other metrics, and the layouts (label boxes that must not collide) are measured with these."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FOLDER = Path(__file__).parent


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False, condensed: bool = True) -> ImageFont.FreeTypeFont:
    """DejaVu Sans at `size` pixels: condensed (the default) or not, bold or regular."""
    name = "DejaVuSans" + ("Condensed" if condensed else "") + ("-Bold" if bold else "") + ".ttf"
    return ImageFont.truetype(str(FOLDER / name), size)
