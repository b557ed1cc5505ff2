/* Plays as first.c does, then writes 2 MB to standard error, which is the
   referee's pipe, not a file: it counts against no file-size limit. */
#include <string.h>
#define main first_main
#include "first.c"
#undef main

int main(int argc, char **argv) {
    int status = first_main(argc, argv);
    static char line[1000];
    memset(line, 'x', sizeof line - 1);
    line[sizeof line - 1] = '\n';
    for (int i = 0; i < 2000; i++) fwrite(line, 1, sizeof line, stderr);
    return status;
}
