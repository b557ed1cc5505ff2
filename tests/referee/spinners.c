/* Four processes each use 0.6 s of CPU time: under a 1 s limit one by
   one, 2.4 s together. Then plays. */
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static void spin(void) {
    while ((double)clock() / CLOCKS_PER_SEC < 0.6) {}
}

int main(void) {
    for (int i = 0; i < 3; i++)
        if (fork() == 0) {
            spin();
            _exit(0);
        }
    spin();
    while (wait(NULL) > 0) {}
    FILE *f = fopen("play.txt", "w");
    if (f) { fputs("0 0 0 1 ", f); fclose(f); }
    return 0;
}
