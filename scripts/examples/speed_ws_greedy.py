#!/usr/bin/env python3
"""A greedy Spe_ed client for the official websocket protocol (speed.md §8).

What it is: a GREEDY one-step bot. Each round it tries the five actions
and keeps those whose move (speed cells in a straight line, jump rounds
included) stays on the board and on free cells; among them it prefers
change_nothing, then a random one. It ignores the other players' next
moves, so it crashes into them now and then. It exists to show the
protocol and to be played by tourney's hosted server in tests.

The websocket client is written here with the standard library only
(RFC 6455: handshake, masked text frames out, ping/pong, close).

Like the contest's containers it reads URL and KEY from the environment
(or --url/--key). Its only randomness comes from --seed.
Options: --stall-round N sleeps past the deadline in round N (a test of
deadline elimination).
"""
import argparse
import base64
import json
import os
import random
import socket
import struct
import sys
import time
import urllib.parse


class WebSocket:
    def __init__(self, url):
        u = urllib.parse.urlparse(url)
        if u.scheme != "ws":
            raise SystemExit("only ws:// URLs (no TLS in this example): " + url)
        self.sock = socket.create_connection((u.hostname, u.port or 80))
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        path = u.path + ("?" + u.query if u.query else "")
        key = base64.b64encode(os.urandom(16)).decode()
        req = (f"GET {path} HTTP/1.1\r\nHost: {u.netloc}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
               f"Sec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(req.encode())
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise SystemExit("the server closed the connection during the handshake")
            self.buf += chunk
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status + b" ":
            raise SystemExit("handshake refused: " + status.decode(errors="replace"))

    def _read(self, n):
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise EOFError
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def _send(self, opcode, payload):
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(head + mask + masked)

    def send_text(self, text):
        self._send(0x1, text.encode())

    def recv_text(self):
        """The next text message, or None when the connection closes."""
        message = b""
        while True:
            try:
                b0, b1 = self._read(2)
            except EOFError:
                return None
            fin, opcode, n = b0 & 0x80, b0 & 0x0F, b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            mask = self._read(4) if b1 & 0x80 else None
            payload = self._read(n)
            if mask:
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            if opcode == 0x8:  # close: answer and stop
                try:
                    self._send(0x8, payload[:2])
                except OSError:
                    pass
                return None
            if opcode == 0x9:  # ping
                self._send(0xA, payload)
                continue
            if opcode in (0x1, 0x0):
                message += payload
                if fin:
                    return message.decode()


DIRS = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
ORDER = ["up", "right", "down", "left"]
ACTIONS = ["change_nothing", "turn_left", "turn_right", "speed_up", "slow_down"]


def safe(state, me, action, rnd):
    w, h, cells = state["width"], state["height"], state["cells"]
    d, v = me["direction"], me["speed"]
    i = ORDER.index(d)
    if action == "turn_left":
        d = ORDER[(i + 3) % 4]
    elif action == "turn_right":
        d = ORDER[(i + 1) % 4]
    elif action == "speed_up":
        v += 1
    elif action == "slow_down":
        v -= 1
    if v < 1 or v > 10:
        return False
    dx, dy = DIRS[d]
    x, y = me["x"], me["y"]
    for s in range(v):
        x, y = x + dx, y + dy
        if not (0 <= x < w and 0 <= y < h):
            return False
        jump = rnd % 6 == 0 and v >= 3 and 0 < s < v - 1
        if not jump and cells[y][x] != 0:
            return False
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--url", default=os.environ.get("URL", ""))
    ap.add_argument("--key", default=os.environ.get("KEY", ""))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stall-round", type=int, default=0)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    url = args.url
    if args.key:
        url += ("&" if "?" in url else "?") + "key=" + urllib.parse.quote(args.key)
    ws = WebSocket(url)
    rnd = 0
    while True:
        text = ws.recv_text()
        if text is None:
            return
        state = json.loads(text)
        rnd += 1  # the k-th state precedes round k
        me = state["players"][str(state["you"])]
        if not state["running"]:
            print(f"game over after {rnd - 1} rounds, active={me['active']}", file=sys.stderr)
            return
        if not me["active"]:
            continue
        if rnd == args.stall_round:
            time.sleep(8)
        ok = [a for a in ACTIONS if safe(state, me, a, rnd)]
        if not ok:
            choice = "change_nothing"
        elif ok[0] == "change_nothing":
            choice = "change_nothing"
        else:
            choice = ok[rng.randrange(len(ok))]
        ws.send_text(json.dumps({"action": choice}))


if __name__ == "__main__":
    main()
