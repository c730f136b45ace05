"""A push service played locally for the tests: an HTTPS server on 127.0.0.1 that checks each
POST as a real one would (a VAPID JWT signed by the service's key, for this origin, not expired)
and decrypts the message with the private key of the subscription the test made, as the browser
would. What it received, and anything it found wrong, is kept for the test to read."""
import base64
import datetime
import ipaddress
import json
import os
import ssl
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import http_ece
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID
from py_vapid import Vapid02


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's subscription: its endpoint on this service and its own keys."""

    name: str
    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth: bytes = field(default_factory=lambda: os.urandom(16))

    def subscription(self, lang: str = "en") -> dict:
        point = self.key.public_key().public_bytes(serialization.Encoding.X962,
                                                   serialization.PublicFormat.UncompressedPoint)
        return {"endpoint": self.endpoint, "expirationTime": None, "lang": lang,
                "keys": {"p256dh": b64url(point), "auth": b64url(self.auth)}}


@dataclass
class Received:
    device: str
    message: dict
    headers: object  # case-insensitive, as sent


def self_signed(directory) -> tuple[str, str]:
    """A certificate for 127.0.0.1 and its key, as files: the worker is told to trust it."""
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = directory / "push.crt", directory / "push.key"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return str(cert_file), str(key_file)


class PushService:
    def __init__(self, directory, public_key: str):
        self.cert, self.key = self_signed(directory)
        self.public_key = public_key  # the service's VAPID key every JWT must be signed with
        self.devices: dict[str, Device] = {}
        self.received: list[Received] = []
        self.problems: list[str] = []
        self.answers: dict[str, int] = {}  # device name -> status to answer (201 by default)
        self.delay = 0.0  # seconds to wait before answering (to make workers overlap)
        self.lock = threading.Lock()
        self.server = None
        self.port = 0
        self.start()

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    def device(self, name: str) -> Device:
        self.devices[name] = Device(name, f"https://{self.host}/push/{name}")
        return self.devices[name]

    def start(self) -> None:
        """Listen (again, on the same port after `stop`)."""
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), _handler(self))
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(self.cert, self.key)
        self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    def messages(self) -> list[tuple[str, dict]]:
        return [(got.device, got.message) for got in self.received]

    def check(self, headers, body: bytes, device: Device) -> dict:
        """The message, decrypted; AssertionError for anything a push service or browser refuses."""
        scheme, _, credentials = headers.get("Authorization", "").partition(" ")
        assert scheme == "vapid", "no VAPID authorization"
        parts = dict(part.split("=", 1) for part in credentials.split(","))
        assert parts["k"] == self.public_key, "signed with another key"
        assert Vapid02.verify(headers["Authorization"]), "the JWT's signature is wrong"
        claims = json.loads(unb64url(parts["t"].split(".")[1]))
        assert claims["aud"] == f"https://{self.host}", f"the JWT is for {claims['aud']}"
        assert time.time() < claims["exp"] <= time.time() + 24 * 3600, "the JWT expired or lives too long"
        assert claims["sub"].startswith(("mailto:", "https:")), "the JWT has no contact"
        assert headers.get("Content-Encoding") == "aes128gcm" and int(headers["TTL"]) > 0
        plain = http_ece.decrypt(body, private_key=device.key, auth_secret=device.auth, version="aes128gcm")
        assert len(body) <= 4096, "larger than push services take"
        return json.loads(plain)


def _handler(service: PushService):
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            name = self.path.rsplit("/", 1)[-1]
            time.sleep(service.delay)
            status = service.answers.get(name, 201)
            try:
                message = service.check(self.headers, body, service.devices[name])
            except Exception as wrong:  # noqa: BLE001 (every refusal is reported to the test)
                with service.lock:
                    service.problems.append(f"{name}: {wrong!r}")
                status = 400
            else:
                if status == 201:
                    with service.lock:
                        service.received.append(Received(name, message, self.headers))
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()

        def log_message(self, *args):
            pass

    return Handler
