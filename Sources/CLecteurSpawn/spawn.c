// SPDX-License-Identifier: GPL-3.0-or-later
// Process control Swift cannot do safely: a child with a parent-death signal needs code between
// fork and exec, where only async-signal-safe calls are allowed (the reader has many threads),
// and a fatal signal's handler may use nothing else either.
#define _GNU_SOURCE
#include "lecteur_spawn.h"
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

pid_t lecteur_spawn(const char *path, char *const argv[], char *const envp[], int out_fd, int err_fd) {
    pid_t parent = getpid();
    sigset_t all, old;
    sigfillset(&all);
    // No handler of the reader's may run in the child between fork and exec.
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t pid = fork();
    if (pid != 0) {
        int saved = errno;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        errno = saved;
        return pid;
    }
    // The child: async-signal-safe calls only.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) _exit(127);
    // The parent may have died before the line above: then nobody would send the signal.
    if (getppid() != parent) _exit(127);
    for (int s = 1; s < NSIG; s++) signal(s, SIG_DFL);
    int null_in = open("/dev/null", O_RDONLY);
    if (null_in < 0 || dup2(null_in, STDIN_FILENO) < 0) _exit(127);
    if (dup2(out_fd, STDOUT_FILENO) < 0) _exit(127);
    if (err_fd >= 0) {
        if (dup2(err_fd, STDERR_FILENO) < 0) _exit(127);
    } else {
        int null_out = open("/dev/null", O_WRONLY);
        if (null_out < 0 || dup2(null_out, STDERR_FILENO) < 0) _exit(127);
    }
    // None of the reader's other descriptors (see ChildDescriptors.swift).
    if (syscall(SYS_close_range, 3U, ~0U, 0U) != 0) {
        long max = sysconf(_SC_OPEN_MAX);
        for (int fd = 3; fd < (max > 0 && max < 65536 ? max : 65536); fd++) close(fd);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    execve(path, argv, envp);
    _exit(127);
}

// MARK: the terminal on a fatal signal

static const int fatal_signals[] = {SIGSEGV, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSYS};
#define FATAL_COUNT (sizeof fatal_signals / sizeof fatal_signals[0])
static struct sigaction previous[FATAL_COUNT];

// Two copies, the one in use named by `current`: the handler never reads a copy being written.
struct crash_state {
    char bytes[64];
    size_t length;
    int has_termios;
    struct termios settings;
};
static struct crash_state states[2];
static atomic_int current = -1;
static atomic_flag handled = ATOMIC_FLAG_INIT;

void lecteur_crash_terminal_set(const char *bytes, int has_termios, const void *termios_settings) {
    int next = atomic_load(&current) == 0 ? 1 : 0;
    struct crash_state *state = &states[next];
    size_t length = strlen(bytes);
    if (length >= sizeof state->bytes) length = sizeof state->bytes - 1;
    memcpy(state->bytes, bytes, length);
    state->length = length;
    state->has_termios = has_termios && termios_settings != NULL;
    if (state->has_termios) memcpy(&state->settings, termios_settings, sizeof state->settings);
    atomic_store(&current, next);
}

static void crash_handler(int signo, siginfo_t *info, void *context) {
    (void)context;
    // Once, whichever thread or signal comes first.
    if (!atomic_flag_test_and_set(&handled)) {
        int index = atomic_load(&current);
        if (index >= 0) {
            const struct crash_state *state = &states[index];
            if (state->length > 0) {
                ssize_t ignored = write(STDOUT_FILENO, state->bytes, state->length);
                (void)ignored;
            }
            if (state->has_termios) tcsetattr(STDIN_FILENO, TCSANOW, &state->settings);
        }
    }
    // The handler that was there (Swift's backtracer, or the default action) takes the signal,
    // set back: a fault the kernel raised (si_code > 0) happens again when this returns, with
    // its own details; a signal sent (kill, abort's raise) is raised again, blocked until this
    // returns.
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        if (fatal_signals[i] == signo) sigaction(signo, &previous[i], NULL);
    }
    if (info == NULL || info->si_code <= 0) raise(signo);
}

void lecteur_crash_terminal_install(void) {
    for (size_t i = 0; i < FATAL_COUNT; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_sigaction = crash_handler;
        action.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigfillset(&action.sa_mask);
        sigaction(fatal_signals[i], &action, &previous[i]);
    }
}
