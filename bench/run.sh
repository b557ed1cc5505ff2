#!/usr/bin/env bash
# Side-by-side benchmarks: gforth's four classic programs (from Debian's
# gforth-common) and four of ours in the style of real programs
# (bench/strings.fs: string building and searching; bench/locals.fs: deep
# recursion with locals; bench/levenshtein.fs: edit distances with
# 2>R 2R@ 2R>, COUNT, /STRING, CMOVE, COMPARE and locals in the inner loop,
# as programs copied from the web write it; bench/tables.fs: tables made by
# CREATE ... DOES> defining words driving a scanner, CRC-32 and a jump
# table of execution tokens) on playforth, gforth and
# gforth-fast, in one run.
# Prints the best of RUNS wall-clock times, peak memory, and the ratio
# playforth/gforth per program, then their geometric means: over gforth's
# four, and over all eight; then start-up's (`-e bye`) median time and peak
# memory. Our programs print a checksum line, which
# must be the same under playforth and gforth (checked once before timing).
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
  local best="" peak=0 t m
  for _ in $(seq "$RUNS"); do
    # Wall-clock time to the millisecond (time's %e has only centiseconds).
    local s e
    s=$(date +%s%N)
    /usr/bin/time -o "$TMP" -f "%M" "$@" >/dev/null 2>&1
    e=$(date +%s%N)
    t=$(awk "BEGIN{printf \"%.3f\", ($e - $s) / 1e9}")
    m=$(tail -1 "$TMP")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
    [ "$m" -gt "$peak" ] && peak=$m
  done
  echo "$best $peak"
}

printf '%-8s %12s %12s %12s %10s %10s\n' program playforth gforth gforth-fast time-ratio mem-ratio
ratios=() mratios=() bratios=()
for b in siev bubble matrix fib strings locals levenshtein tables; do
  case $b in
    strings|locals|levenshtein|tables) f=bench/$b.fs ;;   # ours
    *) f=$SRC/$b.fs ;;                 # gforth's
  esac
  # locals.fs recurses 3000 deep: more than gforth 0.7.3's default stacks
  gopts=()
  [ "$b" = locals ] && gopts=(-d 1M -r 1M -l 1M)
  if [ "$f" = "bench/$b.fs" ]; then
    op=$("$PF" -e "include $f main bye" 2>&1 </dev/null || true)
    og=$(gforth "${gopts[@]}" "$f" -e "main bye" 2>&1 </dev/null || true)
    if [ "$op" != "$og" ]; then
      printf 'bench: %s prints differently\n  playforth: %s\n  gforth:    %s\n' "$b" "$op" "$og" >&2
    fi
  fi
  read -r tp mp < <(best_of "$PF" -e "include $f main bye")
  if [ -n "${BASELINE:-}" ]; then
    read -r tb _ < <(best_of "$BASELINE" -e "include $f main bye")
    br=$(awk "BEGIN{printf \"%.2f\", $tp / $tb}")
    bratios+=("$br")
    printf '%-8s %10ss baseline: this build / baseline = %sx\n' "" "$tb" "$br"
  fi
  read -r tg mg < <(best_of gforth "${gopts[@]}" "$f" -e "main bye")
  read -r tf _ < <(best_of gforth-fast "${gopts[@]}" "$f" -e "main bye")
  r=$(awk "BEGIN{printf \"%.2f\", $tp / $tg}")
  mr=$(awk "BEGIN{printf \"%.2f\", $mp / $mg}")
  ratios+=("$r"); mratios+=("$mr")
  printf '%-8s %10ss %10ss %10ss %8sx %8sx\n' "$b" "$tp" "$tg" "$tf" "$r" "$mr"
  printf '%-8s %9sKB %9sKB\n' "" "$mp" "$mg"
done
geo() { printf '%s\n' "$@" | awk '{s += log($1)} END {printf "%.2f", exp(s / NR)}'; }
echo "geometric mean playforth/gforth: time $(geo "${ratios[@]:0:4}")x, peak memory $(geo "${mratios[@]:0:4}")x"
echo "geometric mean over all eight:   time $(geo "${ratios[@]}")x, peak memory $(geo "${mratios[@]}")x"
# Start-up, what a classroom server pays per student (`-e bye`): 41 runs
# of each, interleaved, the median time and the median peak memory (a
# peak varies by about 150 KB from run to run with where the shared
# libraries are loaded; a time by more than the difference).
startup() {
  for _ in $(seq 41); do
    for who in playforth gforth; do
      local cmd=("$PF") s e
      [ $who = gforth ] && cmd=(gforth)
      s=$(date +%s%N)
      /usr/bin/time -o "$TMP" -f "%M" "${cmd[@]}" -e bye >/dev/null 2>&1
      e=$(date +%s%N)
      echo "$who $(( (e - s) / 1000 )) $(tail -1 "$TMP")"
    done
  done | awk '{n[$1]++; t[$1, n[$1]] = $2; m[$1, n[$1]] = $3}
    function median(a, w, k,   i, j, x) {
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
        if (a[w, j] < a[w, i]) { x = a[w, i]; a[w, i] = a[w, j]; a[w, j] = x }
      return a[w, int((k + 1) / 2)]
    }
    END {
      for (w in n) { tm[w] = median(t, w, n[w]); mm[w] = median(m, w, n[w]) }
      printf "start-up (-e bye), medians: playforth %.1f ms %d KB, gforth %.1f ms %d KB: time %.2fx, peak memory %.2fx\n",
        tm["playforth"] / 1000, mm["playforth"], tm["gforth"] / 1000, mm["gforth"],
        tm["playforth"] / tm["gforth"], mm["playforth"] / mm["gforth"]
    }'
}
startup
if [ -n "${BASELINE:-}" ]; then
  echo "geometric mean this build/baseline: time $(geo "${bratios[@]:0:4}")x (gforth's four), $(geo "${bratios[@]}")x (all eight)"
fi
