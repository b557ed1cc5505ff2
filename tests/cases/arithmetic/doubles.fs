1. 2. d+ d.
5. 7. d- d.
-5. dabs d. 3. dnegate d.
1. 2. d< 3. 3. d= .s
