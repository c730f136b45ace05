"""Contrast measured from the computed styles of the screen shown (WCAG 2.2 AA), for a low-vision player:
text 4.5:1 (3:1 when large: 24 px, or 18.67 px bold), the edge of a form field or button 3:1 against the ground around
it unless its own fill stands out so, and a focus ring 3:1 against the ground around it (both 1.4.11).
Grounds are composed up the ancestors (translucent colours over what is under them); a gradient ground is taken at
its worst stop, and an element's opacity fades its text. Disabled controls are left out (WCAG exempts them), and so
is SVG but for the numbers on ADD-TOO's diamonds (faint_diamond_numbers)."""
import base64

from playwright.sync_api import Page

# Colours as computed styles give them ("rgb(1, 2, 3)", "rgba(1, 2, 3, 0.5)"), WCAG's contrast ratio of two colours, and a
# translucent colour laid over an opaque one.
COLOURS = """
    const parse = (c) => { const v = (c.match(/[\\d.]+/g) || []).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
    const luminance = (c) => { const [r, g, b] = c.slice(0, 3).map((v) => { v /= 255;
        return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
    const ratio = (a, b) => { const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const over = (top, under) => { const a = top[3]; return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1); };
"""

MEASURE = """(within) => {""" + COLOURS + """
    const stops = (image) => (image.match(/rgba?\\([^)]*\\)/g) || []).map(parse);
    // The grounds an element is drawn on: every colour its own or an ancestor's background may show under it.
    const grounds = (element) => {
        const layers = [];
        for (let e = element; e; e = e.parentElement) {
            const s = getComputedStyle(e), image = stops(s.backgroundImage), colour = parse(s.backgroundColor);
            layers.push(image.length ? image : [colour]);
            if (image.length ? image.every((c) => c[3] === 1) : colour[3] === 1) break;
        }
        let out = [[255, 255, 255, 1]];
        for (const layer of layers.reverse()) out = layer.flatMap((top) => out.map((under) => over(top, under)));
        return out;
    };
    const shown = (e) => { const r = e.getBoundingClientRect(), s = getComputedStyle(e);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && !e.closest('.sr-only, .skip, svg'); };
    const exempt = (e) => e.closest(':disabled, [aria-disabled=true]');
    const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}${[...e.classList].map((c) => '.' + c).join('')}`
        + ` "${(e.innerText || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30)}"`;
    const worst = (colour, on) => Math.min(...on.map((g) => ratio(over(colour, g), g)));
    const out = [];
    for (const e of document.querySelectorAll(`${within} *`)) {
        if (!shown(e) || exempt(e)) continue;
        const s = getComputedStyle(e);
        const own = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
            || e.matches('input:not([type=range]), select, textarea') && e.value;
        let opacity = 1;
        for (let a = e; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
        if (own) {
            const size = parseFloat(s.fontSize), large = size >= 24 || size >= 18.66 && Number(s.fontWeight) >= 700;
            const colour = parse(s.color);
            colour[3] *= opacity;
            const got = worst(colour, grounds(e)), need = large ? 3 : 4.5;
            if (got < need - 0.005) out.push(`text of ${name(e)}: ${got.toFixed(2)}:1, under ${need}:1`);
        }
        const field = e.matches('input:not([type=radio], [type=checkbox], [type=hidden]), select, textarea, button, .button');
        if (field && s.borderTopStyle !== 'none' && parseFloat(s.borderTopWidth) > 0) {
            const around = grounds(e.parentElement), edge = parse(s.borderTopColor);
            const fill = grounds(e).map((g) => worst(g, around));
            if (worst(edge, around) < 2.995 && Math.min(...fill) < 2.995) {
                out.push(`edge of ${name(e)}: ${worst(edge, around).toFixed(2)}:1 against its ground, under 3:1`);
            }
        }
    }
    return [...new Set(out)];
}"""

RINGS = """() => {""" + COLOURS + """
    const ground = (e) => { for (; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor);
        if (c[3] === 1) return c; } return [255, 255, 255, 1]; };
    const out = [], was = document.activeElement;
    for (const e of document.querySelectorAll('a[href], button:not(:disabled), input:not(:disabled), select, textarea, [tabindex]')) {
        if (e instanceof SVGElement || e.tabIndex < 0 || !e.getClientRects().length || e.closest('.sr-only')) continue;
        e.focus({preventScroll: true});
        if (document.activeElement !== e) continue;
        const s = getComputedStyle(e), got = ratio(parse(s.outlineColor), ground(e.parentElement));
        const what = `${e.tagName.toLowerCase()}${[...e.classList].map((c) => '.' + c).join('')} "${(e.innerText || e.value || '').trim().slice(0, 24)}"`;
        if (!e.matches(':focus-visible') || s.outlineStyle === 'none' || parseFloat(s.outlineWidth) < 2) {
            out.push(`${what}: no ring (${s.outlineStyle} ${s.outlineWidth})`);
        } else if (got < 2.995) out.push(`${what}: ring ${got.toFixed(2)}:1 against its ground`);
    }
    was?.focus({preventScroll: true});
    return out;
}"""


def low_contrast(page: Page, within: str = "body") -> list[str]:
    """What on the screen shown (`within` the element a selector finds) is under WCAG AA's contrast: text, and the
    edges of fields and buttons."""
    return page.evaluate(MEASURE, within)


def faint_rings(page: Page) -> list[str]:
    """Each control of the screen shown whose focus ring, once reached with the keyboard, is missing, thinner than
    2 px or under 3:1 against the ground around it."""
    page.keyboard.press("Shift")  # a key pressed: the rings of the focus moved by script show, as after Tab
    return page.evaluate(RINGS)


DIAMONDS = """() => {""" + COLOURS + """
    const grey = (c) => { const y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]; return [y, y, y, c[3]]; };
    const out = [];
    for (const text of document.querySelectorAll('main .tile text')) {
        const tile = text.closest('.tile'), s = getComputedStyle(text), blue = text.classList.contains('n-blue');
        const half = parse(getComputedStyle(tile.querySelector(blue ? '.half-blue' : '.half-orange')).fill);
        const line = text.ownerSVGElement.querySelector('#hatch line');
        const hatch = parse(getComputedStyle(line).stroke);
        hatch[3] = Number(line.getAttribute('stroke-opacity') ?? 1);
        let grounds = blue ? [half, over(hatch, half)] : [half], colour = parse(s.fill);
        if (s.stroke !== 'none' && parseFloat(s.strokeWidth) >= 2 && s.paintOrder.startsWith('stroke')) grounds = [parse(s.stroke)];
        let opacity = 1, filter = 'none';
        for (let e = text; e && !e.matches('main'); e = e.parentElement) {
            const a = getComputedStyle(e);
            opacity *= Number(a.opacity);
            if (a.filter !== 'none') filter = a.filter;
        }
        if (!['none', 'grayscale(1)'].includes(filter)) { out.push(`${text.textContent}: filter ${filter} not measured`); continue; }
        const card = parse(getComputedStyle(text.closest('.card, .addtoo-board')).backgroundColor);
        const seen = (c) => { const shown = over([...c.slice(0, 3), opacity], card); return filter === 'none' ? shown : grey(shown); };
        const got = Math.min(...grounds.map((g) => ratio(seen(colour), seen(g))));
        if (got < 4.495) out.push(`${text.textContent} on ${blue ? 'blue' : 'orange'}${text.closest('.fits-nowhere') ? ', dimmed' : ''}: ${got.toFixed(2)}:1`);
    }
    return [...new Set(out)];
}"""


def faint_diamond_numbers(page: Page) -> list[str]:
    """The numbers on ADD-TOO's diamonds (on the board and in hand) under 4.5:1 against the half they are drawn on,
    a stripe of the blue half's hatching included, or against their halo when they have one."""
    return page.evaluate(DIAMONDS)


# Machado, Oliveira and Fernandes (2009): the colours a deuteranope (red-green colour blindness, no green cones) sees,
# as a matrix over linear RGB, the strongest degree.
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
SEEN = """async ([png, matrix, at]) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
    const canvas = new OffscreenCanvas(image.width, image.height), context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const row = Math.floor(image.height * at), data = context.getImageData(0, row, image.width, 1).data;
    const linear = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    const encoded = (v) => { v = Math.min(1, Math.max(0, v));
        return Math.round(255 * (v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055)); };
    const out = [];
    for (let x = 0; x < image.width; x++) {
        const rgb = [0, 1, 2].map((i) => linear(data[4 * x + i]));
        out.push(matrix.map((m) => encoded(m[0] * rgb[0] + m[1] * rgb[1] + m[2] * rgb[2])));
    }
    return out;
}"""


def seen_by_a_deuteranope(page: Page, png: bytes) -> list[tuple[int, int, int]]:
    """The middle row of pixels of a screenshot (`png`, Playwright's), left to right, in the colours a deuteranope sees
    them (the page decodes the image: no image library here)."""
    return [tuple(pixel) for pixel in page.evaluate(SEEN, [base64.b64encode(png).decode(), DEUTERANOPIA, 0.5])]


def pixel_row(page: Page, png: bytes, at: float = 0.5) -> list[tuple[int, int, int]]:
    """A row of pixels of a screenshot (`png`), `at` that fraction of its height, left to right, as anyone sees them."""
    same = ((1, 0, 0), (0, 1, 0), (0, 0, 1))
    return [tuple(pixel) for pixel in page.evaluate(SEEN, [base64.b64encode(png).decode(), same, at])]


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG's relative luminance of a colour."""
    r, g, b = ((v / 255) / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def lightness_ratio(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    """WCAG's contrast ratio of two colours: how far apart in lightness, hue left out."""
    x, y = sorted((luminance(a), luminance(b)), reverse=True)
    return (x + 0.05) / (y + 0.05)
