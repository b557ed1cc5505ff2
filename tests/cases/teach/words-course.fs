\ Every set the summary of `words` names can be listed by that name: the
\ guided course's words too (`course` was once missing from the list).
words course
