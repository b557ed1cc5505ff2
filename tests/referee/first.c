/* A contest bot for the referee's tests, in C: the first piece (row by
   row) that can take one step takes it, trying right, down, left, up. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 28) return 2;
    int side = atoi(argv[2]), cell[25];
    for (int i = 0; i < 25; i++) cell[i] = atoi(argv[3 + i]);
    int dx[4] = {1, 0, -1, 0}, dy[4] = {0, 1, 0, -1};
    for (int i = 0; i < 25; i++) {
        if (cell[i] != side) continue;
        int x = i % 5, y = i / 5;
        for (int d = 0; d < 4; d++) {
            int nx = x + dx[d], ny = y + dy[d];
            if (nx < 0 || nx > 4 || ny < 0 || ny > 4 || cell[ny * 5 + nx]) continue;
            FILE *f = fopen("play.txt", "w");
            if (!f) return 1;
            fprintf(f, "%d %d %d %d ", x, y, nx, ny);
            return fclose(f) != 0;
        }
    }
    return 0;
}
