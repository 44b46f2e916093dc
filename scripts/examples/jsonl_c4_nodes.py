#!/usr/bin/env python3
"""A Connect Four searcher for tourney that plays the contest's clock in nodes.

What it is: an alpha-beta search (negamax, iterative deepening, centre-first
move order) over bitboards, with two tunable knobs declared in its hello:

  center_weight  how much a stone counts by its column (0: only wins count)
  time_share     the share of the clock's balance one move may spend

It COUNTS ITS NODES (every position the search visits) and says so in its
hello ("clock": "nodes"). Under a clock with a node rate, tourney hands
each turn the balance in nodes (clock.left_nodes) and charges each move the
nodes it reports (info.nodes) over the node rate, exactly as it charges its
built-in bots: the bot stops its search when it has spent
time_share * left_nodes, so its games replay byte for byte at any load and
any --workers. Under other budgets it obeys budget.depth, budget.nodes or,
on the wall clock (a clock without a node rate), clock.left_ms.

Deterministic: it draws nothing at random (use opening_plies in the space
to vary the games). Standard library only. Run by tourney:

    [bots.c4py]
    game   = "connect4"
    cmd    = ["python3", "jsonl_c4_nodes.py"]
    params = "hello"
"""
import json
import sys
import time

W, H = 7, 6
H1 = H + 1
BOTTOM = sum(1 << (c * H1) for c in range(W))
FULL = BOTTOM * ((1 << H) - 1)
ORDER = [3, 2, 4, 1, 5, 0, 6]
COLUMN_VALUE = [0, 1, 2, 3, 2, 1, 0]
WIN = 1_000_000


class OutOfNodes(Exception):
    pass


def send(msg):
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def won(b):
    for s in (1, H1, H1 - 1, H1 + 1):
        m = b & (b >> s)
        if m & (m >> (2 * s)):
            return True
    return False


class Search:
    def __init__(self, center_weight, node_limit, deadline):
        self.cw = center_weight
        self.limit = node_limit  # 0: none
        self.deadline = deadline  # 0: none (wall clock only when set)
        self.nodes = 0

    def evaluate(self, me, mask):
        if self.cw == 0:
            return 0
        opp = mask ^ me
        s = 0
        for c in range(W):
            col = ((1 << H) - 1) << (c * H1)
            s += COLUMN_VALUE[c] * (bin(me & col).count("1") - bin(opp & col).count("1"))
        return s * self.cw

    def negamax(self, me, mask, depth, alpha, beta):
        if self.limit and self.nodes >= self.limit:
            raise OutOfNodes  # this move's nodes are spent
        self.nodes += 1
        if self.deadline and self.nodes % 256 == 0 and time.monotonic() > self.deadline:
            raise OutOfNodes
        opp = mask ^ me
        if won(opp):
            return -WIN - depth  # the side that just moved has won
        if mask == FULL:
            return 0
        if depth == 0:
            return self.evaluate(me, mask)
        best = -2 * WIN
        for c in ORDER:
            bottom = mask + (1 << (c * H1)) & (((1 << H) - 1) << (c * H1))
            if bottom == 0:
                continue
            nmask = mask | bottom
            # the opponent moves next: its stones are opp
            v = -self.negamax(opp, nmask, depth - 1, -beta, -alpha)
            if v > best:
                best = v
            if v > alpha:
                alpha = v
            if alpha >= beta:
                break
        return best

    def root(self, me, mask, max_depth):
        """Iterative deepening; the move of the deepest completed depth."""
        legal = [c for c in ORDER if (mask & (1 << (c * H1 + H - 1))) == 0]
        best, done = legal[0], 0
        depth = 1
        while depth <= max_depth:
            try:
                alpha, beta = -2 * WIN, 2 * WIN
                it_best, it_val = legal[0], -2 * WIN
                for c in legal:
                    bottom = mask + (1 << (c * H1)) & (((1 << H) - 1) << (c * H1))
                    v = -self.negamax(mask ^ me, mask | bottom, depth - 1, -beta, -alpha)
                    if v > it_val:
                        it_best, it_val = c, v
                    if v > alpha:
                        alpha = v
                best, done = it_best, depth
                if abs(it_val) >= WIN:
                    break  # a forced result: deeper changes nothing
            except OutOfNodes:
                break
            depth += 1
        return best, done


def position(state):
    """Bitboards (the mover's stones, all stones) from the JSON state."""
    rows, to_move = state["rows"], state["to_move"]
    me = mask = 0
    for r in range(H):
        line = rows[H - 1 - r]  # rows come from the top down
        for c in range(W):
            ch = line[c]
            if ch == ".":
                continue
            bit = 1 << (c * H1 + r)
            mask |= bit
            if ch == str(to_move):
                me |= bit
    return me, mask


def main():
    center_weight, time_share = 3, 0.3
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            send({
                "type": "hello",
                "protocol": "tourney/2",  # echoes each turn's id
                "clock": "nodes",  # counts its nodes and reports them in every action
                "name": "jsonl_c4_nodes.py",
                "params": [
                    {"name": "center_weight", "type": "int", "default": 3, "min": 0, "max": 10,
                     "doc": "value of a stone by its column (0: only wins count)"},
                    {"name": "time_share", "type": "float", "default": 0.3, "min": 0.05, "max": 1.0,
                     "doc": "share of the clock's balance one move may spend"},
                ],
            })
        elif kind == "newgame":
            p = msg.get("params", {})
            center_weight = int(p.get("center_weight", 3))
            time_share = float(p.get("time_share", 0.3))
        elif kind == "turn":
            budget, clock = msg.get("budget", {}), msg.get("clock")
            limit, deadline, max_depth = 0, 0, 42
            if clock and clock.get("kind") == "nodes":
                limit = max(int(clock["left_nodes"] * time_share), 1)
            elif clock or budget.get("time_ms"):  # the wall clock
                ms = clock["left_ms"] if clock else budget["time_ms"]
                deadline = time.monotonic() + ms * time_share / 1000
            elif budget.get("nodes"):
                limit = budget["nodes"]
            elif budget.get("depth"):
                max_depth = budget["depth"]
            else:
                max_depth = 6
            s = Search(center_weight, limit, deadline)
            me, mask = position(msg["state"])
            col, depth = s.root(me, mask, max_depth)
            # nodes: the positions this move's search visited (never more than the limit)
            send({"type": "action", "id": msg.get("id"), "action": str(col),
                  "info": {"nodes": s.nodes, "depth": depth}})
        elif kind == "quit":
            return


if __name__ == "__main__":
    main()
