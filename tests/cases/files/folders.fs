\ OPEN-DIR READ-DIR CLOSE-DIR list a folder's entries: `.` and `..` (which
\ gforth lists too, where the system puts them), then the others in the
\ system's order. Closing a folder twice is -62 (gforth 0.7.3 aborts).
create name 256 allot
variable dir
: entry ( -- c-addr u flag ) name 256 dir @ read-dir throw name rot rot ;
s" tests/forth/folder" open-dir . dir !
entry . type space  entry . type
: count-rest ( -- n ) 0 begin entry nip nip while 1+ repeat ;
count-rest .
entry . . drop
dir @ close-dir .
dir @ close-dir .
\ A name longer than the buffer is cut, with ior -70; a missing folder is -69.
s" tests/forth/folder" open-dir throw dir !  name 256 dir @ read-dir . . .
name 1 dir @ read-dir . . .  dir @ close-dir .
s" no-such-folder" open-dir . .
s" no-such-folder" open-dir throw
