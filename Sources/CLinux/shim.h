#ifdef __linux__
// As glibc declares it for a 64-bit off_t.
extern int fallocate(int fd, int mode, long offset, long length);
#endif
