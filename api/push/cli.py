"""`flask --app wsgi deliver` (the Procfile's `worker`) and `flask --app wsgi vapid-keys`."""
import logging
import signal
import time

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy.exc import DBAPIError

from ..errors import database_reason
from . import delivery, vapid

log = logging.getLogger(__name__)
LONGEST_WAIT = 30.0  # seconds between tries while the database cannot be reached


@click.command("deliver")
@with_appcontext
@click.option("--once", is_flag=True, help="Send what is due now, then stop (for a scheduler).")
@click.option("--idle", default=2.0, show_default=True, help="Seconds to wait when nothing is due.")
def deliver(once: bool, idle: float) -> None:
    """Send the push notifications waiting in the outbox, for ever (or --once). Run as many as you
    like: they never send one message twice. While the database cannot be reached, try again after
    1 s, then twice as long each time up to LONGEST_WAIT (a worker that exits would leave it to the
    platform to restart it, maybe after a back-off of its own)."""
    before = signal.signal(signal.SIGTERM, _stop)
    delivery.Stop.asked = False
    try:
        _deliver(once, idle)
    finally:
        signal.signal(signal.SIGTERM, before)
        delivery.Stop.asked = False


def _stop(_signal, _frame) -> None:
    """SIGTERM: idle or waiting for the database, stop now; sending, after the message under way (delivery.Stop)."""
    delivery.Stop.asked = True
    if not delivery.Stop.sending:
        raise SystemExit(0)


def _push_off(once: bool) -> None:
    click.echo("Push is off (set VAPID_PRIVATE_KEY; `flask vapid-keys` makes one): nothing to send.", err=True)
    while not once:  # idle rather than exit: a platform would restart an exited worker over and over
        time.sleep(3600)


def _deliver(once: bool, idle: float) -> None:
    if not current_app.config["VAPID_PRIVATE_KEY"]:
        _push_off(once)
        return
    waited, failed, told = 0.0, 0, False
    while True:
        try:
            if not told:
                _tell_unknown_kinds()
                told = True
            claimed = delivery.deliver_due()
        except DBAPIError as lost:  # a restart or a failover of the database: wait it out
            if once:
                raise
            waited, failed = min(max(2 * waited, 1.0), LONGEST_WAIT), failed + 1
            log.warning("push worker: the database cannot be reached (%s); trying again in %g s",
                        database_reason(lost), waited)
            time.sleep(waited)
            continue
        if delivery.Stop.asked:
            log.info("push worker: stopping, its unsent messages given back")
            return
        if failed:
            log.info("push worker: the database is reached again, after %d failed tries", failed)
        waited, failed = 0.0, 0
        if once and not claimed:
            return
        if not claimed:
            time.sleep(idle)


def _tell_unknown_kinds() -> None:
    """Say what this worker leaves in the outbox: messages a newer release staged (after a rollback, or beside a
    newer worker during an upgrade), which a worker of that release sends, or drops once they are no news."""
    waiting = delivery.unknown_kinds()
    if waiting:
        count = sum(waiting.values())
        log.warning("push worker: %d push message%s of a kind this release does not know (%s) wait%s for a newer "
                    "worker", count, "" if count == 1 else "s", ", ".join(waiting), "s" if count == 1 else "")


@click.command("vapid-keys")
def vapid_keys() -> None:
    """Print a new VAPID key pair, as settings to give the service (keep the private key secret)."""
    private, public = vapid.new_pair()
    click.echo(f"VAPID_PRIVATE_KEY={private}")
    click.echo(f"# public key (served by the API at /api/v1/push/key): {public}")


def init_app(app: Flask) -> None:
    app.cli.add_command(deliver)
    app.cli.add_command(vapid_keys)
