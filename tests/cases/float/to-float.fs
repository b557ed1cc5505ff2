\ >FLOAT takes the standard's wider syntax; blanks are 0e.
s" 1.5" >float . f.
s" 1.5e3" >float . f.
s" 15d-1" >float . f.
s" 1.5+2" >float . f.
s" -.5" >float . f.
s"    " >float . f.
s" 1e" >float . f.
s" e" >float . fdepth .
s" 1.5x" >float . fdepth .
s"  12 " >float . fdepth .
s" -" >float . fdepth .
