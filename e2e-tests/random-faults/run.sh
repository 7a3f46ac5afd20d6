#!/usr/bin/env bash
# Randomized fault runs (issue 7): random scripts of rows and schema changes, faults at random
# points, a sink that behaves like a database, a reference model. Builds what it needs first.
#
#   run.sh                        the fixed CI seeds and the seeds that found bugs
#   run.sh --seed N[,M..]         replay seeds (what a failing run prints)
#   run.sh --seeds N [--first S]  a soak: N fresh seeds from S (default: from the clock), run in
#                                 batches of 100 per JVM (each embedded cluster leaves classes
#                                 behind; ~500 runs fill a JVM's class space)
#   run.sh --soak N [--first S]   N fresh seeds of both: the randomized fault test (task failures,
#                                 whole-job stops) and the process crash test (the command line
#                                 killed with SIGKILL and started again, into PostgreSQL)
#   run.sh ... --no-faults        the same runs without their faults (triage)
#   run.sh ... --trusting-writers writers check rows only against the schema they received, and
#                                 the applier forgives DDL that does not fit (as the values sink)
set -euo pipefail
cd "$(dirname "$0")/../.."

seed="" seeds="" first="" soak="" extra=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seed) seed="$2"; shift 2 ;;
    --seeds) seeds="$2"; shift 2 ;;
    --first) first="$2"; shift 2 ;;
    --soak) soak="$2"; shift 2 ;;
    --no-faults) extra+=("-Dfaults.off=true"); shift ;;
    --trusting-writers) extra+=("-Dfaults.trusting.writers=true"); shift ;;
    *) echo "Unknown argument $1; see the head of $0" >&2; exit 2 ;;
  esac
done

out=e2e-tests/random-faults/target
mvn -B -q -ntp install -DskipTests -pl e2e-tests/random-faults -am >&2
mkdir -p "$out"
: > "$out/run-all.out"
started=$(date +%s)
status=0

run_tests() {  # maven arguments
  mvn -B -ntp test -pl e2e-tests/random-faults "${extra[@]}" "$@" > "$out/run.out" 2>&1 || status=1
  cat "$out/run.out" >> "$out/run-all.out"
  grep -E '^(PASS|FAIL) ' "$out/run.out" || tail -40 "$out/run.out"
}

if [ -n "$soak" ]; then
  from=${first:-$(( $(date +%s) % 1000000000 ))}
  start=$from left=$soak
  while [ "$left" -gt 0 ]; do
    batch=$(( left < 100 ? left : 100 ))
    run_tests -Dtest=RandomFaultTest -Dfaults.seeds="$batch" -Dfaults.first="$from"
    run_tests -Dtest=ProcessCrashTest -Dcrash.seeds="$batch" -Dcrash.first="$from"
    from=$(( from + batch )); left=$(( left - batch ))
  done
  echo "soak: seeds $start to $(( from - 1 )), each through both tests"
elif [ -n "$seeds" ]; then
  from=${first:-$(( $(date +%s) % 1000000000 ))}
  left=$seeds
  while [ "$left" -gt 0 ]; do
    batch=$(( left < 100 ? left : 100 ))
    run_tests -Dtest=RandomFaultTest -Dfaults.seeds="$batch" -Dfaults.first="$from"
    from=$(( from + batch )); left=$(( left - batch ))
  done
elif [ -n "$seed" ]; then
  run_tests -Dtest=RandomFaultTest -Dfaults.seed="$seed"
else
  run_tests
fi

ran=$(grep -cE '^(PASS|FAIL) ' "$out/run-all.out" || true)
failed=$( (grep -E '^FAIL ' "$out/run-all.out" || true) | sed -E 's/^FAIL seed ([0-9]+):.*/\1/' | tr '\n' ' ')
echo "random fault runs: $ran seeds, $(echo "$failed" | wc -w) failed${failed:+: $failed}"
echo "took $(( $(date +%s) - started )) s; details in $out/surefire-reports/ (last batch) and $out/run-all.out; failing runs' files in $out/runs/"
exit $status
