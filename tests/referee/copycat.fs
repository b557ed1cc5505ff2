\ Plays as another contestant of its folder by including its file.
include honest.fs
