s" tiger" s" animal" replaces
create buf 64 allot
s" the %animal% ate 100%% of it" buf 64 substitute . type
s" 50%" pad unescape type
s" %animal%" buf 3 substitute nip nip
