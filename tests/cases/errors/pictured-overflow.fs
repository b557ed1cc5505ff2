: deep <# 2000 0 do [char] x hold loop 0 0 #> ;
deep
