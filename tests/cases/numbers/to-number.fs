0. s" 123xyz" >number type d.
