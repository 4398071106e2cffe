#!/usr/bin/env bash
# Starts the local platform stack without Docker: Kafka (KRaft), Apicurio Registry (ccompat API),
# ClickHouse and Redis, all on 127.0.0.1. Idempotent: installs what is missing, leaves alone any
# service that already answers on its port, and waits until each answers a real request.
# See docs/infrastructure.md.
#
#   bash deploy/local/up.sh           # or: npm run infra:up
#
# Environment: VR_UP_TIMEOUT (seconds per service, default 120), VR_KAFKA_HEAP, VR_REGISTRY_HEAP,
# VR_PROBE (auto|node|bash), the VR_*_PORT variables of ports.env, VR_LOCAL_DIR (default .local).
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

VR_UP_TIMEOUT="${VR_UP_TIMEOUT:-120}"
VR_KAFKA_HEAP="${VR_KAFKA_HEAP:--Xms256m -Xmx512m}"
VR_REGISTRY_HEAP="${VR_REGISTRY_HEAP:--Xms64m -Xmx512m}"
VR_JVM_OPTS="${VR_JVM_OPTS:--XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true}"

started_at="$(date +%s%N)"
vr_ensure_dirs

# One up.sh at a time (parallel test runners may all call it).
exec 9>"$VR_RUN_DIR/.up.lock"
flock -w 600 9 || vr_die "another deploy/local/up.sh still holds $VR_RUN_DIR/.up.lock"

# --- installing ------------------------------------------------------------------------------
apt_updated=0
as_root() {
  if [[ "$(id -u)" -eq 0 ]]; then "$@"; else sudo "$@"; fi
}
apt_install() {
  command -v apt-get >/dev/null 2>&1 || vr_die "$* missing and apt-get not available: install it by hand"
  if [[ "$apt_updated" -eq 0 ]]; then
    vr_log "apt-get update"
    as_root apt-get update -qq
    apt_updated=1
  fi
  vr_log "apt-get install $*"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

clickhouse_cmd=()
find_clickhouse() {
  clickhouse_cmd=()
  local p
  for p in clickhouse-server /usr/sbin/clickhouse-server /usr/bin/clickhouse-server; do
    if command -v "$p" >/dev/null 2>&1; then
      clickhouse_cmd=("$(command -v "$p")")
      return 0
    fi
  done
  if command -v clickhouse >/dev/null 2>&1; then
    clickhouse_cmd=("$(command -v clickhouse)" server)
    return 0
  fi
  return 1
}

redis_bin=""
find_redis() {
  local p
  for p in redis-server /usr/bin/redis-server /usr/sbin/redis-server; do
    if command -v "$p" >/dev/null 2>&1; then
      redis_bin="$(command -v "$p")"
      return 0
    fi
  done
  return 1
}

need_java() {
  command -v java >/dev/null 2>&1 || apt_install openjdk-17-jre-headless
}
need_maven() {
  command -v mvn >/dev/null 2>&1 || apt_install maven
}

# Maven, batch mode, output to .local/logs/mvn.log (its tail is shown on failure).
mvn_quiet() {
  local logfile
  logfile="$(vr_logfile mvn)"
  printf '=== %s mvn %s\n' "$(date -Is)" "$*" >>"$logfile"
  if ! mvn -B -q -Dstyle.color=never "$@" >>"$logfile" 2>&1; then
    tail -n 20 "$logfile" >&2
    return 1
  fi
}

# Kafka broker jars from Maven Central (deploy/local/pom.xml), once, into the cache.
ensure_kafka_jars() {
  [[ -f "$KAFKA_HOME_DIR/.complete" ]] && return 0
  need_java
  need_maven
  vr_log "fetching Kafka $KAFKA_VERSION jars from Maven Central into $KAFKA_HOME_DIR"
  local tmp
  tmp="$(mktemp -d "$VR_CACHE_DIR/.kafka.XXXXXX")"
  mvn_quiet -f "$VR_DEPLOY_DIR/pom.xml" -Dkafka.version="$KAFKA_VERSION" \
    dependency:copy-dependencies -DoutputDirectory="$tmp/libs" ||
    {
      rm -rf "$tmp"
      vr_die "mvn could not fetch Kafka $KAFKA_VERSION (see $(vr_logfile mvn))"
    }
  touch "$tmp/.complete"
  rm -rf "$KAFKA_HOME_DIR"
  mv "$tmp" "$KAFKA_HOME_DIR"
}

# Apicurio Registry's runnable Quarkus app (io.apicurio:apicurio-registry-app:<v>:tar.gz:all).
ensure_apicurio() {
  [[ -f "$APICURIO_HOME_DIR/.complete" && -f "$APICURIO_JAR" ]] && return 0
  need_java
  need_maven
  vr_log "fetching Apicurio Registry $APICURIO_VERSION from Maven Central into $APICURIO_HOME_DIR"
  local tmp
  tmp="$(mktemp -d "$VR_CACHE_DIR/.apicurio.XXXXXX")"
  # maven-dependency-plugin 2.8 on purpose: 3.x reads the artifact's descriptor, and the parent
  # pom io.apicurio:apicurio-registry:3.0.9 is not on Maven Central (404); 2.8 fetches the file.
  mvn_quiet -f "$VR_DEPLOY_DIR/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:2.8:copy \
    -Dartifact="io.apicurio:apicurio-registry-app:$APICURIO_VERSION:tar.gz:all" \
    -DoutputDirectory="$tmp/dist" ||
    {
      rm -rf "$tmp"
      vr_die "mvn could not fetch Apicurio Registry $APICURIO_VERSION (see $(vr_logfile mvn))"
    }
  mkdir -p "$tmp/app"
  tar -xzf "$tmp/dist/apicurio-registry-app-$APICURIO_VERSION-all.tar.gz" -C "$tmp/app"
  [[ -f "$tmp/app/$(basename "$APICURIO_JAR")" ]] || {
    rm -rf "$tmp"
    vr_die "Apicurio archive has no $(basename "$APICURIO_JAR")"
  }
  touch "$tmp/app/.complete"
  rm -rf "$APICURIO_HOME_DIR"
  mv "$tmp/app" "$APICURIO_HOME_DIR"
  rm -rf "$tmp"
}

# --- starting ---------------------------------------------------------------------------------

# Runs a command detached (own session, stdin closed, output appended to the service's log) and
# records the pid of the command itself (the wrapper execs it) in .local/run/<service>.pid.
launch() {
  local svc="$1" pidfile logfile
  shift
  pidfile="$(vr_pidfile "$svc")"
  logfile="$(vr_logfile "$svc")"
  rm -f "$pidfile"
  vr_port "$svc" >"$VR_RUN_DIR/$svc.port"
  # keep logs bounded across many runs
  if [[ -f "$logfile" ]] && (($(stat -c %s "$logfile") > 50 * 1024 * 1024)); then
    mv -f "$logfile" "$logfile.1"
  fi
  printf '=== %s deploy/local/up.sh starting %s: %s\n' "$(date -Is)" "$svc" "$*" >>"$logfile"
  # shellcheck disable=SC2016 # $0/$$/$@ expand in the wrapper shell
  # (fd 9 is up.sh's lock: the service must not inherit it)
  setsid bash -c 'echo "$$" >"$0"; exec "$@"' "$pidfile" "$@" >>"$logfile" 2>&1 </dev/null 9>&- &
  local i
  for ((i = 0; i < 50; i++)); do
    [[ -s "$pidfile" ]] && break
    sleep 0.1
  done
  vr_log "started $svc (pid $(cat "$pidfile" 2>/dev/null || echo '?'), log $logfile)"
}

start_redis() {
  if ! find_redis; then
    apt_install redis-server
    find_redis || vr_die "redis-server still not found after installing it"
    # Debian's package may have started its own service on the default port just now.
    if vr_probe_redis; then return 0; fi
  fi
  mkdir -p "$VR_STATE_DIR/redis"
  launch redis "$redis_bin" --bind "$VR_HOST" --port "$VR_REDIS_PORT" --daemonize no \
    --save "" --appendonly no --dir "$VR_STATE_DIR/redis" --logfile "" --protected-mode yes
}

write_clickhouse_config() {
  local dir="$VR_STATE_DIR/clickhouse"
  mkdir -p "$dir/data" "$dir/tmp" "$dir/user_files" "$dir/format_schemas"
  # <yandex> is the root element 18.16 knows; current ClickHouse still accepts it.
  cat >"$dir/config.xml" <<EOF
<?xml version="1.0"?>
<!-- generated by deploy/local/up.sh on every start; edit the script, not this file -->
<yandex>
    <logger>
        <level>warning</level>
        <console>1</console>
    </logger>
    <listen_host>$VR_HOST</listen_host>
    <http_port>$VR_CLICKHOUSE_HTTP_PORT</http_port>
    <tcp_port>$VR_CLICKHOUSE_TCP_PORT</tcp_port>
    <interserver_http_port>$VR_CLICKHOUSE_INTERSERVER_PORT</interserver_http_port>
    <interserver_http_host>$VR_HOST</interserver_http_host>
    <max_connections>1024</max_connections>
    <keep_alive_timeout>3</keep_alive_timeout>
    <max_concurrent_queries>100</max_concurrent_queries>
    <uncompressed_cache_size>268435456</uncompressed_cache_size>
    <mark_cache_size>268435456</mark_cache_size>
    <path>$dir/data/</path>
    <tmp_path>$dir/tmp/</tmp_path>
    <user_files_path>$dir/user_files/</user_files_path>
    <format_schema_path>$dir/format_schemas/</format_schema_path>
    <users_config>$dir/users.xml</users_config>
    <default_profile>default</default_profile>
    <default_database>default</default_database>
    <timezone>UTC</timezone>
    <mlock_executable>false</mlock_executable>
    <builtin_dictionaries_reload_interval>3600</builtin_dictionaries_reload_interval>
    <max_session_timeout>3600</max_session_timeout>
    <default_session_timeout>60</default_session_timeout>
    <query_log>
        <database>system</database>
        <table>query_log</table>
        <partition_by>toYYYYMM(event_date)</partition_by>
        <flush_interval_milliseconds>7500</flush_interval_milliseconds>
    </query_log>
</yandex>
EOF
  cat >"$dir/users.xml" <<'EOF'
<?xml version="1.0"?>
<!-- generated by deploy/local/up.sh: user "default", no password, loopback only -->
<yandex>
    <profiles>
        <default>
            <max_memory_usage>4000000000</max_memory_usage>
            <use_uncompressed_cache>0</use_uncompressed_cache>
            <load_balancing>random</load_balancing>
        </default>
        <readonly>
            <readonly>1</readonly>
        </readonly>
    </profiles>
    <users>
        <default>
            <password></password>
            <networks>
                <ip>::1</ip>
                <ip>127.0.0.1</ip>
            </networks>
            <profile>default</profile>
            <quota>default</quota>
        </default>
    </users>
    <quotas>
        <default>
            <interval>
                <duration>3600</duration>
                <queries>0</queries>
                <errors>0</errors>
                <result_rows>0</result_rows>
                <read_rows>0</read_rows>
                <execution_time>0</execution_time>
            </interval>
        </default>
    </quotas>
</yandex>
EOF
}

start_clickhouse() {
  if ! find_clickhouse; then
    apt_install clickhouse-server
    find_clickhouse || vr_die "clickhouse-server still not found after installing it"
    if vr_probe_clickhouse; then return 0; fi
  fi
  local p
  for p in "$VR_CLICKHOUSE_TCP_PORT" "$VR_CLICKHOUSE_INTERSERVER_PORT"; do
    if vr_port_open "$p"; then
      vr_die "ClickHouse needs 127.0.0.1:$p, which another process holds (set VR_CLICKHOUSE_TCP_PORT / VR_CLICKHOUSE_INTERSERVER_PORT)"
    fi
  done
  write_clickhouse_config
  launch clickhouse "${clickhouse_cmd[@]}" --config-file="$VR_STATE_DIR/clickhouse/config.xml"
}

write_kafka_config() {
  local dir="$VR_STATE_DIR/kafka"
  mkdir -p "$dir/data"
  cat >"$dir/server.properties" <<EOF
# generated by deploy/local/up.sh on every start; edit the script, not this file
# single-node KRaft: this process is both broker and controller
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$VR_HOST:$VR_KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$VR_HOST:$VR_KAFKA_PORT,CONTROLLER://$VR_HOST:$VR_KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$VR_HOST:$VR_KAFKA_PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$dir/data

# one broker: every replication factor and min ISR is 1
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=10
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=10

# the app creates its topics explicitly
auto.create.topics.enable=false
delete.topic.enable=true
# consumers join at once (tests start and stop many groups)
group.initial.rebalance.delay.ms=0

# small machine
num.network.threads=2
num.io.threads=4
num.recovery.threads.per.data.dir=1
log.retention.hours=168
EOF
  cat >"$dir/log4j.properties" <<'EOF'
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.request.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
log4j.logger.org.apache.kafka.storage.internals.log.LogSegment=WARN
EOF
}

start_kafka() {
  need_java
  if vr_port_open "$VR_KAFKA_CONTROLLER_PORT"; then
    vr_die "Kafka's controller needs 127.0.0.1:$VR_KAFKA_CONTROLLER_PORT, which another process holds (set VR_KAFKA_CONTROLLER_PORT)"
  fi
  write_kafka_config
  local dir="$VR_STATE_DIR/kafka" cp="$KAFKA_HOME_DIR/libs/*" cluster_id
  # Format the storage once, with a cluster id kept in the state dir.
  if [[ ! -f "$dir/data/meta.properties" ]]; then
    # A base64url id may start with "-", which the storage tool's argument parser reads as an
    # option (as Kafka's own Uuid.randomUuid does, draw again until it does not).
    while [[ ! -s "$dir/cluster.id" || "$(<"$dir/cluster.id")" == -* ]]; do
      head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=\n' >"$dir/cluster.id"
    done
    cluster_id="$(<"$dir/cluster.id")"
    vr_log "formatting Kafka storage (cluster id $cluster_id)"
    # shellcheck disable=SC2086 # option lists split on purpose
    java $VR_JVM_OPTS -Xmx256m -Dlog4j.configuration="file:$dir/log4j.properties" -cp "$cp" \
      kafka.tools.StorageTool format -t "$cluster_id" -c "$dir/server.properties" --ignore-formatted \
      >>"$(vr_logfile kafka)" 2>&1 || {
      tail -n 30 "$(vr_logfile kafka)" >&2
      vr_die "formatting Kafka storage failed"
    }
  fi
  # shellcheck disable=SC2086 # option lists split on purpose
  launch kafka java $VR_KAFKA_HEAP $VR_JVM_OPTS \
    -Dlog4j.configuration="file:$dir/log4j.properties" -cp "$cp" \
    kafka.Kafka "$dir/server.properties"
}

start_registry() {
  need_java
  local dir="$VR_STATE_DIR/schema-registry"
  mkdir -p "$dir/tmp"
  # H2 file storage in the state dir: schema ids must outlive a restart, because the messages
  # kept in Kafka's logs name their writer schema by id. Settings for parity with Confluent's registry (see
  # docs/infrastructure.md): global compatibility BACKWARD (Apicurio's default is NONE),
  # canonical-form matching of re-registered schemas, subject deletion enabled. Schema ids are
  # Confluent-style content ids (apicurio.ccompat.legacy-id-mode.enabled stays false).
  # shellcheck disable=SC2086 # option lists split on purpose
  (cd "$dir" && launch schema-registry java $VR_REGISTRY_HEAP $VR_JVM_OPTS \
    -Djava.io.tmpdir="$dir/tmp" \
    -Dvertx.cacheDirBase="$dir/tmp/vertx" \
    -Dquarkus.http.host="$VR_HOST" \
    -Dquarkus.http.port="$VR_SCHEMA_REGISTRY_PORT" \
    -Dquarkus.http.access-log.enabled=false \
    -Dapicurio.storage.kind=sql \
    -Dapicurio.storage.sql.kind=h2 \
    -Dapicurio.datasource.url="jdbc:h2:file:$dir/db/registry" \
    -Dapicurio.datasource.jdbc.initial-size=2 \
    -Dapicurio.datasource.jdbc.min-size=2 \
    -Dapicurio.datasource.jdbc.max-size=20 \
    -Dapicurio.rules.global.compatibility=BACKWARD \
    -Dapicurio.ccompat.use-canonical-hash=true \
    -Dapicurio.rest.deletion.group.enabled=true \
    -Dapicurio.rest.deletion.artifact.enabled=true \
    -Dapicurio.rest.deletion.artifact-version.enabled=true \
    -jar "$APICURIO_JAR")
}

# --- main ---------------------------------------------------------------------------------------

declare -A owner=() # service -> "started" | "ours" (already running, started earlier) | "external"

for svc in "${VR_SERVICES[@]}"; do
  port="$(vr_port "$svc")"
  if vr_our_pid "$svc" >/dev/null; then
    # started by an earlier up.sh: running (or still starting); just wait for it below
    recorded_port="$(cat "$VR_RUN_DIR/$svc.port" 2>/dev/null || true)"
    if [[ -n "$recorded_port" && "$recorded_port" != "$port" ]]; then
      vr_die "$svc was started by an earlier up.sh on port $recorded_port, not $port: run deploy/local/down.sh first"
    fi
    owner[$svc]="ours"
    continue
  fi
  rm -f "$(vr_pidfile "$svc")" "$VR_RUN_DIR/$svc.port" # stale
  if vr_probe "$svc"; then
    owner[$svc]="external"
    continue
  fi
  if vr_port_open "$port"; then
    vr_die "127.0.0.1:$port is held by a process that does not answer as $svc; free the port or set the VR_*_PORT variable (deploy/local/ports.env)"
  fi
  # prepare (install / download) before starting
  case "$svc" in
  kafka) ensure_kafka_jars ;;
  schema-registry) ensure_apicurio ;;
  *) ;;
  esac
  command -v curl >/dev/null 2>&1 || apt_install curl
  case "$svc" in
  redis) start_redis ;;
  clickhouse) start_clickhouse ;;
  kafka) start_kafka ;;
  schema-registry) start_registry ;;
  esac
  # a pid file means up.sh launched it (even if it already died: the wait below reports that);
  # none means an installed package's own service answered meanwhile
  if [[ -s "$(vr_pidfile "$svc")" ]]; then owner[$svc]="started"; else owner[$svc]="external"; fi
done

# --- wait until every service answers a real request -------------------------------------------
deadline=$(($(date +%s) + VR_UP_TIMEOUT))
for svc in "${VR_SERVICES[@]}"; do
  until vr_probe "$svc"; do
    if [[ "${owner[$svc]}" != external ]] && ! vr_our_pid "$svc" >/dev/null; then
      printf -- '--- last lines of %s ---\n' "$(vr_logfile "$svc")" >&2
      tail -n 40 "$(vr_logfile "$svc")" >&2 || true
      vr_die "$svc exited before answering; see $(vr_logfile "$svc")"
    fi
    if (($(date +%s) >= deadline)); then
      printf -- '--- last lines of %s ---\n' "$(vr_logfile "$svc")" >&2
      tail -n 40 "$(vr_logfile "$svc")" >&2 || true
      vr_die "$svc did not answer on $(vr_url "$svc") within ${VR_UP_TIMEOUT}s (the others keep running; deploy/local/down.sh stops them)"
    fi
    sleep 1
  done
done

# Global compatibility BACKWARD, as in Confluent's registry (Apicurio's ccompat default is NONE);
# applied on every start that up.sh does (idempotent).
if [[ "${owner[schema-registry]}" == started ]]; then
  curl -fsS -m 10 -X PUT -H 'Content-Type: application/vnd.schemaregistry.v1+json' \
    -d '{"compatibility":"BACKWARD"}' "$(vr_url schema-registry)/config" >/dev/null ||
    vr_die "could not set the registry's global compatibility (PUT $(vr_url schema-registry)/config)"
fi

elapsed="$((($(date +%s%N) - started_at) / 1000000))"
printf 'local platform stack ready in %d.%03ds (state: %s)\n' "$((elapsed / 1000))" "$((elapsed % 1000))" "$VR_LOCAL_DIR"
for svc in "${VR_SERVICES[@]}"; do
  case "${owner[$svc]}" in
  started) how="started now, pid $(vr_our_pid "$svc")" ;;
  ours) how="already running, pid $(vr_our_pid "$svc")" ;;
  *) how="already running, not managed by deploy/local" ;;
  esac
  printf '  %-16s %-45s (%s)\n' "$svc" "$(vr_url "$svc")" "$how"
done
printf '\nexport VOYAGE_RISK_MODE=platform'
for svc in "${VR_SERVICES[@]}"; do printf ' %s=%s' "$(vr_env_name "$svc")" "$(vr_url "$svc")"; done
printf '\n'
