s" Forth" pad swap move pad 5 type
