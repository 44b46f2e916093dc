#!/usr/bin/env python3
"""A random ReversiXT client for the course's TCP protocol (reversixt.md §8).

What it is: a RANDOM bot. It keeps its own copy of the board from the
server's messages (the rules of reversixt.md §3-§6: captures along
transitions, overwrite and expansion moves, choice, inversion and bonus
fields, bombs) and plays a legal move drawn uniformly at random, with a
random choice at choice and bonus fields. Its only randomness comes from
--seed. It exists to show the protocol and to play through tourney's
hosted server in tests; it is not a strong player.

    python3 rxt_tcp_random.py --server 127.0.0.1:7777 --group 3 --seed 1

Standard library only.
"""
import argparse
import random
import re
import socket
import struct
import sys
from collections import deque

DIRS = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
STONES = "12345678x"


class Game:
    def __init__(self, text):
        lines = [l.strip() for l in text.replace("\r", "\n").split("\n") if l.strip()]
        self.n = int(lines[0])
        ow = int(lines[1])
        bombs, self.strength = map(int, lines[2].split())
        self.h, self.w = map(int, lines[3].split())
        self.board = []
        for row in lines[4:4 + self.h]:
            self.board += [c.lower() for c in row.split()]
        self.trans = {}
        for line in lines[4 + self.h:]:
            m = re.match(r"^\s*(\d+)\s+(\d+)\s+(\d+)\s*<->\s*(\d+)\s+(\d+)\s+(\d+)\s*$", line)
            x1, y1, r1, x2, y2, r2 = map(int, m.groups())
            self.trans[(y1 * self.w + x1, r1)] = (y2 * self.w + x2, (r2 + 4) % 8)
            self.trans[(y2 * self.w + x2, r2)] = (y1 * self.w + x1, (r1 + 4) % 8)
        self.ow = [ow] * (self.n + 1)        # index 1..n
        self.bombs = [bombs] * (self.n + 1)
        self.phase = 1

    def next(self, c, d):
        """The step function of §3.3: (cell, direction) or None."""
        x, y = c % self.w, c // self.w
        dx, dy = DIRS[d]
        nx, ny = x + dx, y + dy
        if 0 <= nx < self.w and 0 <= ny < self.h and self.board[ny * self.w + nx] != "-":
            return ny * self.w + nx, d
        t = self.trans.get((c, d))
        if t and self.board[t[0]] != "-":
            return t
        return None

    def line(self, t, d, p):
        """The stones captured from t in direction d by player p (§5.1)."""
        own, got, step = str(p), [], self.next(t, d)
        while step:
            c, d = step
            if c == t:
                return []
            v = self.board[c]
            if v == own:
                return got
            if v not in STONES:
                return []
            got.append(c)
            step = self.next(c, d)
        return []

    def captures(self, t, p):
        return any(self.line(t, d, p) for d in range(8))

    def legal(self, p):
        """Legal moves of player p as (cell, special)."""
        out = []
        if self.phase == 1:
            for t, v in enumerate(self.board):
                if v == "-":
                    continue
                if v in "0cib":
                    ok = self.captures(t, p)
                else:
                    ok = self.ow[p] > 0 and (v == "x" or self.captures(t, p))
                if not ok:
                    continue
                if v == "c":
                    out += [(t, q) for q in range(1, self.n + 1)]
                elif v == "b":
                    out += [(t, 20), (t, 21)]
                else:
                    out.append((t, 0))
        elif self.bombs[p] > 0:
            out = [(t, 0) for t, v in enumerate(self.board) if v != "-"]
        return out

    def apply(self, t, special, p):
        if self.phase == 2:
            self.bombs[p] = (self.bombs[p] - 1) % 256
            seen, queue = {t}, deque([(t, 0)])
            while queue:
                c, k = queue.popleft()
                if k == self.strength:
                    continue
                for d in range(8):
                    s = self.next(c, d)
                    if s and s[0] not in seen:
                        seen.add(s[0])
                        queue.append((s[0], k + 1))
            for c in seen:
                self.board[c] = "-"
            return
        field = self.board[t]
        if field in STONES:
            self.ow[p] = (self.ow[p] - 1) % 256
        flips = [c for d in range(8) for c in self.line(t, d, p)]
        for c in flips:
            self.board[c] = str(p)
        self.board[t] = str(p)
        if field == "c" and special != p:
            a, b = str(p), str(special)
            self.board = [b if v == a else a if v == b else v for v in self.board]
        elif field == "i":
            self.board = [str(int(v) % self.n + 1) if v in "12345678" else v for v in self.board]
        elif field == "b":
            if special == 20:
                self.bombs[p] = (self.bombs[p] + 1) % 256
            else:
                self.ow[p] = (self.ow[p] + 1) % 256


def recv_exact(sock, n):
    data = b""
    while len(data) < n:
        chunk = sock.recv(n - len(data))
        if not chunk:
            raise EOFError
        data += chunk
    return data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--server", default="127.0.0.1:7777")
    ap.add_argument("--group", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    host, port = args.server.rsplit(":", 1)
    sock = socket.create_connection((host, int(port)))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.sendall(struct.pack(">BIB", 1, 1, args.group))
    game, me = None, 0
    while True:
        try:
            typ, n = struct.unpack(">BI", recv_exact(sock, 5))
            payload = recv_exact(sock, n)
        except EOFError:
            return
        if typ == 2:
            game = Game(payload.decode())
        elif typ == 3:
            me = payload[0]
        elif typ == 4:
            moves = game.legal(me)
            if not moves:
                print("no legal move, but asked for one", file=sys.stderr)
                return
            t, special = moves[rng.randrange(len(moves))]
            sock.sendall(struct.pack(">BIHHB", 5, 5, t % game.w, t // game.w, special))
        elif typ == 6:
            x, y, special, p = struct.unpack(">HHBB", payload)
            game.apply(y * game.w + x, special, p)
        elif typ == 7:
            if payload[0] == me:
                print("disqualified", file=sys.stderr)
                return
        elif typ == 8:
            game.phase = 2
        elif typ == 9:
            print("game over", file=sys.stderr)
            return


if __name__ == "__main__":
    main()
