\ An unfinished {: list stops at ; and names what is missing.
: f {: a b -- c } a b + ;
1 2 f
: f2 {: a b -- c :} a b + ;
1 2 f2 .
