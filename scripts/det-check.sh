#!/bin/bash
# det-check.sh: the deterministic ReversiXT space of the honesty issue (the
# paranoid bot at depth 2 on duel10 and cross14, trivial in the field,
# three values of one knob, a race), from SEEDS seeds, with opening_plies
# left out (the game's default) and with opening_plies = 0 written out.
# Prints each run's verdict lines; fails when a run with opening_plies = 0
# says "better" or any run prints an interval of zero width.
#
#   scripts/det-check.sh [SEEDS] [WORKDIR]   (default 10 seeds; ONLY_ZERO=1: opening_plies = 0 only,
#   ONLY_DEFAULT=1: the default opening plies only; NULL_KNOB=1: "better" fails the run too)
#   KNOB='aspiration_width = { values = [10, 25, 100] }' scripts/det-check.sh   (another knob)
set -u
seeds=${1:-10}
work=${2:-$(mktemp -d /tmp/det-check.XXXXXX)}
mkdir -p "$work"
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$work/tourney
(cd "$root" && go build -o "$bin" ./cmd/tourney) || exit 1
fail=0
default_knob='position_weight = { values = [0.5, 1.0, 2.0] }'
knob=${KNOB:-$default_knob}
ops=("opening_plies = 0" "")
[ -n "${ONLY_ZERO:-}" ] && ops=("opening_plies = 0")
[ -n "${ONLY_DEFAULT:-}" ] && ops=("")
for op in "${ops[@]}"; do
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
$knob
[tournament]
format = "race"
TOML
		rm -rf "$work/out"
		if ! out=$("$bin" sweep "$work/det.toml" --out "$work/out" --quiet --workers 2 2>"$work/err"); then
			echo "sweep failed:"; cat "$work/err"; exit 2
		fi
		v=$(echo "$out" | grep -E '^(winner [0-9]|verdict)' | tr '\n' ' ')
		echo "${op:-default opening} seed $seed: $v"
		if [ -n "$op" ] && echo "$out" | grep -q '^verdict: better'; then fail=1; fi
		if [ -n "${NULL_KNOB:-}" ] && echo "$out" | grep -q '^verdict: better'; then echo "  better on a knob declared null"; fail=1; fi
		if echo "$out" | grep -qE '\[(-?[0-9.]+), \1\]'; then echo "  zero-width interval"; fail=1; fi
		# variants.csv: rating_lo equal to rating_hi (other than the anchor, variant 0)
		if awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } NR > 2 && $c["rating_lo"] != "NaN" && $c["rating_lo"] == $c["rating_hi"] { bad = 1 } END { exit !bad }' "$work/out/variants.csv"; then
			echo "  zero-width interval in variants.csv"; fail=1
		fi
	done
done
exit $fail
