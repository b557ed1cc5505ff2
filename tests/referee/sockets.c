/* Tries to make a socket every way it knows: every family (Unix,
   inet, inet6, netlink, packet ...) and type, a socket pair, the x32
   ABI's number for socket(), io_uring (whose operations make sockets
   where no filter sees them), and last the 32-bit ABI (int 0x80), which
   the filter answers by killing it. Says on stderr what got through. */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static int escapes;

static void tried(const char *what, long r) {
    if (r >= 0) {
        fprintf(stderr, "ESCAPE: %s\n", what);
        escapes++;
    }
}

int main(void) {
    int families[] = {AF_UNIX, AF_INET, AF_INET6, AF_NETLINK, AF_PACKET, AF_VSOCK, AF_ALG, AF_BLUETOOTH};
    const char *names[] = {"unix", "inet", "inet6", "netlink", "packet", "vsock", "alg", "bluetooth"};
    int types[] = {SOCK_STREAM, SOCK_DGRAM, SOCK_RAW, SOCK_SEQPACKET};
    for (unsigned f = 0; f < sizeof families / sizeof *families; f++)
        for (unsigned t = 0; t < sizeof types / sizeof *types; t++)
            tried(names[f], socket(families[f], types[t], 0));
    int pair[2];
    tried("socketpair", socketpair(AF_UNIX, SOCK_STREAM, 0, pair));
#ifdef __x86_64__
    tried("x32 socket", syscall(SYS_socket | 0x40000000, AF_UNIX, SOCK_STREAM, 0));
#endif
    char params[120] = {0};
    tried("io_uring", syscall(425 /* io_uring_setup */, 8, params));
    fprintf(stderr, "blocked: every family, socketpair, x32, io_uring; %d escapes\n", escapes);
#ifdef __x86_64__
    long r;
    __asm__ volatile("int $0x80"
                     : "=a"(r)
                     : "a"(359 /* i386 socket */), "b"(AF_UNIX), "c"(SOCK_STREAM), "d"(0)
                     : "memory");
    tried("i386 socket", r);
#endif
    return 3;
}
