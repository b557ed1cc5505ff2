\ ENVIRONMENT? knows the floating-point word sets, so harnesses that ask
\ before comparing floats (ttester's HAS-FLOATING) do compare them.
s" FLOATING" environment?
2drop s" floating-ext" environment?
2drop s" FLOATING-STACK" environment?
2drop s" MAX-FLOAT" environment? . fs.
\ A harness-style check: exact float equality runs only when FLOATING is known.
: has-floats? ( -- flag ) s" FLOATING" environment? if else false then ;
has-floats? [if] 0e -0e 0e f~ . 2e fsqrt fdup f* 2e 0e f~ . [then]
