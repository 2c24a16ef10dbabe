"""QR codes as inline SVG (the qrcode library's SVG factory: no Pillow, no image files)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache

import qrcode
from markupsafe import Markup
from qrcode.image.svg import SvgPathFillImage

SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)


@lru_cache(maxsize=256)
def _svg_text(data: str, label: str) -> str:
    # medium error correction survives a scratched phone screen or a glare on the laptop display
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=10, border=4)
    code.add_data(data)
    code.make(fit=True)
    root = code.make_image(image_factory=SvgPathFillImage).get_image()
    # the size comes from CSS (fills its box on any screen); the viewBox keeps the proportions
    for attr in ("width", "height"):
        root.attrib.pop(attr, None)
    root.set("class", "qr-code")
    root.set("role", "img")
    root.set("aria-label", label)
    # a dark-mode page must not invert the code: scanners need dark modules on a light quiet zone
    for path in root.iter(f"{{{SVG_NS}}}path"):
        path.set("fill", "#000")
    return ET.tostring(root, encoding="unicode")


def qr_svg(data: str, label: str = "QR code") -> Markup:
    """An inline ``<svg>`` element encoding `data`, safe to put into a page as is.

    >>> svg = qr_svg("http://192.0.2.2:5000/s/abc", label="View link <QR>")
    >>> svg.startswith("<svg") and 'aria-label="View link &lt;QR&gt;"' in svg
    True
    """
    return Markup(_svg_text(data, label))
