\ A line typed before the lesson was opened that hides a game word does not fail the lesson's own answer: the check takes such words out of the search (code compiled with them keeps them); an earlier word the answer uses still counts.
3 constant Stone
: .draw ( -- ) ." Draw" ;
: three ( -- n ) Stone ;
learn 11
: .round ( you computer -- ) over >r compete if drop r> drop .draw exit then r> = if ." You win" else ." I win" then ;
check
three .
