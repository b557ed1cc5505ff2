char A : b [char] B ; b
