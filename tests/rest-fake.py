#!/usr/bin/env python3
"""A fake slurmrestd for tests/rest-hostile.t: serves one behaviour on
127.0.0.1 (a free port the system picks) or on a unix socket, and ends by
itself after LIFETIME seconds (SIGALRM), whatever its clients do.

usage: rest-fake.py MODE DIR [LIFETIME [unix]]

Writes the port to DIR/port once it listens (or DIR/sock is the socket,
DIR/port then says "unix"), and appends to DIR/log each connection's first
bytes: the request line and headers, or what a client of another protocol
sent. Modes:
  ok        /slurm/v0.0.45/shares answers 200 with the document in
            $FAKE_BODY (or FAKE_SHARES_GEN=N: N associations made as
            they are sent, pretty-printed as slurmrestd does, some 5 kB
            each); /slurmdb/v0.0.45/users?with_assocs=true with the
            document in $FAKE_USERS, or made as it is sent by
            FAKE_USERS_GEN=KIND:N (users_gen below); any other path 404
  hang      accepts, reads the request and never answers
  slow404   every request: 404, after 8 seconds
  endless   200, no Content-Length, a body that never ends (white space)
  dense     the same, a list of small objects that never ends
  huge      200, Content-Length 2^41, then the same endless body
  echo401   401 whose error description repeats the request's headers
  html      200 with a web server's HTML page
  full      listens and never accepts, its queue full: a connection
            never opens
"""
import json
import os
import signal
import socket
import socketserver
import sys
import threading
import time

mode, out = sys.argv[1], sys.argv[2]
lifetime = int(sys.argv[3]) if len(sys.argv) > 3 else 60
unix = len(sys.argv) > 4 and sys.argv[4] == "unix"
lock = threading.Lock()


def log(data):
    with lock, open(os.path.join(out, "log"), "ab") as f:
        f.write(data + b"\n--\n")


def answer(status, body, ctype="application/json", length=None):
    head = "HTTP/1.1 %s\r\nContent-Type: %s\r\nConnection: close\r\n" % (
        status, ctype)
    if length is not None:
        head += "Content-Length: %d\r\n" % length
    return head.encode() + b"\r\n" + body


def shares_gen(n):
    """A document of N associations (root, accounts of 19 users), as
    consistent as sshare's, in pieces."""
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "sshare", "json-2605-classic.json")) as f:
        d = json.load(f)
    sh = d["shares"]["shares"]
    na = max(1, n // 20)
    root, acc, usr = sh[0], sh[2], sh[3]
    root["usage"] = na * 95
    acc["usage"], acc["shares"]["number"] = 95, 1
    acc["shares_normalized"]["number"] = 1.0 / na
    usr["usage"], usr["shares"]["number"] = 5, 1
    usr["shares_normalized"]["number"] = 1.0 / 19 / na

    def text(e):
        return ",\n" + json.dumps(e, indent=2)

    acc_t = text(dict(acc, name="@A@"))
    usr_t = text(dict(usr, name="@U@", parent="@A@"))
    d["shares"]["shares"] = []
    d["meta"]["slurm"]["release"] = os.environ.get("FAKE_RELEASE",
                                                   "26.05.5")
    head, tail = json.dumps(d, indent=2).split("[]", 1)
    yield (head + "[" + json.dumps(root, indent=2)).encode()
    for a in range(na):
        part = [acc_t.replace("@A@", "a%d" % a)]
        for u in range(19):
            part.append(usr_t.replace("@A@", "a%d" % a).replace(
                "@U@", "u%d_%d" % (a, u)))
        yield "".join(part).encode()
    yield ("]" + tail).encode()


def users_gen(kind, n):
    """/slurmdb/v0.0.45/users as KIND: 'real' N users as slurmdbd lists
    them with their associations (some 250 bytes each), the sample's
    users first; 'deep' one user whose record holds N bytes of empty
    objects (json-c takes some 250 bytes for each two); 'endless' users
    without end."""
    form = json.dumps({
        "administrator_level": ["None"],
        "associations": [{"account": "@A@", "cluster": "fstest",
                          "partition": "", "user": "@U@", "id": 7}],
        "coordinators": [], "default": {"account": "@A@", "wckey": ""},
        "flags": [], "name": "@U@", "old_name": "", "wckeys": []},
        indent=2).replace("%", "%%").replace("@A@", "%(a)s").replace(
            "@U@", "%(u)s")

    def user(name, acct):
        return form % {"u": name, "a": acct}

    yield b'{\n  "users": [\n'
    sample = [("alice", "chem"), ("bob", "physics"), ("gina", "bio")]
    yield ",\n".join(user(u, a) for u, a in sample).encode()
    if kind == "deep":
        yield (',\n{"name": "hank", "default": {"account": "bio"}, '
               '"associations": [' + ",".join(["{}"] * (n // 3)) +
               ']}').encode()
    k = 0
    while kind == "real" and k < n:
        yield ("," + ",".join(user("user%d" % i, "acct%d" % (i % 997))
                              for i in range(k, k + 1000))).encode()
        k += 1000
    # Without end: the same 10,000 users again and again (their names
    # long, that they fill what fs-tree keeps sooner).
    block = ("," + ",".join(user("user%0100d" % i, "acct%d" % (i % 997))
                            for i in range(10000))).encode()
    while kind == "endless":
        yield block
    yield b'\n  ],\n  "errors": [],\n  "warnings": []\n}\n'


def send_chunked(s, pieces):
    s.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
              b"Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
    for p in pieces:
        if p:
            s.sendall(b"%x\r\n" % len(p) + p + b"\r\n")
    s.sendall(b"0\r\n\r\n")


class Handler(socketserver.BaseRequestHandler):
    def handle(self):
        s = self.request
        log(b"connection")
        s.settimeout(5)
        req = b""
        try:
            while b"\r\n\r\n" not in req and len(req) < 65536:
                got = s.recv(4096)
                if not got:
                    break
                req += got
        except OSError:
            pass
        log(req)
        line = req.split(b"\r\n", 1)[0].decode("latin-1").split(" ")
        path = line[1] if len(line) > 1 else ""
        try:
            self.act(s, req, path)
        except OSError:
            pass

    def act(self, s, req, path):
        users = "/slurmdb/v0.0.45/users?with_assocs=true"
        if mode == "ok":
            if path == "/slurm/v0.0.45/shares" and \
                    "FAKE_SHARES_GEN" in os.environ:
                s.settimeout(lifetime)
                send_chunked(s, shares_gen(int(
                    os.environ["FAKE_SHARES_GEN"])))
            elif path == "/slurm/v0.0.45/shares":
                with open(os.environ["FAKE_BODY"], "rb") as f:
                    body = f.read()
                s.sendall(answer("200 OK", body, length=len(body)))
            elif path == users and "FAKE_USERS_GEN" in os.environ:
                kind, n = os.environ["FAKE_USERS_GEN"].split(":")
                s.settimeout(lifetime)
                send_chunked(s, users_gen(kind, int(n)))
            elif path == users and "FAKE_USERS" in os.environ:
                with open(os.environ["FAKE_USERS"], "rb") as f:
                    body = f.read()
                s.sendall(answer("200 OK", body, length=len(body)))
            else:
                s.sendall(answer("404 Not Found", b"{}", length=2))
        elif mode == "hang":
            time.sleep(lifetime)
        elif mode == "slow404":
            time.sleep(8)
            s.sendall(answer("404 Not Found", b"{}", length=2))
        elif mode in ("endless", "huge", "dense"):
            s.sendall(answer("200 OK", b"", length=(1 << 41) if mode ==
                             "huge" else None))
            chunk = b'{"shares": ' + b" " * (1 << 20)
            if mode == "dense":
                s.sendall(b'{"shares": {"shares": [')
                chunk = b'{"name": "x"},' * (1 << 16)
            s.settimeout(lifetime)
            while True:
                s.sendall(chunk)
        elif mode == "echo401":
            text = req.decode("latin-1").replace("\\", "\\\\")
            text = text.replace('"', '\\"').replace("\r", "\\r")
            text = text.replace("\n", "\\n")
            body = ('{"errors": [{"description": "refused: %s"}]}' %
                    text).encode()
            s.sendall(answer("401 Unauthorized", body, length=len(body)))
        elif mode == "html":
            body = (b"<!DOCTYPE html>\n<html><head><title>It works"
                    b"</title></head>\n<body>It works</body></html>\n")
            s.sendall(answer("200 OK", body, "text/html", len(body)))


class TCP(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


class Unix(socketserver.ThreadingMixIn, socketserver.UnixStreamServer):
    daemon_threads = True


signal.signal(signal.SIGALRM, lambda *_: os._exit(0))
signal.alarm(lifetime)
if mode == "full":
    # A backlog of 0 holds one connection; these fill it, and the
    # kernel drops the SYNs of the next.
    lsn = socket.socket()
    lsn.bind(("127.0.0.1", 0))
    lsn.listen(0)
    fill = []
    for _ in range(3):
        c = socket.socket()
        c.setblocking(False)
        try:
            c.connect(lsn.getsockname())
        except BlockingIOError:
            pass
        fill.append(c)
    with open(os.path.join(out, "port.new"), "w") as f:
        f.write("%d\n" % lsn.getsockname()[1])
    os.rename(os.path.join(out, "port.new"), os.path.join(out, "port"))
    time.sleep(lifetime)
if unix:
    srv = Unix(os.path.join(out, "sock"), Handler)
    port = "unix"
else:
    srv = TCP(("127.0.0.1", 0), Handler)
    port = str(srv.server_address[1])
with open(os.path.join(out, "port.new"), "w") as f:
    f.write(port + "\n")
os.rename(os.path.join(out, "port.new"), os.path.join(out, "port"))
srv.serve_forever()
