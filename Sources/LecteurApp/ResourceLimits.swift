// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
#if canImport(Glibc)
import Glibc
#endif

/// The process limits the reader needs to run at all, checked before anything starts. Under
/// `ulimit -n 16` libdispatch could not create its own descriptors and died with SIGILL; under a
/// small `ulimit -v` a thread could not be created and the reader hung without a word. Now the
/// soft limit of open files is raised as far as the hard one allows, and a limit still too low
/// ends the program with a French message and status 71 (EX_OSERR) before any device is opened.
/// The file-size limit (`ulimit -f`) is raised and checked the same way.
public enum ResourceLimits {
    /// Open files: the terminal, the database, the sound server, brltty, speech-dispatcher,
    /// libdispatch's own, a catalogue download and an audit's outputs, with room to spare.
    public static let minimumOpenFiles = 64
    /// The soft limit is raised to this (or the hard limit, if lower) when it is below it.
    public static let wantedOpenFiles = 1024
    /// Address space (virtual memory), in MiB: the Swift runtime, espeak-ng, PulseAudio and each
    /// thread's stack reserve far more than they touch. A start with less can hang or crash.
    public static let minimumAddressSpaceMiB = 256
    /// Largest file the process may write (`ulimit -f`), in KiB: the practice database, the
    /// settings, an `--audio-out` WAV. Under `ulimit -f 16` the first write past 16 KiB killed
    /// the reader with SIGXFSZ, silently (issue 38 item 8).
    public static let minimumFileSizeKiB = 64 * 1024

    /// Raises what can be raised, and returns what is still too low.
    public static func check() -> ResourceShortage? {
        var files = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &files) == 0 {
            let wanted = rlim_t(wantedOpenFiles)
            if files.rlim_cur < wanted {
                var raised = files
                raised.rlim_cur = min(wanted, files.rlim_max)
                if setrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &raised) == 0 { files = raised }
            }
            if files.rlim_cur < rlim_t(minimumOpenFiles) { return .tooFewOpenFiles(limit: Int(files.rlim_cur), needed: minimumOpenFiles) }
        }
        var space = rlimit()
        // RLIM_INFINITY is all ones (the C macro does not come through to Swift).
        if getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &space) == 0, space.rlim_cur != rlim_t.max {
            let minimum = rlim_t(minimumAddressSpaceMiB) << 20
            if space.rlim_cur < minimum {
                var raised = space
                raised.rlim_cur = min(minimum, space.rlim_max)
                if setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &raised) == 0 { space = raised }
            }
            if space.rlim_cur < minimum { return .tooLittleAddressSpace(limitMiB: Int(space.rlim_cur >> 20), neededMiB: minimumAddressSpaceMiB) }
        }
        var size = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &size) == 0, size.rlim_cur != rlim_t.max {
            let minimum = rlim_t(minimumFileSizeKiB) << 10
            if size.rlim_cur < minimum {
                var raised = size
                raised.rlim_cur = min(minimum, size.rlim_max)
                if setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &raised) == 0 { size = raised }
            }
            if size.rlim_cur < minimum { return .fileSizeTooSmall(limitKiB: Int(size.rlim_cur >> 10), neededKiB: minimumFileSizeKiB) }
        }
        return nil
    }
}
