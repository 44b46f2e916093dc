#!/bin/bash
# timing-kill.sh: a sweep killed with SIGKILL KILLS times at random instants
# and resumed each time ends with games.csv, variants.csv and ratings.csv
# byte-identical to an uninterrupted run's, and timing.csv with every
# game's rows exactly once (no row missing, repeated or cut).
#
#   scripts/timing-kill.sh [KILLS] [WORKDIR]   (default 20 kills)
set -u
. "$(dirname "$0")/lib-kill.sh"
kill_setup timing-kill 20 "$@"
kill_space "$work/race.toml" timing-kill 91 2000
kill_reference
kill_loop 10
echo "$n kills landed"
kill_finish
kill_compare games.csv variants.csv ratings.csv bracket.csv winner.toml
want=$(tail -n +2 "$work/ref/games.csv" | cut -d, -f1,9)
got=$(tail -n +2 "$dir/timing.csv" | cut -d, -f1,2)
if [ "$want" != "$got" ]; then echo "timing.csv: rows missing, repeated or out of order"; fail=1; fi
if tail -n +2 "$dir/timing.csv" | awk -F, 'NF != 4 { bad = 1 } END { exit !bad }'; then echo "timing.csv: a torn row"; fail=1; fi
[ $fail = 0 ] && echo "timing.csv: every row exactly once after $n kill-and-resumes; results identical"
exit $fail
