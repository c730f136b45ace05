"""Web Push (RFC 8030, VAPID RFC 8292, encrypted payloads RFC 8291): a seat's devices are told
when the seat must act, also while the web app is closed.

routes: the public key and the subscriptions; outbox: what a change stages in its transaction;
delivery and cli: the worker that sends; texts: what is said, in six languages; endpoints: where
the worker may POST; vapid: the service's keys."""
from flask import Flask

from . import cli, routes


def init_app(app: Flask) -> None:
    app.register_blueprint(routes.bp)
    cli.init_app(app)
