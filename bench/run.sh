#!/usr/bin/env bash
# Side-by-side benchmarks: gforth's four classic programs (from Debian's
# gforth-common) on playforth, gforth and gforth-fast, in one run.
# Prints the best of RUNS wall-clock times, peak memory, and the ratio
# playforth/gforth per program, then their geometric mean.
#
#   bench/run.sh            # 5 runs each
#   RUNS=10 bench/run.sh
#   BASELINE=/path/to/older/playforth bench/run.sh   # also time an older build
#                                                    # (the cost of a change)
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-5}
SRC=${GFORTH_BENCH_DIR:-/usr/share/gforth/0.7.3}
for tool in gforth gforth-fast; do
  command -v "$tool" >/dev/null || { echo "bench: $tool is not installed (apt-get install gforth)"; exit 1; }
done
[ -x /usr/bin/time ] || { echo "bench: /usr/bin/time is needed (apt-get install time)"; exit 1; }
cargo build --release --quiet
PF=target/release/playforth
TMP=$(mktemp)
trap 'rm -f "$TMP"' EXIT

# best_of CMD...: prints "seconds peak-KB", the fastest of RUNS runs and the largest peak.
best_of() {
  local best="" peak=0 out t m
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -o "$TMP" -f "%e %M" "$@" >/dev/null 2>&1
    out=$(tail -1 "$TMP")
    t=${out% *}; m=${out#* }
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    [ "$m" -gt "$peak" ] && peak=$m
  done
  echo "$best $peak"
}

printf '%-8s %12s %12s %12s %10s %10s\n' program playforth gforth gforth-fast time-ratio mem-ratio
ratios=() mratios=() bratios=()
for b in siev bubble matrix fib; do
  read -r tp mp < <(best_of "$PF" -e "include $SRC/$b.fs main bye")
  if [ -n "${BASELINE:-}" ]; then
    read -r tb _ < <(best_of "$BASELINE" -e "include $SRC/$b.fs main bye")
    br=$(awk "BEGIN{printf \"%.2f\", $tp / $tb}")
    bratios+=("$br")
    printf '%-8s %10ss baseline: this build / baseline = %sx\n' "" "$tb" "$br"
  fi
  read -r tg mg < <(best_of gforth "$SRC/$b.fs" -e "main bye")
  read -r tf _ < <(best_of gforth-fast "$SRC/$b.fs" -e "main bye")
  r=$(awk "BEGIN{printf \"%.2f\", $tp / $tg}")
  mr=$(awk "BEGIN{printf \"%.2f\", $mp / $mg}")
  ratios+=("$r"); mratios+=("$mr")
  printf '%-8s %10ss %10ss %10ss %8sx %8sx\n' "$b" "$tp" "$tg" "$tf" "$r" "$mr"
  printf '%-8s %9sKB %9sKB\n' "" "$mp" "$mg"
done
geo() { printf '%s\n' "$@" | awk '{s += log($1)} END {printf "%.2f", exp(s / NR)}'; }
echo "geometric mean playforth/gforth: time $(geo "${ratios[@]}")x, peak memory $(geo "${mratios[@]}")x"
if [ -n "${BASELINE:-}" ]; then
  echo "geometric mean this build/baseline: time $(geo "${bratios[@]}")x"
fi
