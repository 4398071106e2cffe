#!/usr/bin/env bash
# `npm test`: everything. Static checks, unit tests (embedded adapters), then the integration
# tests against the real Kafka, Schema Registry, ClickHouse and Redis, which this script brings
# up with deploy/local when they are not answering. Integration tests are never skipped: if the
# infrastructure cannot start, the run fails.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .local/test-results

echo "== typecheck"; npm run --silent typecheck
echo "== lint"; npm run --silent lint

status=0
echo "== unit tests (in-process adapters)"
npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=.local/test-results/unit.json || status=1

echo "== real infrastructure (deploy/local)"
bash deploy/local/up.sh
bash deploy/local/status.sh

echo "== integration tests (real Kafka, Schema Registry, ClickHouse, Redis)"
npx vitest run --project integration --reporter=default --reporter=json --outputFile.json=.local/test-results/integration.json || status=1

node scripts/test-summary.mjs .local/test-results/unit.json .local/test-results/integration.json || status=1
exit "$status"
