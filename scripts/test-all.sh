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
npx vitest run --reporter=default --reporter=json --outputFile=e2e/artifacts/vitest.json || status=1

step "browser tests (playwright-core + Chromium against the built server)"
npx tsx e2e/run.ts 2>&1 | tee e2e/artifacts/e2e.log
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

step "cluster and crash tests (two processes on one PostgreSQL behind nginx; kill -9 during registrations)"
npx tsx scripts/cluster/run.ts 2>&1 | tee e2e/artifacts/cluster.log
if [ "${PIPESTATUS[0]}" -ne 0 ]; then
  status=1
  # A run stopped before its summary (no PostgreSQL, a timeout) still counts as a failure in the closing line.
  grep -q '^ℹ fail' e2e/artifacts/cluster.log || echo 'ℹ fail 1' >>e2e/artifacts/cluster.log
fi

node -e '
const fs = require("fs");
let passed = 0, failed = 0;
try { const v = JSON.parse(fs.readFileSync("e2e/artifacts/vitest.json", "utf8")); passed += v.numPassedTests; failed += v.numFailedTests; } catch {}
for (const file of ["e2e/artifacts/e2e.log", "e2e/artifacts/cluster.log"]) {
  try {
    const log = fs.readFileSync(file, "utf8");
    passed += Number((log.match(/^ℹ pass (\d+)/m) || log.match(/^# pass (\d+)/m) || [0, 0])[1]);
    failed += Number((log.match(/^ℹ fail (\d+)/m) || log.match(/^# fail (\d+)/m) || [0, 0])[1]);
  } catch {}
}
console.log(`\ntests: ${passed} passed, ${failed} failed`);
'
exit $status
