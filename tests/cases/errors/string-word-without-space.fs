\ A string word run into its text, or quotes with no string word: the
\ message shows the line as it was meant.
."even"
"even"
s"hi" type
.(note)
\comment
(comment)
