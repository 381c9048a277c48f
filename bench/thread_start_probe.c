/* How soon a new process's first thread runs after the process starts it and keeps working, as a
 * render starts its text thread and its lanes: on most Linux machines within a tenth of a
 * millisecond; on a scheduler that keeps a new thread on its parent's core until load balancing
 * moves it (a virtual machine packing its work onto few cores), a millisecond or more later.
 * `bench.py` runs it once per process (a long-running process's threads start at once even
 * there) and prints the figures beside the ratios, whose parallel part they explain.
 * The process works `before` ms (a render reaches `main` after about 7 ms), starts a thread,
 * works 4 ms more, and prints in ms when the thread first ran. Usage: thread_start_probe [BEFORE_MS] */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static void work(double ms) {
    double start = now_ms();
    while (now_ms() - start < ms) {
    }
}

static volatile double started;

static void *note_start(void *unused) {
    (void)unused;
    started = now_ms();
    return NULL;
}

int main(int argc, char **argv) {
    double before = argc > 1 ? atof(argv[1]) : 7.0;
    work(before);
    pthread_t thread;
    double created = now_ms();
    if (pthread_create(&thread, NULL, note_start, NULL) != 0) return 1;
    work(4.0);
    pthread_join(thread, NULL);
    printf("%.3f\n", started - created);
    return 0;
}
