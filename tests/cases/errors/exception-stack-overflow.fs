defer retry  : nest ['] retry catch throw ;  ' nest is retry
nest
