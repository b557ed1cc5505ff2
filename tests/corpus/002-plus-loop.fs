\ +LOOP with positive and negative steps.
: evens  ( -- )  21 0 do i . 2 +loop cr ;
: countdown ( -- ) 0 10 do i . -1 +loop cr ;
: by-threes ( -- ) 0 30 do i . -3 +loop cr ;
evens countdown by-threes
\ a +loop that crosses the limit exactly
: exact 10 0 do i . 5 +loop cr ; exact
