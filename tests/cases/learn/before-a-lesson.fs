\ The course words say how to start when no lesson is open.
check
hint
solution
next-lesson
learn 13
learn 0
learn nowhere
