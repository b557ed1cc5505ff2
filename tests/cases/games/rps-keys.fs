\ stdin: ?1x?q?2q
\ Stone - Cloth - Scissor: ? lists the keys and asks again, any other
\ key is ignored; a count of two digits keeps the space after its label.
include examples/rps.fs
7 randomize  rps
10 rounds !  3 your-wins !  4 drk-wins !  .stats
\ The game for five says its rules before the first round.
include examples/rps-team.fs
11 randomize  team
