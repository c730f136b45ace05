"""Which URLs the service POSTs notifications to: a push service's HTTPS endpoint, never an
address of the service's own network (a subscription is sent by a browser, so anyone can make the
worker POST to the endpoint it names).

PUSH_HOSTS lists the hosts allowed: by default the push services of Chrome/Android (FCM),
Firefox (Mozilla autopush), Safari (Apple) and Edge (WNS). An entry starting with a dot allows its
subdomains, `host:port` one port only, and `*` any host whose every address is public."""
import ipaddress
import socket
from urllib.parse import urlsplit

KNOWN_PUSH_SERVICES = ("fcm.googleapis.com", "updates.push.services.mozilla.com", "web.push.apple.com",
                       ".push.apple.com", ".notify.windows.com")
MAX_LENGTH = 1024


class Refused(ValueError):
    """An endpoint the service will not POST to; the message says why."""


def hosts_setting(raw: str | None) -> tuple[str, ...]:
    """PUSH_HOSTS: comma-separated entries, the known push services when unset."""
    if raw is None:
        return KNOWN_PUSH_SERVICES
    return tuple(entry.strip().lower() for entry in raw.split(",") if entry.strip())


def check(endpoint: str, allowed: tuple[str, ...], resolve=socket.getaddrinfo) -> str:
    """`endpoint` if the service may POST to it; Refused otherwise. Checked when a subscription is
    registered and again before each POST (the setting may have changed, and DNS with it)."""
    if len(endpoint) > MAX_LENGTH:
        raise Refused(f"An endpoint is at most {MAX_LENGTH} characters.")
    try:
        url = urlsplit(endpoint)
        host, port = (url.hostname or "").lower(), url.port or 443
    except ValueError:
        raise Refused("The endpoint is not a URL.") from None
    if url.scheme != "https" or not host or url.username or url.password:
        raise Refused("A push endpoint is an https:// URL without a user or password.")
    for entry in allowed:
        if host == entry or f"{host}:{port}" == entry or (entry.startswith(".") and host.endswith(entry)):
            return endpoint
    if "*" in allowed and _public(host, port, resolve):
        return endpoint
    raise Refused(f"{host} is not a known push service.")


def _public(host: str, port: int, resolve) -> bool:
    """Every address the host resolves to is a public one (not loopback, private, link-local...)."""
    try:
        addresses = {info[4][0] for info in resolve(host, port, proto=socket.IPPROTO_TCP)}
    except (OSError, UnicodeError):
        return False
    return bool(addresses) and all(ipaddress.ip_address(address.split("%")[0]).is_global for address in addresses)
