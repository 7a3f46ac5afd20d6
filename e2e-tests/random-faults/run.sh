#!/usr/bin/env bash
# Randomized fault runs (issue 7): random scripts of rows and schema changes, faults at random
# points, a sink that behaves like a database, a reference model. Builds what it needs first.
#
#   run.sh                      the fixed CI seeds
#   run.sh --seed N[,M..]       replay seeds (what a failing run prints)
#   run.sh --seeds N [--first S]  a soak: N fresh seeds from S (default: from the clock)
#   run.sh ... --no-faults      the same runs without their faults (triage)
#   run.sh ... --trusting-writers  writers check rows only against the schema they received,
#                               not against the table (failures show as the runtime's errors)
set -euo pipefail
cd "$(dirname "$0")/../.."

args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) args+=("-Dfaults.seed=$2"); shift 2 ;;
    --seeds) args+=("-Dfaults.seeds=$2"); shift 2 ;;
    --first) args+=("-Dfaults.first=$2"); shift 2 ;;
    --no-faults) args+=("-Dfaults.off=true"); shift ;;
    --trusting-writers) args+=("-Dfaults.trusting.writers=true"); shift ;;
    *) echo "Unknown argument $1; see the head of $0" >&2; exit 2 ;;
  esac
done

mvn -B -q -ntp install -DskipTests -pl e2e-tests/random-faults -am >&2
started=$(date +%s)
status=0
mvn -B -ntp test -pl e2e-tests/random-faults "${args[@]}" > e2e-tests/random-faults/target/run.out 2>&1 || status=$?
grep -E '^(PASS|FAIL) ' e2e-tests/random-faults/target/run.out || true
cat e2e-tests/random-faults/target/faults-summary.txt 2>/dev/null || tail -40 e2e-tests/random-faults/target/run.out
echo "took $(( $(date +%s) - started )) s; failures in e2e-tests/random-faults/target/surefire-reports/, logs in e2e-tests/random-faults/target/faults.log"
exit $status
