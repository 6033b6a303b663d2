#include <stddef.h>
#include <sys/types.h>

/* glibc (2.27 and later) declares copy_file_range only under _GNU_SOURCE, which Swift's Glibc
   module is built without. The audit copies the spooled sections of a report into their places
   in the output file with it, in the kernel and on several threads at once. */
ssize_t copy_file_range(int fd_in, long *off_in, int fd_out, long *off_out, size_t len, unsigned int flags);
