#!/bin/bash
# det-check.sh: the deterministic ReversiXT space of the honesty issue (the
# paranoid bot at depth 2 on duel10 and cross14, trivial in the field,
# three values of one knob, a race), from SEEDS seeds, with opening_plies
# left out (the game's default) and with opening_plies = 0 written out.
# Prints each run's verdict lines; fails when a run with opening_plies = 0
# says "better" or any run prints an interval of zero width.
#
#   scripts/det-check.sh [SEEDS] [WORKDIR]   (default 10 seeds)
set -u
seeds=${1:-10}
work=${2:-$(mktemp -d /tmp/det-check.XXXXXX)}
mkdir -p "$work"
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$work/tourney
(cd "$root" && go build -o "$bin" ./cmd/tourney) || exit 1
fail=0
for op in "" "opening_plies = 0"; do
	for seed in $(seq 1 "$seeds"); do
		cat > "$work/det.toml" <<TOML
name = "det"
seed = $seed
[[scenario]]
game = "reversixt"
bot = "paranoid"
maps = ["duel10", "cross14"]
budget = { depth = 2 }
field = ["trivial"]
$op
[params]
position_weight = { values = [0.5, 1.0, 2.0] }
[tournament]
format = "race"
TOML
		rm -rf "$work/out"
		out=$("$bin" sweep "$work/det.toml" --out "$work/out" --quiet --workers 2 2>/dev/null)
		v=$(echo "$out" | grep -E '^(winner [0-9]|verdict)' | tr '\n' ' ')
		echo "${op:-default opening} seed $seed: $v"
		if [ -n "$op" ] && echo "$out" | grep -q '^verdict: better'; then fail=1; fi
		if echo "$out" | grep -qE '\[(-?[0-9.]+), \1\]'; then echo "  zero-width interval"; fail=1; fi
		if awk -F, 'NR > 1 && $0 !~ /NaN/ { for (i = 1; i <= NF; i++) h[i] = $i } END { }' "$work/out/variants.csv"; then :; fi
	done
done
exit $fail
