"""The browser's re-implementations agree with their Python counterparts: the shuffle with
engine/shuffle.py (so "verify this shuffle" re-deals exactly), the QR encoder with segno."""
import pytest
import segno
import segno.encoder

from engine.shuffle import Stream, shuffled

SHUFFLES = [("seed", "deal:1", 48), ("0123456789abcdef0123456789abcdef", "deal:2", 60), ("", "dealer", 2),
            ("émoji ☃", "deal:1", 104), ("x", "deal:7", 1), ("long" * 40, "deal:3", 45)]
QR_TEXTS = ["hi", "http://localhost:8000/g/Di5tWh6UrCTHJiR5#invite=0123456789abcdefghijkl",
            "https://addgames.example/g/Di5tWh6UrCTHJiR5#invite=AbCdEfGhIjKlMnOpQrStUvWxYz_-0123456789", "é" * 40,
            "z" * 150]


@pytest.fixture
def page(new_page):
    page = new_page()
    page.goto("/")
    return page


def test_the_javascript_shuffle_deals_what_the_python_shuffle_deals(page):
    got = page.evaluate("""async (cases) => {
        const {shuffled} = await import('/js/shuffle.js');
        const out = [];
        for (const [seed, label, n] of cases) out.push(await shuffled([...Array(n).keys()], seed, label));
        return out;
    }""", SHUFFLES)
    assert got == [shuffled(list(range(n)), seed, label) for seed, label, n in SHUFFLES]


def test_the_javascript_stream_rejects_like_the_python_stream(page):
    """Near 2**64 half of all draws are rejected: both sides must skip the same ones."""
    sizes = [2**63 + 12345, 2**64 - 1, 3, 10**18]
    got = page.evaluate("""async (sizes) => {
        const {Stream} = await import('/js/shuffle.js');
        const stream = new Stream('rejections', 'test');
        const out = [];
        for (const n of sizes) for (let i = 0; i < 20; i++) out.push(String(await stream.below(BigInt(n))));
        return out;
    }""", [str(n) for n in sizes])
    stream = Stream("rejections", "test")
    assert got == [str(stream.below(n)) for n in sizes for _ in range(20)]


def _segno_matrix(text: str, level: str, mask: int, monkeypatch) -> list[list[bool]]:
    # segno pads with a whole zero byte when the data already ends on a byte boundary; ISO/IEC 18004
    # adds padding bits only to reach the boundary. Both decode the same; compare the standard's form.
    monkeypatch.setattr(segno.encoder, "write_padding_bits",
                        lambda buff, version, length: buff.extend([0] * ((8 - length % 8) % 8)))
    code = segno.make(text, error=level.lower(), mask=mask, mode="byte", micro=False, boost_error=False,
                      encoding="utf-8")
    return [[bool(cell) for cell in row] for row in code.matrix]


def test_the_qr_encoder_draws_the_same_modules_as_segno(page, monkeypatch):
    cases = [(text, level, mask) for text in QR_TEXTS for level in "LMQH" for mask in range(8)]
    cases = [c for c in cases if segno.make(c[0], error=c[1].lower(), mode="byte", micro=False, encoding="utf-8",
                                            boost_error=False).version <= 10]
    got = page.evaluate("""async (cases) => {
        const {qrMatrix} = await import('/js/qr.js');
        return cases.map(([text, level, mask]) => qrMatrix(text, level, mask));
    }""", cases)
    for (text, level, mask), matrix in zip(cases, got):
        assert matrix == _segno_matrix(text, level, mask, monkeypatch), (text, level, mask)
    assert len(cases) > 100
