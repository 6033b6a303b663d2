// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef LECTEUR_SPAWN_H
#define LECTEUR_SPAWN_H
#include <stddef.h>
#include <sys/types.h>

/// Starts `path` with `argv` and `envp`: standard input on /dev/null, standard output on
/// `out_fd`, standard error on `err_fd` (or /dev/null when it is -1), no other descriptor, and
/// SIGKILL as its parent-death signal (prctl PR_SET_PDEATHSIG), so that it never outlives the
/// thread that started it, whatever ends the reader (a trap, SIGKILL). Returns the child's pid,
/// or -1 with errno set.
pid_t lecteur_spawn(const char *path, char *const argv[], char *const envp[], int out_fd, int err_fd);

/// The terminal given back from a fatal signal's handler (SIGSEGV, SIGILL, SIGTRAP, SIGABRT,
/// SIGBUS, SIGFPE, SIGSYS), with async-signal-safe calls only: `bytes` written to `fd`, the
/// saved settings set on `tty_fd`, then the previous handler (Swift's backtracer, or the default
/// action) gets the signal. The state is set and updated by `lecteur_crash_terminal_set`.
void lecteur_crash_terminal_install(void);
/// What the handler writes and sets: `bytes` (at most 63), and the termios to restore when
/// `has_termios` (as a `struct termios *`).
void lecteur_crash_terminal_set(const char *bytes, int has_termios, const void *termios_settings);

/// Whether `needle` occurs in `haystack` (glibc's memmem, which Swift does not import: it is a
/// GNU extension). In bytes.c.
int lecteur_contains(const void *haystack, size_t haystack_length, const void *needle, size_t needle_length);
#endif
