: down 0 10 do i . -3 +loop ;
down
