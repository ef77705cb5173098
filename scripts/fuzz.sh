#!/usr/bin/env bash
# Builds the libFuzzer harness (fuzz/libfuzzer) and runs each fuzz target for a set time.
#
#   scripts/fuzz.sh [target ...]        every target when none is named
#   FUZZ_SECONDS=60  seconds per target (default 60)
#   FUZZ_JOBS=1      targets run at once (default 1)
#
# Each target starts from its checked-in seeds (fuzz/corpus/<target>, read only) and keeps the
# inputs it finds in .build/fuzz-corpus/<target>, out of git. Crashes and invariant failures
# are saved as .build/fuzz-artifacts/<target>/crash-*; minimize one with
#   LARDER_FUZZ_TARGET=<target> fuzz/libfuzzer/.build/release/larder-fuzz -minimize_crash=1 \
#     -runs=100000 <crash file>
# and, once fixed, copy it into fuzz/corpus/<target>/ so `make test` replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-1}
swift=${SWIFT:-swift}

(cd fuzz/libfuzzer && "$swift" build -c release -Xswiftc -sanitize=fuzzer,address)
binary=$root/fuzz/libfuzzer/.build/release/larder-fuzz

if (($#)); then targets=("$@"); else
  mapfile -t targets < <(ls fuzz/corpus)
fi

run_target() {
  local target=$1
  local corpus=$root/.build/fuzz-corpus/$target artifacts=$root/.build/fuzz-artifacts/$target
  mkdir -p "$corpus" "$artifacts"
  local log=$artifacts/fuzz.log
  local max_len
  case $target in
    ingredient) max_len=512 ;; duration) max_len=256 ;; html) max_len=16384 ;; *) max_len=8192 ;;
  esac
  # -detect_leaks=0: the Swift runtime's caches live for the process and read as leaks.
  # -timeout=10: any input that takes 10 s is a hang, saved as timeout-*.
  # -rss_limit_mb=2048: an input that makes us hold 2 GB is saved as oom-*.
  local started=$SECONDS
  # SWIFT_BACKTRACE=enable=no: libFuzzer and ASan report a crash; Swift's backtracer would
  # only slow it down.
  LARDER_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "$root/fuzz/corpus/$target" \
    -max_total_time="$seconds" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
    -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$artifacts/" >"$log" 2>&1 || true
  local runs crashes elapsed=$((SECONDS - started))
  # The final stats when the run ends on time; after a crash, the last status line's count.
  runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' ||
    grep -ao '^#[0-9]*' "$log" | tail -1 | tr -d '#' || echo '?')
  crashes=$(find "$artifacts" -maxdepth 1 -type f \
    \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' -o -name 'leak-*' \) | wc -l)
  printf '%-16s %12s executions in %4ss, %s saved failures (%s)\n' \
    "$target" "$runs" "$elapsed" "$crashes" "${artifacts#"$root"/}"
}

export -f run_target
export root binary seconds
echo "fuzzing ${#targets[@]} targets for ${seconds}s each, $jobs at a time"
printf '%s\n' "${targets[@]}" | xargs -P "$jobs" -I{} bash -c 'run_target "$@"' _ {}
