\ environment? answers that programs written for gforth ask
s" gforth" environment? . type
s" CORE" environment? . .
s" SEARCH-ORDER" environment? . .
s" #locals" environment? . 0> .
s" no-such-thing" environment? .
s" HOME" getenv nip 0> .
s" PLAYFORTH_SURELY_UNSET" getenv . .
