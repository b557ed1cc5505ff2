: risky ( n -- n ) dup 0< if -99 throw then ;
5 ' risky catch -5 ' risky catch
