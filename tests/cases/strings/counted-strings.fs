create cs ," blog"
cs count type
: c c" xy" count ; c type
