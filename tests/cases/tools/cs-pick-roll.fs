: ahead-then ( -- ) ahead ." skipped" then ." reached" ;
ahead-then
