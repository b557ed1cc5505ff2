/* Forks 64 children that sleep 20 seconds: more processes than a bot may
   have. Bounded on purpose (64, 20 s), whatever the referee does. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

int main(void) {
    for (int i = 0; i < 64; i++) {
        pid_t pid = fork();
        if (pid < 0) {
            perror("fork");
            return 1;
        }
        if (pid == 0) {
            sleep(20);
            _exit(0);
        }
    }
    FILE *f = fopen("play.txt", "w");
    if (f) { fputs("0 0 0 1 ", f); fclose(f); }
    return 0;
}
