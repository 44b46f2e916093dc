#!/bin/bash
# replay-check.sh: exact replay of a sweep's games (issue 14).
#
#   scripts/replay-check.sh RESULTS_DIR [N] [SEED]
#
# Picks N (default 100) games of RESULTS_DIR at random (reproducibly from
# SEED, default 1; every game when the sweep has N or fewer) and runs
# `tourney replay RESULTS_DIR --game G` for each: the game is played again
# from its seed, bots, parameters and budget and checked move by move
# against its record and against games.csv. Prints the failures and a
# count; exit 0 when every game is reproduced. Use a sweep under node or
# depth budgets (time budgets need not replay).
set -u
dir=${1:?usage: replay-check.sh RESULTS_DIR [N] [SEED]}
n=${2:-100}
seed=${3:-1}
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(mktemp -d /tmp/replay-check.XXXXXX)/tourney
(cd "$root" && go build -o "$bin" ./cmd/tourney) || exit 1
games=$(tail -n +2 "$dir/games.csv" | cut -d, -f1 | sort -un |
	shuf -n "$n" --random-source=<(yes "$seed") | sort -n)
ok=0
bad=0
for g in $games; do
	if out=$("$bin" replay "$dir" --game "$g" 2>&1); then
		ok=$((ok + 1))
	else
		bad=$((bad + 1))
		echo "game $g: $out"
	fi
done
echo "$dir: $ok of $((ok + bad)) games reproduced"
rm -rf "$(dirname "$bin")"
[ "$bad" = 0 ]
