#!/usr/bin/env bash
# Game benchmarks: the same example script on playforth (native game words)
# and on gforth with examples/lib/gforth.fs (the words in portable Forth).
# Prints the best of RUNS wall-clock times and the ratio playforth/gforth.
#
#   bench/games.sh          # 3 runs each
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
command -v gforth >/dev/null || { echo "bench: gforth is not installed (apt-get install gforth)"; exit 1; }
cargo build --release --quiet
PF=target/release/playforth

best() {  # best wall-clock seconds of RUNS runs of a command
  local best=""
  for _ in $(seq "$RUNS"); do
    local s e t
    s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N)
    t=$(awk "BEGIN{printf \"%.3f\", $e - $s}")
    if [ -z "$best" ] || awk "BEGIN{exit !($t < $best)}"; then best=$t; fi
  done
  echo "$best"
}

START='...........................XO......OX........................... X'
row() {  # name, code (run after the game is loaded)
  local name=$1 file=$2 code=$3
  local tp tg
  tp=$(best "$PF" -e "include $file $code bye")
  tg=$(best gforth -e "include examples/lib/gforth.fs include $file $code bye")
  printf '%-22s %9ss %9ss %9sx\n' "$name" "$tp" "$tg" "$(awk "BEGIN{printf \"%.3f\", $tp / $tg}")"
}
printf '%-22s %10s %10s %10s\n' benchmark playforth gforth ratio
row "othello perft 8" examples/othello.fs "s\" $START\" setup 8 perft drop"
row "othello 4 vs random" examples/othello.fs "4 vs-random drop"
row "chess perft 4" examples/chess.fs "s\" rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\" setup 4 perft drop"
row "jungle perft 5" examples/jungle.fs "5 perft drop"
row "five-step path-perft 3" examples/fivestep.fs "3 path-perft drop"
