\ gforth's mini-oof.fs: classes, methods, inheritance, late binding.
require mini-oof.fs
object class
  cell var name-len
  cell var sound-len
  method speak
  method describe
end-class animal
:noname ( o -- ) ." ..." drop ; animal defines speak
:noname ( o -- ) ." an animal that says " speak ; animal defines describe
animal class end-class dog
:noname ( o -- ) drop ." woof" ; dog defines speak
animal class end-class cat
:noname ( o -- ) drop ." meow" ; cat defines speak
dog new constant rex  cat new constant tom  animal new constant thing
rex describe cr tom describe cr thing describe cr
