#!/bin/bash
# kill-resume.sh: overnight safety of `tourney sweep` (issue 14).
#
# An 8-player ReversiXT sweep (octo20, a node budget, 13 variants in
# groups of 8) is run once without interruption, then killed with SIGKILL
# at 0.5 s, 2 s and mid-run (half the uninterrupted wall time) and
# continued with --resume; every results file must be byte-identical to
# the uninterrupted run's (summary.json holds times and is left out).
# Last, two resumes of one killed directory at once: the second must
# refuse (the lock) while the first finishes to the same files.
#
#   scripts/kill-resume.sh [WORKDIR]    (default: a new directory under /tmp)
#
# Exit status 0 when every check passes. Takes a few minutes on 2 cores.
set -u
work=${1:-$(mktemp -d /tmp/kill-resume.XXXXXX)}
mkdir -p "$work"
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$work/tourney
(cd "$root" && go build -o "$bin" ./cmd/tourney) || exit 1
space=$work/octo.toml
cat > "$space" <<'TOML'
name = "octo-kill"
seed = 808
[[scenario]]
game = "reversixt"
bot = "paranoid"
maps = ["octo20"]
budget = { nodes = 200 }
opening_plies = 2
[params]
choice_weight = { values = [0.0, 1.0, 3.0] }
player_distance = { values = [8, 16, 32, 64] }
[generate]
method = "grid"
include_defaults = true
[tournament]
format = "knockout"
group = 8
advance = 2
min_blocks = 1
max_games = 8
points = "rank"
TOML
files="games.csv variants.csv bracket.csv ratings.csv winner.toml"
fail=0
same() { # same DIR: compare DIR's files with the reference
	for f in $files; do
		if ! cmp -s "$work/ref/$f" "$1/$f"; then
			echo "  DIFFERS: $1/$f"
			fail=1
			return 1
		fi
	done
	echo "  identical: $files"
}

rm -rf "$work/ref"
t0=$(date +%s.%N)
"$bin" sweep "$space" --workers 2 --quiet --out "$work/ref" > "$work/ref.log" 2>&1 || { echo "reference run failed"; cat "$work/ref.log"; exit 1; }
t1=$(date +%s.%N)
full=$(echo "$t1 - $t0" | bc)
mid=$(echo "$full / 2" | bc -l | xargs printf '%.1f')
echo "uninterrupted: ${full}s, $(($(wc -l < "$work/ref/games.csv") - 1)) games.csv rows"

for at in 0.5 2 "$mid"; do
	d=$work/kill-$at
	rm -rf "$d"
	"$bin" sweep "$space" --workers 2 --quiet --out "$d" > "$d.log" 2>&1 &
	pid=$!
	sleep "$at"
	kill -9 "$pid" 2> /dev/null
	wait "$pid" 2> /dev/null
	rows=$(($(wc -l < "$d/games.csv" 2> /dev/null || echo 0) - 1))
	echo "killed at ${at}s: games.csv has $rows rows; resuming"
	if ! "$bin" sweep "$space" --workers 2 --quiet --resume "$d" >> "$d.log" 2>&1; then
		echo "  RESUME FAILED:"; tail -3 "$d.log"; fail=1; continue
	fi
	same "$d"
done

# two resumes at once
d=$work/twice
rm -rf "$d"
"$bin" sweep "$space" --workers 2 --quiet --out "$d" > "$d.log" 2>&1 &
pid=$!
sleep 2
kill -9 "$pid" 2> /dev/null
wait "$pid" 2> /dev/null
"$bin" sweep "$space" --workers 2 --quiet --resume "$d" > "$d.first.log" 2>&1 &
first=$!
sleep 1
"$bin" sweep "$space" --workers 2 --quiet --resume "$d" > "$d.second.log" 2>&1
code=$?
echo "second resume while the first runs: exit $code: $(tail -1 "$d.second.log")"
if [ "$code" = 0 ] || ! grep -q "in use by another tourney process" "$d.second.log"; then
	echo "  the second resume did not refuse"; fail=1
fi
if wait "$first"; then same "$d"; else echo "  first resume failed"; fail=1; fi

if [ "$fail" = 0 ]; then echo "PASS"; else echo "FAIL"; fi
exit $fail
