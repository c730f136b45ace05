"""The Flask application class: Flask with the work it repeats on every request done once."""
from flask import Flask, Request
from werkzeug.routing import MapAdapter, Rule


# What werkzeug reads from the environ to bind the URL map, but for the path, method and query.
_BOUND_BY = ("HTTP_HOST", "SERVER_NAME", "SERVER_PORT", "wsgi.url_scheme", "SCRIPT_NAME", "HTTP_CONNECTION",
             "HTTP_UPGRADE")


class RememberingAdapter(MapAdapter):
    """A URL map bound to one request, looking up what its host, path and method matched in
    `matched` (shared by every request of the app) before werkzeug's matcher.

    werkzeug walks its state machine of rules, in Python, for every request: 440 of the 3,715
    bytecodes of a request doing nothing (bench/opcodes.py). Under issue 12's load each seat asks
    for the same few paths again and again. Only a match is remembered: a path that matches
    nothing, or redirects, is matched anew each time. At most PATHS_KEPT are kept, of every host,
    then forgotten all at once (new matches bring new paths for as long as the service runs)."""

    PATHS_KEPT = 4096
    matched: dict[tuple[tuple, str, str], tuple[Rule, dict]]
    host: tuple  # what the adapter was bound with (App._bound's key)

    def match(self, path_info=None, method=None, return_rule=False, query_args=None, websocket=None):
        if path_info is not None or method is not None or websocket is not None:  # another request's
            return super().match(path_info, method, return_rule, query_args, websocket)
        asked = (self.host, self.path_info, self.default_method)
        found = self.matched.get(asked)
        if found is None:
            found = super().match(return_rule=True, query_args=query_args)
            if len(self.matched) >= self.PATHS_KEPT:
                self.matched.clear()
            self.matched[asked] = found
        rule, args = found
        return rule if return_rule else rule.endpoint, dict(args)  # a copy: Flask's hooks may change theirs


class App(Flask):
    """Flask, asking once per function whether it is a coroutine function, and binding its URL map
    to a host once.

    Flask asks for every hook and view on every request (`ensure_sync`, through `inspect`): 3 % of
    the bytecodes of a move and its polls (bench/opcodes.py). And it binds the URL map to every
    request's host, scheme and script name (`create_url_adapter`: werkzeug checks the host, lowercases
    it and encodes it with the `idna` codec, in Python): 429 of the 4,144 bytecodes of a request
    doing nothing. What it binds to comes from a few values of the environ that stay the same from
    request to request (`_BOUND_BY`: the Host header, the scheme, the script name). The first
    request with each set of them is bound by Flask and werkzeug themselves, their checks of the
    host included (a host they refuse is never kept, so it is refused again each time); the next
    ones get an adapter with its server name, script name, subdomain and scheme, and their own
    path, method and query, which remembers what each path matched (`RememberingAdapter`)."""

    KEPT = 512  # functions (hooks and views, not closures made per request), and hosts, remembered at most

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._synced: dict = {}
        self._bound: dict[tuple, MapAdapter] = {}
        self._matched: dict = {}  # RememberingAdapter.matched

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        if request is None:
            return super().create_url_adapter(request)
        environ = request.environ
        key = tuple(map(environ.get, _BOUND_BY))
        bound = self._bound.get(key)
        if bound is None:
            bound = super().create_url_adapter(request)
            if bound is not None and len(self._bound) < self.KEPT:
                self._bound[key] = bound
            return bound
        if self.config["TRUSTED_HOSTS"] is not None:
            request.trusted_hosts = self.config["TRUSTED_HOSTS"]  # as Flask's own sets them
        path, query = environ.get("PATH_INFO"), environ.get("QUERY_STRING")
        adapter = RememberingAdapter(bound.map, bound.server_name, bound.script_name, bound.subdomain,
                                     bound.url_scheme, "/" if path is None else _decoded(path),
                                     environ["REQUEST_METHOD"], query if query is None else _decoded(query))
        adapter.matched, adapter.host = self._matched, key
        return adapter

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


def _decoded(value: str) -> str:
    """A WSGI string as text (PEP 3333 carries its UTF-8 bytes as latin-1), as werkzeug decodes it."""
    return value.encode("latin1").decode(errors="replace")
