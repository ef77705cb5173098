#!/usr/bin/env bash
# Runs the Swift suite (`swift test --skip-build` plus ARGS) and ends its output with what
# failed, so that the last lines of a long log (all a CI page may show) name the failing tests
# and their messages rather than only "1 issue".
#
#   scripts/swift-test.sh [ARGUMENTS FOR swift test...]
#
# A suite with a failed test is run once more on its own. If it then passes, it is reported as FLAKY,
# by name and with the first run's message, and the run still fails unless
# LARDER_TEST_RETRY_FLAKY=1 (make test sets it, so that one timing-dependent test on a loaded
# CI machine does not discard a run; a test that fails twice fails the run either way). A crash
# of the test process is never retried: the run fails, naming the test that was running.
set -uo pipefail
cd "$(dirname "$0")/.."

swift=${SWIFT:-swift}
log=.build/swift-test.log
mkdir -p .build
# The tests' temporary folders go in one folder of this run's, removed at the end, so that runs
# do not leave thousands of databases behind in /tmp.
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/larder-tests.XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
"$swift" test --skip-build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
((status == 0)) && exit 0

echo
echo "=================== swift test failed (exit $status): summary ==================="
# Each issue's first line and the indented lines that follow it (the values compared).
awk '/ recorded an issue/ { print; more = 6; next } more > 0 && /^[ \t]/ { print; more--; next } { more = 0 }' "$log"
grep -E '^✘ Test .* (failed|passed) after|^.*error: .*(signal|crash|Fatal)|Fatal error' "$log" | head -40

# Suites with a failed test ("✘ Suite Name failed after"): the retry runs them whole, as a
# test's display name is not what --filter matches.
mapfile -t failed < <(sed -n -E 's/^✘ Suite ([A-Za-z_][A-Za-z0-9_]*) failed after.*/\1/p' "$log" | sort -u)
# A suite with a display name (`@Suite("HTTPS over a socket")`) is named by the type declared
# after that string in the tests' sources.
while IFS= read -r display; do
  [[ -n $display ]] || continue
  file=$(grep -rlF -- "\"$display\"" Tests | head -n 1)
  [[ -n $file ]] || continue
  line=$(grep -nF -- "\"$display\"" "$file" | head -n 1 | cut -d: -f1)
  type=$(tail -n "+$line" "$file" | grep -m 1 -oE '(struct|class|enum|actor) +[A-Za-z_][A-Za-z0-9_]*' \
    | awk '{ print $2 }')
  [[ -n $type ]] && failed+=("$type")
done < <(sed -n -E 's/^✘ Suite "(.*)" failed after.*/\1/p' "$log" | sort -u)
if ! grep -q -E '^✘ Test run with .* failed after' "$log"; then
  # No summary line: the process died. Name the tests that started and never ended.
  echo "The test process ended without its summary (a crash?). Started and not finished:"
  comm -23 \
    <(grep -v '^◇ Test case ' "$log" | sed -n -E 's/^◇ Test (.*) started\.$/\1/p' | sort -u) \
    <(sed -E 's/ with [0-9]+ test cases? (passed|failed) after / \1 after /' "$log" \
      | sed -n -E 's/^[✔✘] Test (.*) (passed|failed) after .*/\1/p' | sort -u) | head -20
  exit "$status"
fi
if ((${#failed[@]} == 0)); then
  echo "No failing suite could be named; see $log."
  exit "$status"
fi
echo "Failed: ${failed[*]}"
if [[ ${LARDER_TEST_RETRY_FLAKY:-0} != 1 ]]; then exit "$status"; fi

filter=$(IFS='|'; echo "${failed[*]}")
echo "Running them once more on their own (--filter '\\.($filter)/')..."
if "$swift" test --skip-build "$@" --filter "\\.($filter)/" >"$log.retry" 2>&1; then
  echo
  echo "FLAKY (failed, then passed alone): ${failed[*]}"
  echo "This run passes; the first failure's messages are above and in $log."
  exit 0
fi
awk '/ recorded an issue/ { print; more = 6; next } more > 0 && /^[ \t]/ { print; more--; next } { more = 0 }' "$log.retry"
tail -n 3 "$log.retry"
echo "Failed again on their own: ${failed[*]}"
exit "$status"
