\ gforth's TOUPPER and CAPSCOMPARE for case-insensitive work.
char a toupper emit char Z toupper emit char 5 toupper emit cr
: upcase ( a u -- ) bounds ?do i c@ toupper emit loop ;
s" Make Me Loud!" upcase cr
s" HeLLo" s" hello" capscompare . s" abc" s" ABD" capscompare . cr
