/* Ignores SIGCHLD, so the kernel reaps its children as they end, and no
   parent ever adds their CPU time to its own: 20 children, one after
   another, each use 0.2 s, 4 s in all, which a count of the live
   processes would never see. Then plays. */
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

int main(void) {
    signal(SIGCHLD, SIG_IGN);
    for (int i = 0; i < 20; i++) {
        pid_t pid = fork();
        if (pid == 0) {
            while ((double)clock() / CLOCKS_PER_SEC < 0.2) {}
            _exit(0);
        }
        while (pid > 0 && kill(pid, 0) == 0) usleep(1000);
    }
    FILE *f = fopen("play.txt", "w");
    if (f) { fputs("0 0 0 1 ", f); fclose(f); }
    return 0;
}
