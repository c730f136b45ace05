"""The request being served, its `flask.g` and its app, as the objects themselves.

Each attribute read through werkzeug's proxies `flask.request`, `flask.g` and `flask.current_app`
runs about 40 bytecodes of Python. The proxies' own `_get_current_object` hands over the object in
17, and its attributes are then plain reads. A move and the poll it ends went through the proxies
about thirty times (bench/opcodes.py), so the app's code on the request's path takes the objects
from here, once per function.
"""
from collections.abc import Callable
from typing import cast

from flask import Flask, Request, current_app, g, request
from flask.ctx import _AppCtxGlobals

current_request = cast(Callable[[], Request], request._get_current_object)  # type: ignore[attr-defined]
current_flask_app = cast(Callable[[], Flask], current_app._get_current_object)  # type: ignore[attr-defined]
current_g = cast(Callable[[], _AppCtxGlobals], g._get_current_object)
