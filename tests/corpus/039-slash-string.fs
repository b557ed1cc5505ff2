\ /STRING, -TRAILING and trimming from both ends.
s" Hello, World" 7 /string type cr
s" trailing spaces     " -trailing type ." |" cr
: -leading ( a u -- a' u' ) begin dup while over c@ bl = while 1 /string repeat then ;
s"    leading" -leading type ." |" cr
: trim ( a u -- a' u' ) -leading -trailing ;
s"    both ends   " trim ." [" type ." ]" cr
s" abc" 3 /string nip . cr
