100 allocate . dup 42 swap ! 200 resize . dup @ swap free .
