\ A contest bot for the referee's tests: a random legal move.
\   playforth random.fs bot OPPONENT SIDE c1 ... c25   writes play.txt

require ./lib/bot.fs
: random-move ( -- move ) #moves @ choose cells moves + @ ;
' random-move play
