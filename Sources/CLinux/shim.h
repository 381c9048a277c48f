#ifdef __linux__
// As glibc declares it for a 64-bit off_t.
extern int fallocate(int fd, int mode, long offset, long length);
#endif
#ifdef __linux__
// A file in memory (FontCopies.swift): glibc declares it only for _GNU_SOURCE too.
extern int memfd_create(const char *name, unsigned int flags);
#endif
