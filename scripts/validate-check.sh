#!/usr/bin/env bash
# Does `tourney validate` estimate what a sweep costs? For every shipped
# space (configs/*.toml, the synthetic spaces) it prints validate's CPU
# estimate (games, fits and files) and the CPU a real sweep used
# (user + system, /usr/bin/time: CPU time, so that a shared machine
# does not distort it), and whether the measure lies within the estimate
# widened by 30 % (0.7 × low .. 1.3 × high). Spaces whose estimated low
# end passes MAX_CPU (default 20 min of CPU: 10 min on 2 cores) are
# skipped and named.
#   scripts/validate-check.sh [SPACE.toml ...]
set -euo pipefail
cd "$(dirname "$0")/.."
max=${MAX_CPU:-1200}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/tourney" ./cmd/tourney
spaces=("$@")
[ ${#spaces[@]} -gt 0 ] || spaces=(configs/*.toml configs/synthetic/*-space.toml configs/synthetic/peak8-*.toml)
secs() { python3 -c '
import re,sys
t=0.0
for n,u in re.findall(r"([\d.]+)(h|ms|m|s|µs)", sys.argv[1]):
    t+=float(n)*{"h":3600,"m":60,"s":1,"ms":1e-3,"µs":1e-6}[u]
print(t)' "$1"; }
printf '%-45s %10s %10s %10s  %s\n' space est_low est_high measured verdict
pass=0; fail=0
for sp in "${spaces[@]}"; do
  [ -f "$sp" ] || continue
  [ "$sp" = configs/embed.go ] && continue
  # on 1 worker the estimate is the CPU time, to a tenth of a second
  # (the "CPU:" line rounds to seconds: "0s to 1s" for a 2 s space)
  v_out=$("$tmp/tourney" validate "$sp" --workers 1 2>/dev/null || true)
  line=$(echo "$v_out" | grep '^estimate: ' || true)
  if [ -z "$line" ]; then printf '%-45s not a space\n' "$sp"; continue; fi
  lo=$(secs "$(echo "$line" | sed -E 's/^estimate: ([^ ]+) to .*/\1/')")
  hi=$(secs "$(echo "$line" | sed -E 's/^estimate: [^ ]+ to ([^ ]+) .*/\1/')")
  # declared costs plan the run; what the games cost on this machine is
  # validate's "this machine:" line
  here=$(echo "$v_out" | grep '^this machine: ' || true)
  if [ -n "$here" ]; then
    lo=$(secs "$(echo "$here" | sed -E 's/^this machine: ([^ ]+) to .*/\1/')")
    hi=$(secs "$(echo "$here" | sed -E 's/^this machine: [^ ]+ to ([^ ]+) .*/\1/')")
  fi
  if python3 -c "import sys; sys.exit(0 if $lo > $max else 1)"; then
    printf '%-45s %10.1f %10.1f %10s  skipped: more than %s s of CPU\n' "$sp" "$lo" "$hi" - "$max"; continue
  fi
  out="$tmp/out-$(basename "$sp" .toml)"; rm -rf "$out"
  /usr/bin/time -f '%U %S' -o "$tmp/time" "$tmp/tourney" sweep "$sp" --workers 2 --quiet --out "$out" >/dev/null 2>&1
  cpu=$(awk '{print $1+$2}' "$tmp/time")
  v=$(python3 -c "print('ok' if 0.7*$lo <= $cpu <= 1.3*$hi else 'OUTSIDE')")
  [ "$v" = ok ] && pass=$((pass+1)) || fail=$((fail+1))
  printf '%-45s %10.1f %10.1f %10.1f  %s\n' "$sp" "$lo" "$hi" "$cpu" "$v"
done
echo "$pass passed, $fail failed"
