#!/usr/bin/env bash
# The tournament on real games (statistics.md §6): sweeps of
# configs/connect4-depth.toml (the alpha-beta bot at depths 1..8) from
# seeds 1..N (default 20); for each, the winner's true rating from
# tuner/testdata/connect4-depth-truth.csv and its distance to the best.
# Prints one line per seed and the share within 15 Elo of the best.
#   scripts/depth-check.sh [N] [extra sweep flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
n=${1:-20}; shift || true
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/tourney" ./cmd/tourney
truth=tuner/testdata/connect4-depth-truth.csv
best=$(awk -F, 'NR>1 && $2=="variant" {print $6}' "$truth" | sort -g | tail -1)
ok=0; games=0
for s in $(seq 1 "$n"); do
  "$tmp/tourney" sweep configs/connect4-depth.toml --seed "$s" --quiet --out "$tmp/s$s" "$@" >"$tmp/s$s.txt" 2>/dev/null
  w=$(grep -o '"winner": [0-9]*' "$tmp/s$s/summary.json" | grep -o '[0-9]*$')
  g=$(grep -o '"games": [0-9]*' "$tmp/s$s/summary.json" | head -1 | grep -o '[0-9]*$')
  r=$(awk -F, -v v="$w" 'NR>1 && $3==v {print $6}' "$truth")
  d=$(awk -v a="$best" -v b="$r" 'BEGIN{print a-b}')
  insep=$(grep 'cannot be separated' "$tmp/s$s.txt" || echo "separated from every other variant")
  within=$(awk -v d="$d" 'BEGIN{print (d<=15)?1:0}')
  ok=$((ok+within)); games=$((games+g))
  echo "seed $s: winner variant $w (true $r, $d below the best), $g games; $insep"
done
echo "within 15 Elo of the best: $ok of $n seeds; $((games/n)) games a sweep"
