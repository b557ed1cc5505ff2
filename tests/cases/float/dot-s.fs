\ .S and the ok line show the floating-point stack when it is not empty.
1 2 1.5e 2e
.s
f.s
fdrop fdrop
.s
