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
. "$(dirname "$0")/lib-kill.sh"
kill_setup staged-kill 10 "$@"
kill_space "$work/staged.toml" staged-kill 77 800 staged
kill_reference
kill_loop 6 verbose
kill_finish
cd "$work/ref" || exit 1
kill_compare stages.csv winner.toml games.csv variants.csv ratings.csv bracket.csv effects.csv
want=$(tail -n +2 "$work/ref/games.csv" | cut -d, -f1,9 | sort)
got=$(tail -n +2 "$dir/timing.csv" | cut -d, -f1,2 | sort)
if [ "$want" != "$got" ]; then echo "timing.csv: rows missing or repeated"; fail=1; fi
[ $fail = 0 ] && echo "staged kill -9 x$kills: every file identical, timing.csv complete"
exit $fail
