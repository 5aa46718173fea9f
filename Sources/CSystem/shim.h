// glibc functions the Glibc module does not import: mallopt (allocator tuning), and mremap,
// which is variadic in C.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <malloc.h>
#include <sys/mman.h>

// Moves the mapping at `from` onto `to` (replacing what was there) in one step.
static inline void *seek_mremap_onto(void *from, size_t size, void *to) {
  return mremap(from, size, size, MREMAP_MAYMOVE | MREMAP_FIXED, to);
}

#include <fcntl.h>

// A read lease on `fd` (F_SETLEASE needs _GNU_SOURCE, which Swift's Glibc module lacks).
static inline int seek_take_read_lease(int fd) { return fcntl(fd, F_SETLEASE, F_RDLCK); }
