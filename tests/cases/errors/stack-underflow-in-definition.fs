variable score
: total  score @ + ;
: play total ;
play
