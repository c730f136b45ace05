"""The deploy files, tried as far as a machine without a container engine allows: the PaaS files
against their formats and against each other, compose.yaml against the Compose specification,
the image's build context, and the commands the image and the stack run, run here directly."""
import json
import os
import re
import shlex
import subprocess
import sys
from importlib import resources
from pathlib import Path

import jsonschema
import requests
import yaml

from api import retention
from api.config import ROOT, Config

from ..api.live import gunicorn
from .formats import APP_JSON, RENDER_YAML

PROCFILE = dict(line.split(": ", 1) for line in (ROOT / "Procfile").read_text().splitlines() if line)
# What the deploy files may set: Config's settings, and what gunicorn and prometheus_client read.
SETTINGS = {name for name in vars(Config) if name.isupper()} | {"DATABASE_URL", "PORT", "WEB_CONCURRENCY",
                                                                 "WEB_THREADS", "PROMETHEUS_MULTIPROC_DIR"}
# What the image needs to serve; what must never be copied into it.
SERVED = ["wsgi.py", "gunicorn.conf.py", "serving.py", "plain_http.py", "requirements.txt", "openapi.yaml", "api/__init__.py", "engine/__init__.py",
          "frontend/index.html", "migrations/env.py", "migrations/versions/0001_games_seats_and_move_events.py"]
KEPT_OUT = [".venv", "instance", "tests", "test-artifacts", ".git", ".hypothesis", "examples"]


def load(name: str):
    text = (ROOT / name).read_text()
    return json.loads(text) if name.endswith(".json") else yaml.safe_load(text)


def dockerfile() -> dict[str, str]:
    """The Dockerfile's instructions (continued lines joined), the last of each kind."""
    text = re.sub(r"\\\n\s*", " ", (ROOT / "Dockerfile").read_text())
    return {line.split(" ", 1)[0]: line.split(" ", 1)[1] for line in text.splitlines()
            if line and not line.startswith("#")}


def test_the_python_version_is_pinned_and_the_image_uses_it():
    pinned = (ROOT / ".python-version").read_text().strip()
    assert re.fullmatch(r"3\.\d+", pinned)
    assert dockerfile()["FROM"] == f"python:{pinned}-slim"
    assert sys.version_info[:2] >= tuple(map(int, pinned.split("."))), "tests run on the pinned version or later"


def test_app_json_is_valid_and_declares_postgres_the_scheduler_and_known_settings():
    app = load("app.json")
    jsonschema.validate(app, APP_JSON)
    plans = [addon["plan"] for addon in app["addons"]]
    assert any(plan.startswith("heroku-postgresql:") for plan in plans) and "scheduler:standard" in plans
    assert set(app["env"]) <= SETTINGS
    assert PROCFILE["release"] == "flask --app wsgi db upgrade" and PROCFILE["web"] == "gunicorn wsgi:app"


def test_render_yaml_is_valid_and_runs_what_the_procfile_runs():
    blueprint = load("render.yaml")
    jsonschema.validate(blueprint, RENDER_YAML)
    services = {service["type"]: service for service in blueprint["services"]}
    web, cron = services["web"], services["cron"]
    assert web["preDeployCommand"] == PROCFILE["release"] and web["startCommand"] == PROCFILE["web"]
    assert web["healthCheckPath"] == "/api/v1/health"
    assert cron["startCommand"] == "flask --app wsgi cleanup"
    database = blueprint["databases"][0]["name"]
    for service in (web, cron):
        linked = {var["key"]: var for var in service["envVars"]}
        assert linked["DATABASE_URL"]["fromDatabase"]["name"] == database
        assert set(linked) <= SETTINGS
    assert {var["key"]: var for var in web["envVars"]}["RATELIMIT_STORAGE_URI"]["fromService"]["name"] == \
        services["keyvalue"]["name"], "every instance counts rate limits in the one Key Value store"


def test_compose_yaml_follows_the_compose_specification():
    schema = json.loads(resources.files("check_jsonschema.builtin_schemas.vendor")
                        .joinpath("compose-spec.json").read_text())
    stack = load("compose.yaml")
    jsonschema.validate(stack, schema)
    services = stack["services"]
    assert services["web"]["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
    assert services["migrate"]["command"] == shlex.split(PROCFILE["release"])
    assert "flask --app wsgi cleanup" in services["cleanup"]["command"][-1]
    assert services["push"]["command"] == shlex.split(PROCFILE["worker"])
    push, web = services["push"]["environment"], services["web"]["environment"]
    assert [push[name] for name in ("DATABASE_URL", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT")] == \
        [web["DATABASE_URL"], "${VAPID_PRIVATE_KEY:-}", "${VAPID_SUBJECT:-}"] == \
        [web[name] for name in ("DATABASE_URL", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT")], "the key comes from the shell"
    assert services["web"]["environment"]["RATELIMIT_STORAGE_URI"].startswith("redis://redis:")
    assert set(services["web"]["environment"]) <= SETTINGS


def test_the_cleanup_deletes_by_the_retention_the_web_tells_players():
    """The Privacy page (the web's settings) promises what the cleanup (a cron job or a service of
    its own, with its own environment) deletes: each retention setting reaches both from one place.
    On Render the web's setting had no way to the cron job: the page said 30 days, and nothing was
    ever deleted."""
    blueprint = {service["name"]: service for service in load("render.yaml")["services"]}
    web = {var["key"]: var for var in blueprint["addgames"]["envVars"]}
    cron = {var["key"]: var for var in blueprint["addgames-cleanup"]["envVars"]}
    stack = load("compose.yaml")["services"]
    for name in retention.KEPT:
        assert web[name] == {"key": name, "sync": False}, "asked for when the Blueprint is applied"
        assert cron[name]["fromService"] == {"type": "web", "name": "addgames", "envVarKey": name}
        assert stack["web"]["environment"][name] == stack["cleanup"]["environment"][name] == f"${{{name}:-}}"


def test_the_stack_can_be_put_behind_a_proxy_without_editing_it():
    """compose publishes the web on 127.0.0.1 only, so players reach it through a proxy on the host:
    its PROXY_HOPS, PUBLIC_URL and METRICS_TOKEN come from the shell. Fixed at 0, every player was the proxy's one
    address (a district's classes shared one rate limit) and the links handed out said http://."""
    stack = load("compose.yaml")["services"]
    assert stack["web"]["ports"] == ["127.0.0.1:8000:8000"]
    assert stack["web"]["environment"]["PROXY_HOPS"] == "${PROXY_HOPS:-0}"
    assert stack["web"]["environment"]["PUBLIC_URL"] == stack["push"]["environment"]["PUBLIC_URL"] == "${PUBLIC_URL:-}"
    assert stack["web"]["environment"]["METRICS"] == "true"
    assert stack["web"]["environment"]["METRICS_TOKEN"] == "${METRICS_TOKEN:-}", "/metrics kept from the public behind it"


def test_the_readme_never_publishes_a_web_that_trusts_a_proxy_past_it():
    """A web told PROXY_HOPS trusts X-Forwarded-For: published on every interface (`-p 8000:8000`), anyone
    reaching it past the proxy names a new address in each request, and no per-address limit holds (a join
    code guessed without end). The README's commands publish it on the host's loopback only, as compose does."""
    readme = re.sub(r"\\\n\s*", " ", (ROOT / "README.md").read_text())
    runs = [line for line in readme.splitlines() if "docker run" in line and "PROXY_HOPS" in line]
    assert runs
    for run in runs:
        published = re.findall(r"(?:-p|--publish)[ =](\S+)", run)
        assert published and all(port.startswith("127.0.0.1:") for port in published), run


def test_the_image_runs_gunicorn_as_a_user_with_a_health_check():
    instructions = dockerfile()
    assert json.loads(instructions["CMD"]) == shlex.split(PROCFILE["web"])
    assert instructions["USER"] not in ("root", "0")
    assert "/api/v1/health" in instructions["HEALTHCHECK"]
    assert "db upgrade" not in instructions["CMD"], "migrations are a command of their own"


def build_context() -> set[str]:
    """The files `docker build .` would send, by .dockerignore's rules (a pattern that matches a
    folder leaves out all of it; `**` matches any number of folders)."""
    patterns = [line for line in (ROOT / ".dockerignore").read_text().splitlines() if line and line[0] != "#"]
    ignored = [re.compile(re.escape(p).replace(r"\*\*/", "(?:.*/)?").replace(r"\*", "[^/]*").replace(r"\?", "[^/]"))
               for p in patterns]

    def left_out(path: str) -> bool:
        return any(rule.fullmatch(path) for rule in ignored)

    sent = set()
    for folder, folders, files in os.walk(ROOT):
        here = Path(folder).relative_to(ROOT).as_posix()
        prefix = "" if here == "." else here + "/"
        folders[:] = [name for name in folders if not left_out(prefix + name)]
        sent.update(prefix + name for name in files if not left_out(prefix + name))
    return sent


def test_the_build_context_holds_the_service_and_nothing_local():
    sent = build_context()
    assert set(SERVED) <= sent
    assert not [path for path in sent if path.split("/")[0] in KEPT_OUT or "__pycache__" in path
                or path.endswith((".pyc", ".sqlite"))]


def test_the_commands_of_the_stack_run(tmp_path):
    """compose's migrate and cleanup commands on a fresh database, then the image's health check
    against gunicorn started from gunicorn.conf.py as the image starts it."""
    database = f"sqlite:///{tmp_path}/stack.sqlite"
    environment = {**os.environ, "DATABASE_URL": database}
    stack = load("compose.yaml")["services"]
    flask = [str(Path(sys.executable).parent / "flask")]
    for service in ("migrate", "cleanup"):
        command = stack[service]["command"]
        argv = flask + command[1:] if command[0] == "flask" else flask + shlex.split(
            re.search(r"flask (--app wsgi cleanup)", command[-1])[1])
        run = subprocess.run(argv, cwd=ROOT, env=environment, capture_output=True, text=True, timeout=120)
        assert run.returncode == 0, run.stderr
    assert "Deleted 0 matches" in run.stdout and '"event":"cleanup"' in run.stderr
    check = json.loads(dockerfile()["HEALTHCHECK"].split(" CMD ", 1)[1])
    with gunicorn(database, tmp_path / "server.log", workers=1) as base:
        port = base.rsplit(":", 1)[1]
        healthy = subprocess.run(check, env={**os.environ, "PORT": port}, capture_output=True, timeout=30)
        assert healthy.returncode == 0, healthy.stderr
        assert requests.get(f"{base}/api/v1/health", timeout=10).json() == {"status": "ok", "database": "ok"}
    unhealthy = subprocess.run(check, env={**os.environ, "PORT": port}, capture_output=True, timeout=30)
    assert unhealthy.returncode != 0, "the check fails once the server is gone"


def test_the_readme_gives_each_rate_limit_its_default():
    """An integrator plans request rates from the README, not from api/config.py (QA)."""
    readme = (ROOT / "README.md").read_text()
    limits = {name: value for name, value in vars(Config).items() if name.startswith("LIMIT_")}
    assert limits and {name: re.search(rf"^\| `{name}` \| `([^`]+)` \|", readme, re.M)[1] for name in limits} == limits


def test_the_readme_documents_every_setting():
    """Each environment variable the service and gunicorn.conf.py read, and those the deploy files
    set, is in the README's table of settings."""
    readme = (ROOT / "README.md").read_text()
    table = readme[readme.index("### Settings"):readme.index("### Dependencies")]
    read = {setting for source in ("api/config.py", "serving.py", "gunicorn.conf.py", "api/gunicorn_hooks.py")
            for setting in re.findall(r'(?:os\.environ\.get|flag|seconds|whole|one_of|public_url|private_key)\("([A-Z_]+)"', (ROOT / source).read_text())}
    assert read and not {setting for setting in read | SETTINGS - set(vars(Config)) if f"`{setting}`" not in table}
