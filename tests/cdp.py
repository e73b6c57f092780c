#!/usr/bin/env python3
"""cdp.py -- drives headless Chromium through the DevTools protocol, for
the browser tests: open a page, evaluate JavaScript (awaiting promises),
and record every network request the page makes. Python's standard
library only (the WebSocket framing is the few lines a client needs).

    with Browser() as b:
        page = b.open("file:///.../page.html")
        print(page.evaluate("1 + 1"))
        print(page.requests)        # URLs the page asked for
"""
import base64
import http.client
import json
import os
import shutil
import socket
import struct
import subprocess
import tempfile
import time


def find_chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class WebSocket:
    """A client WebSocket: text frames out (masked), frames in."""

    def __init__(self, url):
        assert url.startswith("ws://")
        host_port, path = url[5:].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\n"
                           "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\n"
                           "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def send(self, text):
        data = text.encode()
        header = bytes([0x81])
        n = len(data)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask +
                          bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n):
        buf = b""
        while len(buf) < n:
            chunk = self.sock.recv(n - len(buf))
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            buf += chunk
        return buf

    def recv(self):
        """The next whole text message."""
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            payload = self._read(n)
            if b0 & 0x0F == 0x9:        # ping: answer, go on
                continue
            message += payload
            if b0 & 0x80:
                return message.decode()


class Page:
    def __init__(self, ws):
        self.ws = ws
        self.next_id = 0
        self.requests = []
        self.console = []
        self.call("Network.enable")
        self.call("Runtime.enable")

    def _event(self, msg):
        method = msg.get("method")
        params = msg.get("params", {})
        if method == "Network.requestWillBeSent":
            self.requests.append(params["request"]["url"])
        elif method == "Runtime.exceptionThrown":
            self.console.append("exception: " + json.dumps(params)[:300])
        elif method == "Runtime.consoleAPICalled":
            self.console.append(" ".join(str(a.get("value", "")) for a in params.get("args", [])))

    def call(self, method, **params):
        self.next_id += 1
        me = self.next_id
        self.ws.send(json.dumps({"id": me, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == me:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self._event(msg)

    def evaluate(self, expression, timeout=60):
        """The value of expression (a promise is awaited)."""
        r = self.call("Runtime.evaluate", expression=expression,
                      awaitPromise=True, returnByValue=True,
                      timeout=timeout * 1000)
        if "exceptionDetails" in r:
            raise RuntimeError(json.dumps(r["exceptionDetails"])[:500])
        return r["result"].get("value")

    def navigate(self, url):
        self.call("Page.enable")
        self.call("Page.navigate", url=url)
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.evaluate("document.readyState") == "complete":
                return
            time.sleep(0.05)
        raise TimeoutError(url)


class Browser:
    def __init__(self, width=1400, height=900):
        self.exe = find_chromium()
        if not self.exe:
            raise FileNotFoundError("chromium")
        self.profile = tempfile.mkdtemp()
        self.proc = subprocess.Popen(
            [self.exe, "--headless", "--no-sandbox", "--disable-gpu",
             "--remote-debugging-port=0", f"--user-data-dir={self.profile}",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        deadline = time.time() + 30
        while not os.path.exists(port_file) or os.path.getsize(port_file) == 0:
            if time.time() > deadline:
                raise TimeoutError("chromium did not start")
            time.sleep(0.05)
        self.port = int(open(port_file).read().split()[0])

    def open(self, url):
        conn = http.client.HTTPConnection("127.0.0.1", self.port)
        conn.request("GET", "/json/list")
        targets = json.loads(conn.getresponse().read())
        page = next(t for t in targets if t["type"] == "page")
        p = Page(WebSocket(page["webSocketDebuggerUrl"]))
        p.navigate(url)
        return p

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)
