"""The request being served, its `flask.g` and its app, as the objects themselves.

Each attribute read through werkzeug's proxies `flask.request`, `flask.g` and `flask.current_app`
runs about 40 bytecodes of Python, and a proxy's own `_get_current_object` about 17. The app's code
on the request's path takes the objects from here, once per function: straight from the context
variables Flask keeps them in, in 6. Outside a request (or an app context, for `current_g` and
`current_flask_app`) they fail as the proxies do.
"""
from flask import Flask, Request
from flask.ctx import _AppCtxGlobals
from flask.globals import _cv_app, _cv_request, _no_app_msg, _no_req_msg


def current_request() -> Request:
    try:
        return _cv_request.get().request
    except LookupError:
        raise RuntimeError(_no_req_msg) from None


def current_flask_app() -> Flask:
    try:
        return _cv_app.get().app
    except LookupError:
        raise RuntimeError(_no_app_msg) from None


def current_g() -> _AppCtxGlobals:
    try:
        return _cv_app.get().g
    except LookupError:
        raise RuntimeError(_no_app_msg) from None
