\ The course's words run at the prompt: typed before a definition's `;` (or inside a loop typed at the prompt), they are refused, so the check never runs a half-made word.
learn 3
: c>f ( celsius -- fahrenheit ) 9 * 5 / 32 +
check
100 c>f
: c>f ( celsius -- fahrenheit ) 9 * 5 / 32 + ;
check
true prompt-control
3 0 do hint loop
: my-check ( -- ) solution ;
