#!/usr/bin/env bash
# Prints each service of the local platform stack: where it runs, whether it answers a real
# request, and whether deploy/local/up.sh started it (pid) or it was already there.
# Exit 0 when all answer, 1 otherwise.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

all_up=1
printf '%-16s %-45s %-5s %s\n' SERVICE URL STATE OWNER
for svc in "${VR_SERVICES[@]}"; do
  if vr_probe "$svc"; then state=up; else
    state=down
    all_up=0
  fi
  if pid="$(vr_our_pid "$svc")"; then
    who="deploy/local/up.sh (pid $pid, $(vr_rss "$pid"))"
  elif [[ "$state" == up ]]; then
    who="already running (not managed by deploy/local)"
  elif [[ -e "$(vr_pidfile "$svc")" ]]; then
    who="started by up.sh but gone (see $(vr_logfile "$svc"))"
  else
    who="-"
  fi
  printf '%-16s %-45s %-5s %s\n' "$svc" "$(vr_url "$svc")" "$state" "$who"
done
[[ "$all_up" -eq 1 ]]
