#!/bin/sh
# How strong are the board games' levels? For each game, seeded demo games
# of level 5 against level 1 and against a random mover (level 0), level 5
# taking the first side in even seeds and the second in odd ones; prints
# level 5's wins, draws and losses, and its mean thinking time per move
# (the game's time over level 5's moves: the weaker side's moves cost next
# to nothing). Not a test: the figures go into docs/games.md.
#
#   bench/levels.sh [GAMES [GAME ...]]     default: 20 games, all four games
#
# Build first: cargo build --release.
set -eu
cd "$(dirname "$0")/.."
playforth=target/release/playforth
games=${1:-20}
[ $# -gt 0 ] && shift
list=${*:-othello jungle fivestep chess}

# The lines a game prints for a move of the first and of the second side,
# and for a win of each.
patterns() {
  case $1 in
    othello) echo 'X plays|O plays|X wins|O wins' ;;
    chess) echo 'White plays|Black plays|White wins|Black wins' ;;
    jungle) echo 'Player A moves|Player B moves|Player A wins|Player B wins' ;;
    fivestep) echo 'Player 1 moves|Player 2 moves|Player 2 cannot move|Player 1 cannot move' ;;
  esac
}

match() { # game opponent-level
  game=$1 low=$2
  IFS='|' read -r move1 move2 win1 win2 <<EOT
$(patterns "$game")
EOT
  wins=0 draws=0 losses=0 moves=0 ns=0
  seed=1
  while [ "$seed" -le "$games" ]; do
    if [ $((seed % 2)) -eq 0 ]; then levels="5 $low" mine=$move1 won=$win1 lost=$win2
    else levels="$low 5" mine=$move2 won=$win2 lost=$win1; fi
    start=$(date +%s%N)
    out=$("$playforth" --seed "$seed" -e "include examples/$game.fs $levels levels demo bye")
    ns=$((ns + $(date +%s%N) - start))
    moves=$((moves + $(printf '%s\n' "$out" | grep -c "^$mine" || true)))
    last=$(printf '%s\n' "$out" | tail -n 1)
    case $last in
      "$won"*) wins=$((wins + 1)) ;;
      "$lost"*) losses=$((losses + 1)) ;;
      *) draws=$((draws + 1)) ;;
    esac
    seed=$((seed + 1))
  done
  printf '%-9s level 5 vs %-8s %2d won %2d drawn %2d lost   %6.0f ms a move (%d moves)\n' \
    "$game" "$( [ "$low" = 0 ] && echo random || echo "level $low")" \
    "$wins" "$draws" "$losses" "$(echo "$ns / 1000000 / $moves" | bc -l)" "$moves"
}

for game in $list; do
  match "$game" 1
  match "$game" 0
done
