#!/usr/bin/env bash
# Instructions executed (valgrind's callgrind) by each of gforth's four
# benchmarks and our two (bench/strings.fs, bench/locals.fs) on playforth:
# deterministic, so a change to the inner loop can
# be judged in about a minute on a noisy machine, where times cannot.
# Register allocation in the hot loop is fragile (see ARCHITECTURE.md):
# run this before and after touching src/vm.rs.
#
#   bench/count.sh            # this build
#   bench/count.sh OTHER-BIN  # another build, for comparison
set -euo pipefail
cd "$(dirname "$0")/.."
SRC=${GFORTH_BENCH_DIR:-/usr/share/gforth/0.7.3}
command -v valgrind >/dev/null || { echo "count: valgrind is needed (apt-get install valgrind)"; exit 1; }
if [ $# -gt 0 ]; then PF=$1; else cargo build --release --quiet; PF=target/release/playforth; fi
total=0
for b in siev bubble matrix fib strings locals; do
  case $b in strings|locals) file=bench/$b.fs ;; *) file=$SRC/$b.fs ;; esac
  n=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$PF" -e "include $file main bye" 2>&1 \
      | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  printf '%-8s %14s instructions\n' "$b" "$n"
  total=$((total + n))
done
printf '%-8s %14s instructions\n' total "$total"
