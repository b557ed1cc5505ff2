#!/usr/bin/env bash
# Instructions executed (valgrind's callgrind, whole process) by each of
# gforth's four benchmarks and our three (bench/strings.fs, bench/locals.fs,
# bench/levenshtein.fs), on playforth and on gforth 0.7.3 side by side, with
# the ratio playforth/gforth. Counts are deterministic and do not depend on
# the processor, so a change to the inner loop can be judged in a few
# minutes on a noisy machine, where times cannot (../PERF-NOTES: time
# ratios did not carry from one processor to another; counts do).
# Register allocation in the hot loop is fragile (see ARCHITECTURE.md):
# run this before and after touching src/vm.rs, and bench/compare-blocks.py
# OLD NEW to see which instructions a difference is made of.
#
#   bench/count.sh            # this build
#   bench/count.sh OTHER-BIN  # another build, for comparison
#   GFORTH=no bench/count.sh  # playforth only (faster)
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${GFORTH_BENCH_DIR:-/usr/share/gforth/0.7.3}
command -v valgrind >/dev/null || { echo "count: valgrind is needed (apt-get install valgrind)"; exit 1; }
if [ $# -gt 0 ]; then PF=$1; else cargo build --release --quiet; PF=target/release/playforth; fi
with_gforth=${GFORTH:-yes}
if [ "$with_gforth" != no ] && ! command -v gforth >/dev/null; then
  echo "count: gforth is not installed (apt-get install gforth): playforth only"
  with_gforth=no
fi
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'; }
printf '%-12s %14s %14s %8s\n' program playforth gforth ratio
total=0 gtotal=0
for b in siev bubble matrix fib strings locals levenshtein; do
  case $b in strings|locals|levenshtein) file=bench/$b.fs ;; *) file=$SRC/$b.fs ;; esac
  n=$(count "$PF" -e "include $file main bye")
  total=$((total + n))
  if [ "$with_gforth" = no ]; then
    printf '%-12s %14s\n' "$b" "$n"
    continue
  fi
  gopts=()
  [ "$b" = locals ] && gopts=(-d 1M -r 1M -l 1M)   # 3000 deep: more than gforth's default stacks
  g=$(count gforth "${gopts[@]}" "$file" -e "main bye")
  gtotal=$((gtotal + g))
  printf '%-12s %14s %14s %7sx\n' "$b" "$n" "$g" "$(awk "BEGIN{printf \"%.2f\", $n / $g}")"
done
if [ "$with_gforth" = no ]; then
  printf '%-12s %14s\n' total "$total"
else
  printf '%-12s %14s %14s %7sx\n' total "$total" "$gtotal" "$(awk "BEGIN{printf \"%.2f\", $total / $gtotal}")"
fi
