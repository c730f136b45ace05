"""A hint's explanation holds to openapi.yaml, its `params` included: a client words the advice
itself from them (`HintExplanation`), so every key the engine gives is named there with its type."""
import jsonschema
import pytest
import yaml

from engine import GAMES
from engine.bots import hint
from tests.engine.test_bots import positions

from .npm import ROOT

SPEC = yaml.safe_load((ROOT / "openapi.yaml").read_text(encoding="utf-8"))
EXPLANATION = jsonschema.Draft202012Validator({"$ref": "#/components/schemas/HintExplanation",
                                               "components": SPEC["components"]})


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_hints_params_are_named_and_typed_in_the_spec(key):
    game, codes, broken = GAMES[key], set(), []
    params = SPEC["components"]["schemas"]["HintExplanation"]["properties"]["params"]
    if "$ref" in params:
        params = SPEC["components"]["schemas"][params["$ref"].rpartition("/")[2]]
    named = set(params.get("properties", ()))
    for seed in range(3):
        for state, seat in positions(game, 2, seed=seed, count=30, every=2):
            explanation = hint(game, state, seat, "s")["explanation"]
            codes.add(explanation["code"])
            broken += [f"{explanation['code']}: {error.message}" for error in EXPLANATION.iter_errors(explanation)]
            broken += [f"{explanation['code']}: `{name}` is not named" for name in set(explanation["params"]) - named]
    assert len(codes) >= 2, f"the matches gave few kinds of advice: {codes}"
    assert sorted(set(broken)) == []
