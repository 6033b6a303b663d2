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
