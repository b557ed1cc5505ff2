\ Integer arithmetic: / mod /mod */ with positives and negatives.
7 2 / . 7 2 mod . 7 2 /mod . . cr
-7 2 / . -7 2 mod . -7 2 /mod . . cr
7 -2 / . 7 -2 mod . cr
-7 -2 / . -7 -2 mod . cr
1000 3 7 */ . 1000 3 7 */mod . . cr
-7 2 3 */ . 5 negate . -5 abs . 3 8 min . 3 8 max . cr
1 10 lshift . 1024 3 rshift . -1 1 rshift 63 rshift . cr
12 2* . 12 2/ . -12 2/ . 5 1+ . 5 1- . cr
