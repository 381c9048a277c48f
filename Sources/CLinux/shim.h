#ifdef __linux__
// As glibc declares it for a 64-bit off_t.
extern int fallocate(int fd, int mode, long offset, long length);
#endif
#ifdef __linux__
// A file in memory (FontCopies.swift): glibc declares it only for _GNU_SOURCE too.
extern int memfd_create(const char *name, unsigned int flags);
#endif
#ifdef __linux__
// The file of the loaded library that holds an address (ICU.swift: the C library's folder, where
// ICU is installed too): glibc and musl declare dladdr and its Dl_info only for _GNU_SOURCE. The
// structure is Dl_info's layout under a name of ours.
typedef struct {
    const char *fileName;
    void *fileBase;
    const char *symbolName;
    void *symbolAddress;
} CLinuxLoadedObject;
extern int dladdr(const void *address, CLinuxLoadedObject *info);
#endif
