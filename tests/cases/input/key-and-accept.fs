\ stdin: yhello\n
key emit
create in 20 allot in 20 accept in swap type
