create m 8 allot m 8 char x fill m 4 erase m 8 type
create src ," abc" src 1+ m 3 move m 3 type
