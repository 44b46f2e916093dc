#!/bin/bash
# staged-kill.sh: a staged sweep (method = "staged") killed with SIGKILL at
# random instants and resumed with --resume ends with byte-identical files
# (games.csv, variants.csv, ratings.csv, bracket.csv, effects.csv,
# winner.toml and stages.csv: one results directory, every stage in it);
# timing.csv has each game's rows exactly once.
#
#   scripts/staged-kill.sh [KILLS] [WORKDIR]   (default 10 kills, a new directory under /tmp)
#
# Each kill comes at a random instant of a resumed run (0 .. a sixth of the
# uninterrupted run's wall time, so that most kills land before the end);
# the directory is resumed, killed again, and so on, KILLS times, then
# resumed to the end. Exit status 0 when every check passes.
set -u
kills=${1:-10}
work=${2:-$(mktemp -d /tmp/staged-kill.XXXXXX)}
mkdir -p "$work"
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$work/tourney
(cd "$root" && go build -o "$bin" ./cmd/tourney) || exit 1
space=$work/staged.toml
cat > "$space" <<'TOML'
name = "staged-kill"
seed = 77
[[scenario]]
game = "connect4"
bot = "alphabeta"
budget = { depth = 5 }
[params]
opponent_weight = { values = [0.5, 1.0, 2.0] }
max_reach = { values = [4, 5, 6] }
[generate]
method = "staged"
[tournament]
format = "race"
max_games = 800
TOML
rm -rf "$work/ref"
t0=$(date +%s.%N)
"$bin" sweep "$space" --workers 2 --quiet --out "$work/ref" > "$work/ref.log" 2>&1 || { echo "reference run failed"; cat "$work/ref.log"; exit 1; }
wall=$(echo "$(date +%s.%N) - $t0" | bc)
echo "uninterrupted run: ${wall}s"
dir=$work/killed
rm -rf "$dir"
for i in $(seq 1 "$kills"); do
	at=$(awk -v w="$wall" -v r="$RANDOM" 'BEGIN { printf "%.2f", w * r / 32768 / 6 }')
	if [ -e "$dir/space.toml" ]; then args=(--resume "$dir"); else rm -rf "$dir"; args=(--out "$dir"); fi
	"$bin" sweep "$space" --workers 2 --quiet "${args[@]}" > /dev/null 2>&1 &
	pid=$!
	sleep "$at"
	kill -9 "$pid" 2>/dev/null && echo "kill $i at ${at}s" || echo "kill $i at ${at}s: the run had ended"
	wait "$pid" 2>/dev/null
	[ -e "$dir/summary.json" ] && break
done
if [ ! -e "$dir/summary.json" ]; then
	if [ -e "$dir/space.toml" ]; then args=(--resume "$dir"); else rm -rf "$dir"; args=(--out "$dir"); fi
	"$bin" sweep "$space" --workers 2 --quiet "${args[@]}" > "$work/last.log" 2>&1 || { echo "final resume failed"; cat "$work/last.log"; exit 1; }
fi
fail=0
cd "$work/ref" || exit 1
for f in stages.csv winner.toml games.csv variants.csv ratings.csv bracket.csv effects.csv; do
	if ! cmp -s "$work/ref/$f" "$dir/$f"; then echo "DIFFERS: $f"; fail=1; fi
done
want=$(tail -n +2 "$work/ref/games.csv" | cut -d, -f1,9 | sort)
got=$(tail -n +2 "$dir/timing.csv" | cut -d, -f1,2 | sort)
if [ "$want" != "$got" ]; then echo "timing.csv: rows missing or repeated"; fail=1; fi
[ $fail = 0 ] && echo "staged kill -9 x$kills: every file identical, timing.csv complete"
exit $fail
