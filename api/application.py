"""The Flask application class: Flask with the work it repeats on every request done once."""
import sys
from typing import NamedTuple

from blinker import Signal
from flask import Flask, Request, Response, signals
from flask.app import _sentinel
from flask.globals import _cv_request
from flask.helpers import _split_blueprint_path
from flask.sessions import NullSession, SecureCookieSessionInterface
from werkzeug.routing import MapAdapter, Rule


# What werkzeug reads from the environ to bind the URL map, but for the path, method and query.
_BOUND_BY = ("HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme", "SCRIPT_NAME", "HTTP_CONNECTION",
             "HTTP_UPGRADE")
_ASKED = (*_BOUND_BY, "PATH_INFO", "REQUEST_METHOD", "QUERY_STRING")  # all it reads: an adapter's key


class RememberingAdapter(MapAdapter):
    """A URL map bound to a request's host, path, method and query, kept for the next requests
    asking the same (`App.create_url_adapter`), which remembers what it matched.

    werkzeug walks its state machine of rules, in Python, for every request: 440 of the 3,715
    bytecodes of a request doing nothing (bench/opcodes.py), and Flask binds a new adapter for
    every request. Under issue 12's load each seat asks for the same few paths again and again.
    Only a match is remembered: a path that matches nothing, or redirects, is matched anew each
    time. At most PATHS_KEPT adapters are kept, of every host, then forgotten all at once (new
    matches bring new paths for as long as the service runs)."""

    PATHS_KEPT = 4096
    _found: tuple[Rule, dict] | None = None

    def match(self, path_info=None, method=None, return_rule=False, query_args=None, websocket=None):
        if path_info is not None or method is not None or websocket is not None:  # another request's
            return super().match(path_info, method, return_rule, query_args, websocket)
        found = self._found
        if found is None:
            found = self._found = super().match(return_rule=True, query_args=query_args)
        rule, args = found
        return rule if return_rule else rule.endpoint, dict(args)  # a copy: Flask's hooks may change theirs


class Hooks(NamedTuple):
    """The request hooks that run for one endpoint, in the order Flask runs them: the app's and
    those of the endpoint's blueprint and of the blueprints it is nested in."""
    preprocessors: list  # url_value_preprocessor: the app's first, then outwards in
    before: list  # before_request: the same order
    after: list  # after_request: the innermost blueprint's first, each one's latest first, the app's last
    teardown: list  # teardown_request: as `after`


class Sessionless(SecureCookieSessionInterface):
    """No cookie session: the API authenticates with bearer tokens and the app sets no SECRET_KEY,
    so Flask would give each request a new empty NullSession (which refuses any change). Here every
    request shares one."""
    _none = NullSession()

    def open_session(self, app, request) -> NullSession:
        return self._none


class App(Flask):
    """Flask, asking once per function whether it is a coroutine function, binding its URL map to a
    host once, and finding the request hooks of each endpoint once.

    Flask asks for every hook and view on every request (`ensure_sync`, through `inspect`): 3 % of
    the bytecodes of a move and its polls (bench/opcodes.py). And it binds the URL map to every
    request's host, scheme and script name (`create_url_adapter`: werkzeug checks the host, lowercases
    it and encodes it with the `idna` codec, in Python): 429 of the 4,144 bytecodes of a request
    doing nothing. What it binds to comes from a few values of the environ that stay the same from
    request to request (`_BOUND_BY`: the Host header, the scheme, the script name). The first
    request with each set of them is bound by Flask and werkzeug themselves, their checks of the
    host included (a host they refuse is never kept, so it is refused again each time); the next
    ones get an adapter with its server name, script name, subdomain and scheme, and their own
    path, method and query, kept for the requests that ask the same and remembering what it matched
    (`RememberingAdapter`).

    Around each view, Flask walks the dicts of request hooks for the request's blueprint and every
    blueprint it is nested in, three times, reading the request through werkzeug's proxies each
    time. No hook can be added once the app has served its first request (Flask refuses), so the
    hooks of each endpoint are listed once then (`hooks`), already passed through `ensure_sync`,
    and run in Flask's order. With signals sent only to receivers (`_sent_when_received`) and no
    session opened (`Sessionless`), a request doing nothing ran 3,093 bytecodes of the app
    (bench/opcodes.py) instead of 3,416."""

    session_interface = Sessionless()
    KEPT = 512  # functions (hooks and views, not closures made per request), and hosts, remembered at most

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict = {}
        self._bound: dict[tuple, MapAdapter] = {}
        self._adapters: dict[tuple, RememberingAdapter] = {}  # by what they were bound with (_ASKED)
        self._hooks: dict[str | None, Hooks] = {}

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        if request is None:
            return super().create_url_adapter(request)
        environ = request.environ
        asked = tuple(map(environ.get, _ASKED))
        adapter = self._adapters.get(asked)
        if adapter is None:
            host = asked[:len(_BOUND_BY)]
            bound = self._bound.get(host)
            if bound is None:
                bound = super().create_url_adapter(request)
                if bound is not None and len(self._bound) < self.KEPT:
                    self._bound[host] = bound
                return bound
            path, query = environ.get("PATH_INFO"), environ.get("QUERY_STRING")
            adapter = RememberingAdapter(bound.map, bound.server_name, bound.script_name, bound.subdomain,
                                         bound.url_scheme, "/" if path is None else _decoded(path),
                                         environ["REQUEST_METHOD"], query if query is None else _decoded(query))
            if len(self._adapters) >= RememberingAdapter.PATHS_KEPT:
                self._adapters.clear()
            self._adapters[asked] = adapter
        if self.config["TRUSTED_HOSTS"] is not None:
            request.trusted_hosts = self.config["TRUSTED_HOSTS"]  # as Flask's own sets them
        return adapter

    def make_default_options_response(self) -> Response:
        """`204` with the route's methods in `Allow`: an OPTIONS request (a CORS preflight, or a
        client asking what a path allows) gets no body, where Flask answers `200` with an empty
        text/html one."""
        answer = super().make_default_options_response()
        answer.status_code = 204
        del answer.headers["Content-Type"]
        return answer

    def ensure_sync(self, func):
        try:
            return self._synced[func]
        except KeyError:
            synced = super().ensure_sync(func)
            if len(self._synced) < self.KEPT:
                self._synced[func] = synced
            return synced
        except TypeError:  # a callable that cannot be a key
            return super().ensure_sync(func)

    def hooks(self, endpoint: str | None) -> Hooks:
        """The request hooks that run for `endpoint` (None: a request that matched no route)."""
        try:
            return self._hooks[endpoint]
        except KeyError:
            blueprint = endpoint.rpartition(".")[0] if endpoint else ""
            outwards = (*_split_blueprint_path(blueprint), None) if blueprint else (None,)
            found = Hooks(
                [func for name in reversed(outwards) for func in self.url_value_preprocessors.get(name, ())],
                [self.ensure_sync(func) for name in reversed(outwards) for func in self.before_request_funcs.get(name, ())],
                [self.ensure_sync(func) for name in outwards for func in reversed(self.after_request_funcs.get(name, ()))],
                [self.ensure_sync(func) for name in outwards
                 for func in reversed(self.teardown_request_funcs.get(name, ()))])
            if self._got_first_request:  # no hook can be added from now on
                self._hooks[endpoint] = found
            return found

    def preprocess_request(self):
        asked = _cv_request.get().request
        hooks = self.hooks(_endpoint(asked))
        for preprocess in hooks.preprocessors:
            preprocess(asked.endpoint, asked.view_args)
        for before in hooks.before:
            answer = before()
            if answer is not None:
                return answer
        return None

    def process_response(self, response: Response) -> Response:
        context = _cv_request.get()
        for after in context._after_request_functions:  # after_this_request's, of this request only
            response = self.ensure_sync(after)(response)
        for after in self.hooks(_endpoint(context.request)).after:
            response = after(response)
        session = context._session
        if session is not None and not self.session_interface.is_null_session(session):
            self.session_interface.save_session(self, session, response)
        return response

    def do_teardown_request(self, exc: BaseException | None = _sentinel) -> None:  # type: ignore[assignment]
        if exc is _sentinel:
            exc = sys.exc_info()[1]
        for teardown in self.hooks(_endpoint(_cv_request.get().request)).teardown:
            teardown(exc)
        signals.request_tearing_down.send(self, _async_wrapper=self.ensure_sync, exc=exc)


def _decoded(value: str) -> str:
    """A WSGI string as text (PEP 3333 carries its UTF-8 bytes as latin-1), as werkzeug decodes it."""
    return value.encode("latin1").decode(errors="replace")


def _endpoint(asked: Request) -> str | None:
    rule = asked.url_rule
    return rule.endpoint if rule is not None else None


def _sent_when_received(signal: Signal) -> None:
    """Flask sends six signals on every request (blinker: about 20 bytecodes a send) and nothing
    here listens to them unless Sentry does (api/reporting.py). A signal with no receiver now
    answers at once; with one, blinker sends it as before."""
    def send(sender=None, /, **kwargs):
        return Signal.send(signal, sender, **kwargs) if signal.receivers else []

    signal.send = send  # type: ignore[method-assign]


for _signal in (signals.appcontext_pushed, signals.appcontext_popped, signals.appcontext_tearing_down,
                signals.request_started, signals.request_finished, signals.request_tearing_down):
    _sent_when_received(_signal)
