/* Four processes each hold 100 MiB for two seconds: under a 256 MiB limit
   one by one, 400 MiB together. Then plays. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void hold(void) {
    size_t size = 100 << 20;
    /* volatile: the compiler must not drop memory nobody reads. */
    volatile char *p = malloc(size);
    for (size_t i = 0; p && i < size; i += 4096) p[i] = 1;
    sleep(2);
}

int main(void) {
    for (int i = 0; i < 3; i++)
        if (fork() == 0) {
            hold();
            _exit(0);
        }
    hold();
    while (wait(NULL) > 0) {}
    FILE *f = fopen("play.txt", "w");
    if (f) { fputs("0 0 0 1 ", f); fclose(f); }
    return 0;
}
