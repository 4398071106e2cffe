#!/usr/bin/env bash
# Stops what deploy/local/up.sh started (by recorded pid: TERM, then KILL after a timeout) and
# removes those pid files. Services that were already running before up.sh are left alone.
#
#   bash deploy/local/down.sh           # keep data (.local/state)
#   bash deploy/local/down.sh --purge   # also delete .local/state (never the download cache)
#
# Environment: VR_STOP_TIMEOUT (seconds before KILL, default 30).
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

purge=0
for arg in "$@"; do
  case "$arg" in
  --purge) purge=1 ;;
  -h | --help)
    sed -n '2,9p' "$0"
    exit 0
    ;;
  *) vr_die "unknown argument: $arg (usage: down.sh [--purge])" ;;
  esac
done

VR_STOP_TIMEOUT="${VR_STOP_TIMEOUT:-30}"
mkdir -p "$VR_RUN_DIR"
exec 9>"$VR_RUN_DIR/.up.lock"
flock -w 180 9 || vr_die "deploy/local/up.sh still holds $VR_RUN_DIR/.up.lock"

stop_service() {
  local svc="$1" pidfile pid i
  pidfile="$(vr_pidfile "$svc")"
  [[ -e "$pidfile" ]] || return 0
  if ! pid="$(vr_our_pid "$svc")"; then
    vr_log "$svc: recorded process is gone; removing stale $pidfile"
    rm -f "$pidfile" "$VR_RUN_DIR/$svc.port"
    return 0
  fi
  vr_log "stopping $svc (pid $pid, $(vr_rss "$pid"))"
  kill -TERM "$pid" 2>/dev/null || true
  for ((i = 0; i < VR_STOP_TIMEOUT * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    vr_log "$svc did not stop within ${VR_STOP_TIMEOUT}s; sending KILL"
    kill -KILL "$pid" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -f "$pidfile" "$VR_RUN_DIR/$svc.port"
}

# reverse start order: clients of the data stores first
for ((idx = ${#VR_SERVICES[@]} - 1; idx >= 0; idx--)); do
  stop_service "${VR_SERVICES[$idx]}"
done

if [[ "$purge" -eq 1 ]]; then
  # Only our own data; a service that was already running elsewhere keeps its own.
  vr_log "purging $VR_STATE_DIR"
  rm -rf "$VR_STATE_DIR"
fi
if [[ "$purge" -eq 1 ]]; then vr_log "down (state purged)"; else vr_log "down (state kept in $VR_STATE_DIR)"; fi
