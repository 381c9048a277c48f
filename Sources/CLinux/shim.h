#ifdef __linux__
#include <pthread.h>
#include <stddef.h>

// As glibc declares them, with the cpu_set_t mask passed as bytes.
extern int sched_getcpu(void);
extern int sched_getaffinity(int pid, size_t size, void *mask);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attributes, size_t size, const void *mask);
extern int pthread_setaffinity_np(pthread_t thread, size_t size, const void *mask);
extern int pthread_getaffinity_np(pthread_t thread, size_t size, void *mask);
// As glibc declares it for a 64-bit off_t.
extern int fallocate(int fd, int mode, long offset, long length);
#endif
