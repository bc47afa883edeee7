#!/usr/bin/env bash
# `npm test`: every check, in the order that fails fastest: types, lint, unit and component tests, then the
# browser tests against the real server. Ends with one line counting the tests that ran.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p e2e/artifacts
status=0
step() { echo; echo "== $1"; }

step "system packages (scripts/system-packages.sh)"
bash scripts/system-packages.sh || exit 1

step "typecheck"
npx tsc --noEmit -p tsconfig.json || status=1

step "lint"
npx biome check . || status=1

step "unit, component, machine and server tests (vitest)"
TEST_DATABASE_URL=$(bash scripts/test-postgres.sh)
export TEST_DATABASE_URL
if [ -n "$TEST_DATABASE_URL" ]; then echo "Server tests run on PGlite and on PostgreSQL ($TEST_DATABASE_URL)."
else echo "PostgreSQL is not available (apt-get install postgresql, or set TEST_DATABASE_URL): server tests run on PGlite only."; fi
rm -f e2e/artifacts/vitest.json
npx vitest run --reporter=default --reporter=json --outputFile=e2e/artifacts/vitest.json
vitest_code=$?
[ "$vitest_code" -eq 0 ] || status=1

step "browser tests (playwright-core + Chromium against the built server)"
npx tsx e2e/run.ts 2>&1 | tee e2e/artifacts/e2e.log
e2e_code=${PIPESTATUS[0]}
[ "$e2e_code" -eq 0 ] || status=1

step "cluster and crash tests (two processes on one PostgreSQL behind nginx; kill -9 during registrations)"
npx tsx scripts/cluster/run.ts 2>&1 | tee e2e/artifacts/cluster.log
cluster_code=${PIPESTATUS[0]}
[ "$cluster_code" -eq 0 ] || status=1

# Sums vitest's report and every summary in the two logs (the browser log holds the Chromium specs' and the
# three engines' journeys'); a run that failed without a summary counts as one failure.
npx tsx scripts/test-summary.ts e2e/artifacts/vitest.json:$vitest_code e2e/artifacts/e2e.log:$e2e_code \
  e2e/artifacts/cluster.log:$cluster_code
exit $status
