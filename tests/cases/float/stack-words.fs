\ The floating-point stack words, and its own depth.
1e 2e 3e fdepth .
frot f. f. f.
1e 2e fswap f. f.
1e 2e fover f. f. f.
1e 2e fnip f. fdepth .
1e 2e ftuck f. f. f.
1e 2e 3e 2 fpick f. f. f. f.
1e fdup f+ f.
1e fdrop fdepth .
