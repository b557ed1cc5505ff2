\ require mini-oof.fs: classes with object, class, var, method, end-class, defines, new and ::
require mini-oof.fs
object class
  cell var x
  method show
  method area
end-class shape
:noname ( o -- ) ." x=" x @ . ; shape defines show
shape class
  cell var r
end-class circle
:noname ( o -- ) dup [ shape :: show ] ." r=" r @ . ; circle defines show
:noname ( o -- n ) r @ dup * 3 * ; circle defines area
circle new constant c  3 c x !  5 c r !
c show c area .
shape new constant s  1 s x !  s show
s area s = .
