#!/bin/bash
# timing-kill.sh: a sweep killed with SIGKILL KILLS times at random instants
# and resumed each time ends with games.csv, variants.csv and ratings.csv
# byte-identical to an uninterrupted run's, and timing.csv with every
# game's rows exactly once (no row missing, repeated or cut).
#
#   scripts/timing-kill.sh [KILLS] [WORKDIR]   (default 20 kills)
set -u
kills=${1:-20}
work=${2:-$(mktemp -d /tmp/timing-kill.XXXXXX)}
mkdir -p "$work"
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$work/tourney
(cd "$root" && go build -o "$bin" ./cmd/tourney) || exit 1
space=$work/race.toml
cat > "$space" <<'TOML'
name = "timing-kill"
seed = 91
[[scenario]]
game = "connect4"
bot = "alphabeta"
budget = { depth = 5 }
[params]
opponent_weight = { values = [0.5, 1.0, 2.0] }
max_reach = { values = [4, 5, 6] }
[tournament]
format = "race"
max_games = 2000
TOML
rm -rf "$work/ref"
t0=$(date +%s.%N)
"$bin" sweep "$space" --workers 2 --quiet --out "$work/ref" > "$work/ref.log" 2>&1 || { echo "reference run failed"; exit 1; }
wall=$(echo "$(date +%s.%N) - $t0" | bc)
echo "uninterrupted run: ${wall}s"
dir=$work/killed
rm -rf "$dir"
n=0
for i in $(seq 1 "$kills"); do
	at=$(awk -v w="$wall" -v r="$RANDOM" 'BEGIN { printf "%.2f", w * r / 32768 / 10 }')
	if [ -e "$dir/space.toml" ]; then args=(--resume "$dir"); else rm -rf "$dir"; args=(--out "$dir"); fi
	"$bin" sweep "$space" --workers 2 --quiet "${args[@]}" > /dev/null 2>&1 &
	pid=$!
	sleep "$at"
	kill -9 "$pid" 2>/dev/null && n=$((n + 1))
	wait "$pid" 2>/dev/null
	[ -e "$dir/summary.json" ] && break
done
echo "$n kills landed"
if [ ! -e "$dir/summary.json" ]; then
	"$bin" sweep "$space" --workers 2 --quiet --resume "$dir" > "$work/last.log" 2>&1 || { echo "final resume failed"; cat "$work/last.log"; exit 1; }
fi
fail=0
for f in games.csv variants.csv ratings.csv bracket.csv winner.toml; do
	cmp -s "$work/ref/$f" "$dir/$f" || { echo "DIFFERS: $f"; fail=1; }
done
want=$(tail -n +2 "$work/ref/games.csv" | cut -d, -f1,9)
got=$(tail -n +2 "$dir/timing.csv" | cut -d, -f1,2)
if [ "$want" != "$got" ]; then echo "timing.csv: rows missing, repeated or out of order"; fail=1; fi
if tail -n +2 "$dir/timing.csv" | awk -F, 'NF != 4 { bad = 1 } END { exit !bad }'; then echo "timing.csv: a torn row"; fail=1; fi
[ $fail = 0 ] && echo "timing.csv: every row exactly once after $n kill-and-resumes; results identical"
exit $fail
