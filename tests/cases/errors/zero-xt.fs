\ 0 is no execution token: a hook never set is an error, not a built-in word.
variable hook  : run ( -- ) hook @ execute ;
1 2 run
0 execute
\ A built-in word run by EXECUTE is named when it fails.
' dup execute
