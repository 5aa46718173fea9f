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

#include <unistd.h>

// A pipe whose ends are not inherited by programs Seek starts (pipe2 needs _GNU_SOURCE).
static inline int seek_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

#include <spawn.h>
#include <linux/close_range.h>

// A spawned program gets its standard streams and nothing else Seek holds open (a terminal, a
// store, a server's socket, another child's pipe): every descriptor from `fd` up is closed in it.
static inline int seek_spawn_close_from(posix_spawn_file_actions_t *actions, int fd) {
  return posix_spawn_file_actions_addclosefrom_np(actions, fd);
}

// Before exec'ing in place (`become`): every descriptor from `fd` up is marked close-on-exec.
static inline void seek_close_on_exec_from(int fd) {
  if (close_range((unsigned)fd, ~0U, CLOSE_RANGE_CLOEXEC) == 0) return;
  for (int i = fd; i < 4096; i++) fcntl(i, F_SETFD, FD_CLOEXEC);
}
