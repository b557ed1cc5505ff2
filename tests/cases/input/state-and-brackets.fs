: st state @ ; immediate
: t [ st ] literal ; t st
