\ A check report names what each check tests, not the lesson's hidden helper (`fair?`) or a word it never taught.
learn 10
: dr.k ( -- sign ) 3 choose ;
check
: dr.k ( -- sign ) 3 choose 1+ ;
check
