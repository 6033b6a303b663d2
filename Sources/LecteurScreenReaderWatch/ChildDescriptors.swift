// SPDX-License-Identifier: GPL-3.0-or-later
import CLecteurSpawn
import Foundation

/// A child spawned for the bus (busctl) gets standard input, output and error, and none of the
/// reader's other descriptors: one that held the reader's standard output (or the pipe through
/// which a parent process learns that the reader ended) would keep it open after the reader is
/// gone, and whoever reads it would wait for its end. `lecteur_spawn` closes them all
/// (close_range) after setting the three.

/// Spawns `arguments[0]` (an absolute path) with standard input on /dev/null, standard output
/// on `output`, standard error on `errorOutput` or /dev/null, and none of the reader's other
/// descriptors. nil when it did not start.
///
/// The child gets SIGKILL when the thread that spawned it ends (PR_SET_PDEATHSIG, set between
/// fork and exec in `lecteur_spawn`, which posix_spawn cannot do): a reader that crashed or was
/// killed left its `busctl monitor` behind (issue 50, items 2 and 7). Every caller spawns from
/// a thread that outlives the child (the monitor's own thread, or one that waits for it).
/// `closing` is kept for the callers' sake: every descriptor but the three is closed anyway.
func spawnChild(_ arguments: [String], environment: [String], output: Int32, errorOutput: Int32?,
                closing: [Int32]) -> pid_t? {
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    let pid = lecteur_spawn(arguments[0], argv, envp, output, errorOutput ?? -1)
    return pid > 0 ? pid : nil
}
