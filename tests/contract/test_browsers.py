"""The app's JavaScript and CSS use nothing the oldest browsers the README promises lack (browsers.mjs: Safari 15,
Chrome and Edge 90, Firefox 115): ESLint with eslint-plugin-es-x (the language) and eslint-plugin-compat (the
browser's APIs), stylelint with stylelint-no-unsupported-browser-features (caniuse's data), as eslint.config.mjs
and stylelint.config.mjs beside this file set them. And each catches what it must: a newer feature added to the
app fails this test. tests/browser/test_old_browsers.py runs the app without those features."""
import json
import subprocess
from pathlib import Path

from .npm import HERE, ROOT, npm_tool

ESLINT = ["--config", str(HERE / "eslint.config.mjs"), "--max-warnings", "0"]
STYLELINT = ["--config", str(HERE / "stylelint.config.mjs"), "--max-warnings", "0"]


def lint(tool: str, args: list[str], cwd=ROOT) -> subprocess.CompletedProcess:
    """`tool` run from `cwd` (the configs name frontend/ from there: the repository's root)."""
    return subprocess.run([npm_tool(tool), *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def test_the_javascript_uses_nothing_the_oldest_browsers_lack():
    run = lint("eslint", [*ESLINT, "frontend"])
    assert run.returncode == 0, run.stdout + run.stderr


def test_the_css_uses_nothing_the_oldest_browsers_lack():
    run = lint("stylelint", [*STYLELINT, "frontend/**/*.css"])
    assert run.returncode == 0, run.stdout + run.stderr


def found(tool: str, args: list[str], files: dict[str, str], tmp_path: Path) -> dict[str, str]:
    """{path: every rule and message `tool` reports there} for `files` ({path under frontend/: text}), all in one
    run (each run loads caniuse's data anew), from a folder laid out as the repository."""
    for path, text in files.items():
        (tmp_path / "frontend" / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "frontend" / path).write_text(text, encoding="utf-8")
    run = lint(tool, [*args, "--format" if tool == "eslint" else "--formatter", "json", "frontend"], cwd=tmp_path)
    report = json.loads(run.stdout or run.stderr)
    return {str(Path(file.get("filePath") or file["source"]).relative_to(tmp_path / "frontend")):
            json.dumps(file["messages"] if "messages" in file else file["warnings"]) for file in report}


# What the baseline has, newest first: never reported.
BASELINE_JS = """export class A { #b = 1; static c = 2; #d() { return this.#b; } }
export let e = null;
e ??= "a,b".replaceAll(",", " ");
export const f = await Promise.any([Promise.resolve(e?.length)]);
export const g = new Intl.ListFormat("en").format(["a", "b"]) + [[1], [2]].flat().length;
"""
NEWER_JS = {  # what each of them is missing before (Safari / Chrome / Firefox)
    "const last = list.at(-1);": "no-restricted-syntax",  # 15.4 / 92
    "const found = list.findLast((x) => x);": "no-restricted-syntax",  # 15.4 / 97 / 104
    "const sorted = list.toSorted();": "no-restricted-syntax",  # 16 / 110 / 115
    "const own = Object.hasOwn(a, 'b');": "es-x/no-object-hasown",  # 15.4 / 93 / 92
    "const copy = structuredClone(a);": "compat/compat",  # 15.4 / 98 / 94
    "const id = crypto.randomUUID();": "compat/compat",  # 15.4 / 92 / 95
    "const signal = AbortSignal.timeout(1000);": "no-restricted-properties",  # 16 / 103 / 100
    "const after = /(?<=a)b/;": "es-x/no-regexp-lookbehind-assertions",  # 16.4
    "class A { static { this.b = 1; } }": "es-x/no-class-static-block",  # 16.4 / 94 / 93
    "class A { #b = 1; static has(o) { return #b in o; } }": "es-x/no-private-in",  # Chrome 91
    "const words = new Intl.Segmenter('en');": "es-x/no-intl-segmenter",  # Firefox 125
    "const groups = Object.groupBy(list, (x) => x);": "es-x/no-object-groupby",  # 17.4 / 117 / 119
}


def test_javascript_newer_than_the_oldest_browsers_fails_the_lint(tmp_path):
    files = {f"js/newer-{n}.js": f"export const list = [];\n{source}\n" for n, source in enumerate(NEWER_JS)}
    files["js/too-old.js"] = "let said = () => 1;\n"  # it must run where the app cannot: no `let`, no arrow function
    files["js/baseline.js"] = BASELINE_JS
    reports = found("eslint", ESLINT, files, tmp_path)
    assert reports["js/baseline.js"] == "[]"
    for n, (source, rule) in enumerate(NEWER_JS.items()):
        assert rule in reports.get(f"js/newer-{n}.js", ""), source
    assert "es-x/no-block-scoped-variables" in reports["js/too-old.js"]
    assert "es-x/no-arrow-functions" in reports["js/too-old.js"]


BASELINE_CSS = """.a { display: flex; gap: 1rem; aspect-ratio: 1; width: clamp(1rem, 5vw, 3rem); }
.a :is(.b, .c) { padding-inline: min(1rem, 3vw); }
@supports not selector(:focus-visible) { .a:focus { outline: 2px solid; } }
"""
NEWER_CSS = {
    "a:has(b) { color: red; }": "css-has",  # Safari 15.4, Chrome 105, Firefox 121
    "a:focus-visible { color: red; }": "css-focus-visible",  # Safari 15.4
    "@container (min-width: 10rem) { a { color: red; } }": "css-container-queries",  # Safari 16, Chrome 105
    "a { height: 100dvh; }": "viewport-unit-variants",  # Safari 15.4, Chrome 108
    "a { color: red; & b { color: blue; } }": "css-nesting",  # Safari 16.5, Chrome 112
    "@layer base { a { color: red; } }": "css-cascade-layers",  # Safari 15.4, Chrome 99
    "a { color: color-mix(in srgb, red, blue); }": "color-mix() is missing",  # Safari 16.2, Chrome 111
}


def test_css_newer_than_the_oldest_browsers_fails_the_lint(tmp_path):
    files = {f"css/newer-{n}.css": source + "\n" for n, source in enumerate(NEWER_CSS)}
    files["css/baseline.css"] = BASELINE_CSS
    reports = found("stylelint", ["--config", str(HERE / "stylelint.config.mjs")], files, tmp_path)
    assert reports["css/baseline.css"] == "[]"
    for n, (source, feature) in enumerate(NEWER_CSS.items()):
        assert feature in reports.get(f"css/newer-{n}.css", ""), source
