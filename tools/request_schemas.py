"""Compile the request bodies of openapi.yaml for the server, which runs without a YAML parser:

    python -m tools.request_schemas

writes api/request_schemas.json: every component schema a request body of openapi.yaml reaches,
as openapi.yaml states it. api/schemas.py builds its checks from that file once, at import, and
tests/contract/test_requests.py fails while the file is not what this command would write."""
import json
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "openapi.yaml"
COMPILED = ROOT / "api" / "request_schemas.json"
PREFIX = "#/components/schemas/"


def request_schemas(spec: dict) -> dict:
    """The component schemas the request bodies of `spec` use, by name, with all they refer to."""
    schemas, found = spec["components"]["schemas"], {}
    pending = [content["schema"] for path in spec["paths"].values() for operation in path.values()
               if isinstance(operation, dict) and "requestBody" in operation
               for content in operation["requestBody"]["content"].values()]
    while pending:
        node = pending.pop()
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            if ref.startswith(PREFIX) and ref[len(PREFIX):] not in found:
                found[ref[len(PREFIX):]] = schemas[ref[len(PREFIX):]]
                pending.append(schemas[ref[len(PREFIX):]])
            pending.extend(node.values())
        elif isinstance(node, list):
            pending.extend(node)
    return dict(sorted(found.items()))


def compiled() -> str:
    spec = yaml.safe_load(SPEC.read_text(encoding="utf-8"))
    return json.dumps(request_schemas(spec), indent=1, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    COMPILED.write_text(compiled(), encoding="utf-8")
    print(f"wrote {COMPILED.relative_to(ROOT)}")
