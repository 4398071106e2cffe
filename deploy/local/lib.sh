# shellcheck shell=bash
# shellcheck disable=SC2034 # variables here are used by the scripts that source this file
# Shared by deploy/local/{up,down,status}.sh; not meant to be run directly.
# Paths, ports (from ports.env), readiness probes and pid bookkeeping of the local platform stack.

# --- paths -----------------------------------------------------------------------------------
VR_DEPLOY_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
VR_REPO_DIR="$(cd "$VR_DEPLOY_DIR/../.." && pwd)"
VR_LOCAL_DIR="${VR_LOCAL_DIR:-$VR_REPO_DIR/.local}"
VR_STATE_DIR="$VR_LOCAL_DIR/state"
VR_RUN_DIR="$VR_LOCAL_DIR/run"
VR_LOG_DIR="$VR_LOCAL_DIR/logs"
VR_CACHE_DIR="$VR_LOCAL_DIR/cache"

KAFKA_VERSION="3.9.2" # keep in sync with <kafka.version> in pom.xml
APICURIO_VERSION="3.0.9"
KAFKA_HOME_DIR="$VR_CACHE_DIR/kafka-$KAFKA_VERSION"
APICURIO_HOME_DIR="$VR_CACHE_DIR/apicurio-registry-$APICURIO_VERSION"
APICURIO_JAR="$APICURIO_HOME_DIR/apicurio-registry-app-$APICURIO_VERSION-runner.jar"

# --- ports: ports.env holds the defaults, the environment may override each one ---------------
while IFS='=' read -r _key _value; do
  [[ "$_key" =~ ^VR_[A-Z0-9_]+$ ]] || continue
  if [[ -z "${!_key:-}" ]]; then
    printf -v "$_key" '%s' "$_value"
  fi
done <"$VR_DEPLOY_DIR/ports.env"
unset _key _value
export VR_KAFKA_PORT VR_KAFKA_CONTROLLER_PORT VR_SCHEMA_REGISTRY_PORT VR_CLICKHOUSE_HTTP_PORT \
  VR_CLICKHOUSE_TCP_PORT VR_CLICKHOUSE_INTERSERVER_PORT VR_REDIS_PORT

VR_HOST="127.0.0.1"
VR_SERVICES=(redis clickhouse kafka schema-registry)

# Probe implementation for Kafka: auto (kafkajs via probe.mjs when node_modules has it, else the
# bash Metadata request), node, or bash.
VR_PROBE="${VR_PROBE:-auto}"

# --- output ----------------------------------------------------------------------------------
vr_log() { printf '[deploy/local] %s\n' "$*" >&2; }
vr_die() {
  printf '[deploy/local] ERROR: %s\n' "$*" >&2
  exit 1
}

# --- per-service facts -----------------------------------------------------------------------
vr_port() {
  case "$1" in
  kafka) echo "$VR_KAFKA_PORT" ;;
  schema-registry) echo "$VR_SCHEMA_REGISTRY_PORT" ;;
  clickhouse) echo "$VR_CLICKHOUSE_HTTP_PORT" ;;
  redis) echo "$VR_REDIS_PORT" ;;
  *) return 1 ;;
  esac
}

vr_url() {
  case "$1" in
  kafka) echo "$VR_HOST:$VR_KAFKA_PORT" ;;
  schema-registry) echo "http://$VR_HOST:$VR_SCHEMA_REGISTRY_PORT/apis/ccompat/v7" ;;
  clickhouse) echo "http://$VR_HOST:$VR_CLICKHOUSE_HTTP_PORT" ;;
  redis) echo "redis://$VR_HOST:$VR_REDIS_PORT/0" ;;
  *) return 1 ;;
  esac
}

# The app's variable for each service (services/platform/config.ts).
vr_env_name() {
  case "$1" in
  kafka) echo KAFKA_BROKERS ;;
  schema-registry) echo SCHEMA_REGISTRY_URL ;;
  clickhouse) echo CLICKHOUSE_URL ;;
  redis) echo REDIS_URL ;;
  *) return 1 ;;
  esac
}

# A string that the command line of a process started by up.sh for this service contains, so a
# recycled pid is never mistaken for ours.
vr_cmdline_marker() {
  case "$1" in
  kafka) echo "$VR_STATE_DIR/kafka/server.properties" ;;
  schema-registry) echo "$APICURIO_JAR" ;;
  clickhouse) echo "$VR_STATE_DIR/clickhouse/config.xml" ;;
  redis) echo "redis-server" ;;
  *) return 1 ;;
  esac
}

vr_pidfile() { echo "$VR_RUN_DIR/$1.pid"; }
vr_logfile() { echo "$VR_LOG_DIR/$1.log"; }

# Prints the pid recorded for a service if that process is alive and is the one up.sh started.
vr_our_pid() {
  local pidfile pid marker
  pidfile="$(vr_pidfile "$1")"
  [[ -s "$pidfile" ]] || return 1
  pid="$(<"$pidfile")"
  [[ "$pid" =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  marker="$(vr_cmdline_marker "$1")"
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$marker" || return 1
  echo "$pid"
}

# "rss=… MiB peak=… MiB" of a pid, from /proc (empty when unavailable).
vr_rss() {
  local status="/proc/$1/status"
  [[ -r "$status" ]] || return 0
  awk '/^VmRSS:/ {rss=$2} /^VmHWM:/ {hwm=$2} END {if (rss) printf "rss=%d MiB peak=%d MiB", rss/1024, hwm/1024}' "$status"
}

# --- probes: each sends a real request and succeeds only on a real answer ---------------------

# True if anything accepts TCP connections on 127.0.0.1:<port>.
vr_port_open() {
  # shellcheck disable=SC2016 # $0/$1 expand in the inner bash
  timeout 2 bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$VR_HOST" "$1" 2>/dev/null
}

# Kafka Metadata request (API key 3, version 0, all topics) over bash's /dev/tcp; succeeds when
# the broker answers with our correlation id and at least one broker. No JVM, no node needed.
vr_probe_kafka_bash() {
  local bytes
  # shellcheck disable=SC2016 # $0/$1 expand in the inner bash
  bytes="$(timeout 5 bash -c '
    exec 3<>"/dev/tcp/$0/$1" || exit 1
    # size=22 | api_key=3 api_version=0 correlation_id=7 client_id="vr-probe" | topics=[] (all)
    printf "\x00\x00\x00\x16\x00\x03\x00\x00\x00\x00\x00\x07\x00\x08vr-probe\x00\x00\x00\x00" >&3
    od -An -v -tu1 -N12 <&3
  ' "$VR_HOST" "$VR_KAFKA_PORT" 2>/dev/null)" || return 1
  # shellcheck disable=SC2086 # split the byte list into positional parameters on purpose
  set -- $bytes
  [[ $# -eq 12 ]] || return 1
  # bytes 5-8: correlation id 7; bytes 9-12: number of brokers (>= 1)
  [[ "$5$6$7$8" == "0007" ]] || return 1
  ((($9 << 24) + (${10} << 16) + (${11} << 8) + ${12} >= 1))
}

vr_node_probe_available() {
  command -v node >/dev/null 2>&1 && [[ -f "$VR_REPO_DIR/node_modules/kafkajs/package.json" ]]
}

vr_probe_kafka() {
  local mode="$VR_PROBE"
  if [[ "$mode" == auto ]]; then
    if vr_node_probe_available; then mode=node; else mode=bash; fi
  fi
  if [[ "$mode" == node ]]; then
    node "$VR_DEPLOY_DIR/probe.mjs" kafka "$VR_HOST:$VR_KAFKA_PORT" >/dev/null 2>&1
  else
    vr_probe_kafka_bash
  fi
}

vr_probe_registry() {
  local body
  body="$(curl -fsS -m 3 "http://$VR_HOST:$VR_SCHEMA_REGISTRY_PORT/apis/ccompat/v7/subjects" 2>/dev/null)" || return 1
  [[ "$body" == \[* ]]
}

vr_probe_clickhouse() {
  local body
  body="$(curl -fsS -m 3 "http://$VR_HOST:$VR_CLICKHOUSE_HTTP_PORT/?query=SELECT%201" 2>/dev/null)" || return 1
  [[ "$body" == 1 ]]
}

vr_probe_redis() {
  # shellcheck disable=SC2016 # $0/$1 expand in the inner bash
  timeout 3 bash -c '
    exec 3<>"/dev/tcp/$0/$1" || exit 1
    printf "PING\r\n" >&3
    IFS= read -r line <&3 && [[ "$line" == "+PONG"* ]]
  ' "$VR_HOST" "$VR_REDIS_PORT" 2>/dev/null
}

vr_probe() {
  case "$1" in
  kafka) vr_probe_kafka ;;
  schema-registry) vr_probe_registry ;;
  clickhouse) vr_probe_clickhouse ;;
  redis) vr_probe_redis ;;
  *) return 1 ;;
  esac
}

vr_ensure_dirs() {
  mkdir -p "$VR_STATE_DIR" "$VR_RUN_DIR" "$VR_LOG_DIR" "$VR_CACHE_DIR"
}
