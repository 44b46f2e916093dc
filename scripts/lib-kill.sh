#!/bin/bash
# lib-kill.sh: the kill-and-resume harness of staged-kill.sh and
# timing-kill.sh, sourced by both (not run by itself):
#
#   kill_setup NAME DEFAULT_KILLS "$@"   kills, work (WORKDIR or a new /tmp/NAME.XXXXXX), bin (built)
#   kill_space FILE NAME SEED MAX_GAMES [METHOD]
#                                        the space (space=FILE): Connect Four's alpha-beta
#                                        at depth 5, two knobs, a race of MAX_GAMES
#                                        ([generate] method = METHOD when given)
#   kill_reference                       the uninterrupted run into $work/ref; sets wall
#   kill_loop DIVISOR [verbose]          up to $kills runs into $work/killed (dir), each
#                                        killed -9 at a random instant in 0 .. wall/DIVISOR;
#                                        sets n (kills that landed); verbose names each kill
#   kill_finish                          resumes $dir to the end unless it has ended
#   kill_compare FILE...                 cmp each FILE of ref and dir; sets fail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

kill_setup() { # NAME DEFAULT_KILLS [KILLS] [WORKDIR]
	kills=${3:-$2}
	work=${4:-$(mktemp -d "/tmp/$1.XXXXXX")}
	mkdir -p "$work"
	bin=$work/tourney
	(cd "$root" && go build -o "$bin" ./cmd/tourney) || exit 1
}

kill_sweep() { # ARGS...: the sweep of $space with ARGS, in this shell
	"$bin" sweep "$space" --workers 2 --quiet "$@"
}

kill_args() { # sets args: resume $dir when it has begun, else start it afresh
	if [ -e "$dir/space.toml" ]; then args=(--resume "$dir"); else rm -rf "$dir"; args=(--out "$dir"); fi
}

kill_space() { # FILE NAME SEED MAX_GAMES [METHOD]
	space=$1
	{
		printf 'name = "%s"\nseed = %s\n' "$2" "$3"
		cat <<'TOML'
[[scenario]]
game = "connect4"
bot = "alphabeta"
budget = { depth = 5 }
[params]
opponent_weight = { values = [0.5, 1.0, 2.0] }
max_reach = { values = [4, 5, 6] }
TOML
		[ -n "${5:-}" ] && printf '[generate]\nmethod = "%s"\n' "$5"
		printf '[tournament]\nformat = "race"\nmax_games = %s\n' "$4"
	} > "$space"
}

kill_reference() {
	rm -rf "$work/ref"
	local t0
	t0=$(date +%s.%N)
	kill_sweep --out "$work/ref" > "$work/ref.log" 2>&1 || { echo "reference run failed"; cat "$work/ref.log"; exit 1; }
	wall=$(echo "$(date +%s.%N) - $t0" | bc)
	echo "uninterrupted run: ${wall}s"
}

kill_loop() { # DIVISOR [verbose]
	local i at pid
	dir=$work/killed
	rm -rf "$dir"
	n=0
	for i in $(seq 1 "$kills"); do
		at=$(awk -v w="$wall" -v r="$RANDOM" -v d="$1" 'BEGIN { printf "%.2f", w * r / 32768 / d }')
		kill_args
		# "$bin" itself, not kill_sweep: $! must be the sweep's pid, not a subshell's
		"$bin" sweep "$space" --workers 2 --quiet "${args[@]}" > /dev/null 2>&1 &
		pid=$!
		sleep "$at"
		if kill -9 "$pid" 2>/dev/null; then
			n=$((n + 1))
			[ "${2:-}" = verbose ] && echo "kill $i at ${at}s"
		else
			[ "${2:-}" = verbose ] && echo "kill $i at ${at}s: the run had ended"
		fi
		wait "$pid" 2>/dev/null
		[ -e "$dir/summary.json" ] && break
	done
}

kill_finish() {
	if [ ! -e "$dir/summary.json" ]; then
		kill_args
		kill_sweep "${args[@]}" > "$work/last.log" 2>&1 || { echo "final resume failed"; cat "$work/last.log"; exit 1; }
	fi
}

kill_compare() { # FILE...
	local f
	fail=0
	for f in "$@"; do
		if ! cmp -s "$work/ref/$f" "$dir/$f"; then echo "DIFFERS: $f"; fail=1; fi
	done
}
