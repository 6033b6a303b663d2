// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A child spawned for the bus (busctl) gets standard input, output and error, and none of the
/// reader's other descriptors: one that held the reader's standard output (or the pipe through
/// which a parent process learns that the reader ended) would keep it open after the reader is
/// gone, and whoever reads it would wait for its end.
///
/// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34) does it in one action; Swift does
/// not import it, so it is looked up by name; without it, each descriptor open now is closed.
func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t, except kept: Set<Int32> = []) {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
    // A null handle is RTLD_DEFAULT: the symbol as the process's libraries define it.
    if let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np"),
       unsafeBitCast(symbol, to: CloseFrom.self)(&actions, STDERR_FILENO + 1) == 0 {
        return
    }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [] {
        // A descriptor closed meanwhile is ignored by glibc's close action.
        if let fd = Int32(name), fd > STDERR_FILENO, !kept.contains(fd) { posix_spawn_file_actions_addclose(&actions, fd) }
    }
}

/// Spawns `arguments[0]` (an absolute path) with standard input on /dev/null, standard output
/// on `output`, standard error on `errorOutput` or /dev/null, and none of the reader's other
/// descriptors (`closing`: the pipes' ends the child must not keep). nil when it did not start.
func spawnChild(_ arguments: [String], environment: [String], output: Int32, errorOutput: Int32?,
                closing: [Int32]) -> pid_t? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
    if let errorOutput {
        posix_spawn_file_actions_adddup2(&actions, errorOutput, STDERR_FILENO)
    } else {
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
    }
    for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
    closeInheritedDescriptors(&actions, except: Set(closing))
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    return posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 ? pid : nil
}
