#!/usr/bin/env bash
# Runs `npm start` as a newcomer would (default PORT unless one is set), waits for its banner,
# runs every curl it prints and fails unless each answers 200. Used by .ci/run to prove the first
# README command works.
set -euo pipefail
cd "$(dirname "$0")/.."
log=$(mktemp)
# Its own process group, so npm, tsx and node all stop together afterwards.
setsid npm start >"$log" 2>&1 &
pid=$!
cleanup() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  sleep 1
  kill -KILL -- "-$pid" 2>/dev/null || true
  rm -f "$log"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  grep -q "listening on" "$log" && break
  kill -0 "$pid" 2>/dev/null || { cat "$log"; echo "npm start exited early"; exit 1; }
  sleep 0.5
done
grep -q "listening on" "$log" || { cat "$log"; echo "npm start did not come up in 60 s"; exit 1; }
sed -n '/listening on/,$p' "$log" | grep -v '^{'
mapfile -t curls < <(grep -E '^\s+curl ' "$log" | sed 's/^\s*//')
[ "${#curls[@]}" -gt 0 ] || { echo "npm start printed no curl example"; exit 1; }
for c in "${curls[@]}"; do
  code=$(eval "${c/curl -s/curl -s -o /dev/null -w '%{http_code}'}")
  echo "smoke: ${c%%X-API-Key*}… -> $code"
  [ "$code" = "200" ] || { echo "printed curl failed: $code"; exit 1; }
done
echo "smoke: npm start works as the README says"
