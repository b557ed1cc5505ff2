: B.Player ( -- ) ." DR.K" ;
b.player B.PLAYER
