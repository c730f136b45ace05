"""Python bytecodes a request runs in a gunicorn worker, the server's part and the app's:
`python -m bench.served_opcodes`.

bench/opcodes.py counts what runs inside the app. A worker runs more around it: reading and
parsing the request, making its environ, writing the answer (serving.py, plain_http.py, and
gunicorn's own path for the requests they leave to it), and its threads' hand-offs. Here gunicorn,
started as the Procfile starts it (one worker) with a tracer added to its settings, serves a
request doing nothing (`GET /bench/noop`, bench/noop_app.py) again and again on one keep-alive
connection, and the worker's bytecodes are counted by file and function: twice, once after WARM
requests and once after WARM + `--requests`, so that the difference, divided by `--requests`,
leaves out the worker's start and its first requests (imports, caches filling). The count is the
same from run to run within a few bytecodes, where timings vary by 15 %.

The server's part is what runs in gunicorn, serving.py, plain_http.py and the standard library's
socket, selectors and threading modules; the app's, everything else.
"""
import argparse
import json
import socket
import sys
import tempfile
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.server import ROOT, Service, scratch_sqlite  # noqa: E402

WARM = 200
SERVER_FILES = ("/gunicorn/", "/serving.py", "/socket.py", "/selectors.py", "/threading.py")
# gunicorn.conf.py, and a tracer in the worker counting each bytecode by file and function,
# written out when the worker exits.
TRACED_SETTINGS = """
import json, sys, threading
from collections import Counter
exec(compile(open({settings!r}).read(), {settings!r}, "exec"))
_counts = Counter()
def _count(frame, event, arg):
    frame.f_trace_opcodes, frame.f_trace_lines = True, False
    if event == "opcode":
        _counts[frame.f_code.co_filename, frame.f_code.co_name] += 1
    return _count
def post_worker_init(worker):
    threading.settrace(_count)
    sys.settrace(_count)
def worker_exit(server, worker):
    sys.settrace(None)
    with open({out!r}, "w") as out:
        json.dump([[path, name, count] for (path, name), count in _counts.items()], out)
"""
REQUEST = b"GET /bench/noop HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\nUser-Agent: bench\r\n\r\n"


def counted(requests: int) -> Counter:
    """The bytecodes a worker ran, by (file, function), serving `requests` no-op requests."""
    with tempfile.TemporaryDirectory() as folder:
        settings, out = Path(folder) / "traced.conf.py", Path(folder) / "counts.json"
        settings.write_text(TRACED_SETTINGS.format(settings=str(ROOT / "gunicorn.conf.py"), out=str(out)))
        with scratch_sqlite() as url:
            service = Service(url, app="bench.noop_app:app", workers=1, limits="off")
            service.env["GUNICORN_CMD_ARGS"] += f" --config {settings}"
            with service:
                ask(service.port, requests)
        return Counter({(path, name): count for path, name, count in json.loads(out.read_text())})


def ask(port: int, requests: int) -> None:
    """Send the no-op request `requests` times on one connection, each after the last one's answer."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        for _ in range(requests):
            sock.sendall(REQUEST)
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += sock.recv(65536)
            head, body = answer.split(b"\r\n\r\n", 1)
            length = int(next(line.split(b":")[1] for line in head.split(b"\r\n") if line.lower().startswith(b"content-length")))
            while len(body) < length:
                body += sock.recv(65536)


def is_server(path: str) -> bool:
    return any(part in path for part in SERVER_FILES)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=1000, help=f"no-op requests counted (after {WARM})")
    args = parser.parse_args()
    per_request = counted(WARM + args.requests)
    per_request.subtract(counted(WARM))
    server = sum(count for (path, _), count in per_request.items() if is_server(path)) / args.requests
    total = sum(per_request.values()) / args.requests
    print(f"| a no-op request in a worker (bytecodes) | all | the server's part | the app's |\n|---|---|---|---|\n"
          f"| per request, over {args.requests:,} | {total:,.0f} | {server:,.0f} | {total - server:,.0f} |\n")
    print("| the server's functions running the most bytecodes of their own | per request |\n|---|---|")
    mine = Counter({key: count for key, count in per_request.items() if is_server(key[0])})
    for (path, name), count in mine.most_common(12):
        where = path.split("site-packages/")[-1].split("/lib/python3")[-1].removeprefix(str(ROOT) + "/")
        print(f"| {where}: {name} | {count / args.requests:,.1f} |")


if __name__ == "__main__":
    main()
