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

// Declared here rather than by including <unistd.h> and <spawn.h> under _GNU_SOURCE: those pull
// in a <sys/select.h> whose fd_set clashes with Swift's Glibc module in release builds.
extern int pipe2(int fds[2], int flags);
extern int close_range(unsigned int first, unsigned int last, int flags);
extern int posix_spawn_file_actions_addclosefrom_np(void *actions, int from);

// A pipe whose ends are not inherited by programs Seek starts.
static inline int seek_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

// A spawned program gets its standard streams and nothing else Seek holds open (a terminal, a
// store, a server's socket, another child's pipe): every descriptor from `fd` up is closed in it.
// `actions` is a posix_spawn_file_actions_t.
static inline int seek_spawn_close_from(void *actions, int fd) {
  return posix_spawn_file_actions_addclosefrom_np(actions, fd);
}

// Before exec'ing in place (`become`): every descriptor from `fd` up is marked close-on-exec
// (CLOSE_RANGE_CLOEXEC, Linux 5.11; one by one before it).
static inline void seek_close_on_exec_from(int fd) {
  if (close_range((unsigned)fd, ~0U, 1U << 2) == 0) return;
  for (int i = fd; i < 4096; i++) fcntl(i, F_SETFD, FD_CLOEXEC);
}
