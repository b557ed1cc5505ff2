\ The float stack: FDUP FSWAP FOVER FROT FDROP FDEPTH, and F.S-free inspection.
1e 2e 3e fdepth . cr
frot f. f. f. cr
1e 2e fswap f. f. cr
1e 2e fover f. f. f. cr
5e fdup f* f. cr
1e 2e fdrop f. fdepth . cr
1e fnegate f. -2e fabs f. 3e 4e fmax f. 3e 4e fmin f. cr
