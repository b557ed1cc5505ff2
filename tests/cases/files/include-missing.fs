include /nonexistent/nope.fs
