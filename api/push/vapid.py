"""The service's VAPID key pair (RFC 8292): push services accept a message only when it is signed
with the private key whose public half the browser subscribed with. Keys come from settings
(VAPID_PRIVATE_KEY); `flask --app wsgi vapid-keys` makes a pair."""
import base64
import time
from functools import cache
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02

TOKEN_LIFETIME = 12 * 3600  # seconds; push services refuse tokens valid for more than 24 hours


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


@cache
def _keys(private_key: str) -> Vapid02:
    return Vapid02.from_string(private_key)


def public_key(private_key: str) -> str:
    """The application server key a browser subscribes with: the uncompressed P-256 point, base64url."""
    point = _keys(private_key).public_key.public_bytes(serialization.Encoding.X962,
                                                       serialization.PublicFormat.UncompressedPoint)
    return b64url(point)


def new_pair() -> tuple[str, str]:
    """A new (private, public) pair, both base64url: the private key as its raw 32 bytes."""
    keys = Vapid02()
    keys.generate_keys()
    private = b64url(keys.private_key.private_numbers().private_value.to_bytes(32, "big"))
    return private, public_key(private)


def authorization(private_key: str, subject: str, endpoint: str) -> dict:
    """The Authorization header for a POST to `endpoint`: a JWT for the push service's origin,
    signed with the private key. Push services check its expiry against real time, not the
    service's clock (api/clock.py), so real time it is."""
    url = urlsplit(endpoint)
    claims = {"aud": f"{url.scheme}://{url.netloc}", "exp": int(time.time()) + TOKEN_LIFETIME, "sub": subject}
    return _keys(private_key).sign(claims)
