#!/usr/bin/env python3
"""A random bot for every game of tourney, over the JSON-lines protocol.

What it is: a RANDOM bot with one knob. On each turn it plays the first
legal action (in the order tourney lists them) with probability
`first_prob`, and otherwise a legal action drawn uniformly at random. It
does not look at the state. It exists to show the protocol and to be
tuned in tests and in the README; it is not a strong player.

Reproducible: its random numbers come only from newgame.seed, so a
sweep with this bot gives byte-identical results at any --workers.

Standard library only. Run by tourney (see README, "Tune your own bot"):

    [bots.pyrandom]
    game   = "connect4"
    cmd    = ["python3", "scripts/examples/jsonl_random.py"]
    params = "hello"
"""
import json
import random
import sys


def send(msg):
    sys.stdout.write(json.dumps(msg, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(0)
    first_prob = 0.0
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg.get("type")
        if kind == "hello":
            send({
                "type": "hello",
                "protocol": "tourney/2",  # this bot echoes each turn's id
                "name": "jsonl_random.py",
                "params": [{
                    "name": "first_prob", "type": "float",
                    "default": 0.0, "min": 0.0, "max": 1.0,
                    "doc": "probability of playing the first legal action",
                }],
            })
        elif kind == "newgame":
            rng = random.Random(int(msg["seed"]))
            first_prob = float(msg.get("params", {}).get("first_prob", 0.0))
        elif kind == "turn":
            legal = msg.get("legal") or []
            if not legal:
                action = ""
            elif rng.random() < first_prob:
                action = legal[0]
            else:
                action = legal[rng.randrange(len(legal))]
            # echo the turn's id: an answer is tied to its turn
            send({"type": "action", "id": msg.get("id"), "action": action})
        elif kind == "quit":
            return
        # "end" and "update": nothing to do.


if __name__ == "__main__":
    main()
