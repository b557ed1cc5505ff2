: broken 1 2 nosuchword ;
broken
