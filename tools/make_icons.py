"""Render frontend/icons/icon.svg to the PNG icons the web app manifest lists (run after editing it).

    .venv/bin/python tools/make_icons.py
"""
import shutil
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "frontend" / "icons"
SIZES = {"icon-192.png": (192, 0), "icon-512.png": (512, 0), "icon-maskable-512.png": (512, 0.1)}


def main() -> None:
    svg = (ICONS / "icon.svg").read_text()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=shutil.which("chromium"))
        for name, (size, safe) in SIZES.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            inset = int(size * safe)  # maskable icons keep their picture inside the safe zone
            page.set_content(f'<body style="margin:0;background:#1d4f91"><div style="padding:{inset}px">'
                             f'<div style="width:{size - 2 * inset}px;height:{size - 2 * inset}px">{svg}</div></div></body>')
            page.screenshot(path=str(ICONS / name), clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
