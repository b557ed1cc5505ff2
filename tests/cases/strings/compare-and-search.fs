s" abc" s" abd" compare s" b" s" b" compare
s" hello world" s" wor" search . type
