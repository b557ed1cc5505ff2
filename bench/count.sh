#!/usr/bin/env bash
# Instructions executed (valgrind's callgrind, whole process) by each of
# gforth's four benchmarks, our four (bench/strings.fs, bench/locals.fs,
# bench/levenshtein.fs, bench/tables.fs) and chess perft 4 and Jungle perft 5, on playforth,
# gforth 0.7.3 and gforth-fast side by side, with the ratios
# playforth/gforth and playforth/gforth-fast (issue 25's targets: at most
# 1.00 against gforth, then against gforth-fast). Counts are deterministic and do not depend on
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
CHESS='s" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1" setup 4 perft drop'
# name, file, code: gforth's four benchmarks, ours, and two games' perft
# (gforth runs the games with examples/lib/gforth.fs, the game words in
# portable Forth, as bench/games.sh does).
ROWS=(
  "siev|$SRC/siev.fs|main" "bubble|$SRC/bubble.fs|main" "matrix|$SRC/matrix.fs|main" "fib|$SRC/fib.fs|main"
  "strings|bench/strings.fs|main" "locals|bench/locals.fs|main" "levenshtein|bench/levenshtein.fs|main" "tables|bench/tables.fs|main"
  "chess-perft4|examples/chess.fs|$CHESS" "jungle-perft5|examples/jungle.fs|5 perft drop"
)
ratio() { awk "BEGIN{printf \"%.2f\", $1 / $2}"; }
if [ "$with_gforth" = no ]; then
  printf '%-14s %14s\n' program playforth
else
  printf '%-14s %14s %14s %14s %8s %8s\n' program playforth gforth gforth-fast /gforth /fast
fi
total=0 gtotal=0 ftotal=0
for row in "${ROWS[@]}"; do
  IFS='|' read -r b file code <<<"$row"
  n=$(count "$PF" -e "include $file $code bye")
  total=$((total + n))
  if [ "$with_gforth" = no ]; then
    printf '%-14s %14s\n' "$b" "$n"
    continue
  fi
  gopts=() lib=()
  [ "$b" = locals ] && gopts=(-d 1M -r 1M -l 1M)   # 3000 deep: more than gforth's default stacks
  case $file in examples/*) lib=(examples/lib/gforth.fs) ;; esac
  g=$(count gforth "${gopts[@]}" "${lib[@]}" "$file" -e "$code bye")
  f=$(count gforth-fast "${gopts[@]}" "${lib[@]}" "$file" -e "$code bye")
  gtotal=$((gtotal + g)) ftotal=$((ftotal + f))
  printf '%-14s %14s %14s %14s %7sx %7sx\n' "$b" "$n" "$g" "$f" "$(ratio "$n" "$g")" "$(ratio "$n" "$f")"
done
if [ "$with_gforth" = no ]; then
  printf '%-14s %14s\n' total "$total"
else
  printf '%-14s %14s %14s %14s %7sx %7sx\n' total "$total" "$gtotal" "$ftotal" "$(ratio "$total" "$gtotal")" "$(ratio "$total" "$ftotal")"
fi
