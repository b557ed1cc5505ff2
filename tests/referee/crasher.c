/* Crashes: a bad memory access before writing any move. */
#include <stdio.h>
int main(void) {
    volatile int *nowhere = NULL;
    fprintf(stderr, "about to crash\n");
    return *nowhere;
}
