// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization

/// Every signal whose default action ends the process ends the reader cleanly instead: speech
/// stops, the braille display is released, the `--audio-out` WAV gets its final sizes, and the
/// process exits with the conventional status (128 + the signal: 129 for SIGHUP, 130 for
/// SIGINT, 143 for SIGTERM…). Everything the user saves is committed as it happens, so there is
/// nothing else left to write at that point.
///
/// SIGPIPE is special: the kernel raises it in this process when a write meets a closed pipe or
/// socket (BrlAPI writes to its socket with plain write(), see `BrailleDisplay`), and such writes
/// must keep failing with EPIPE as they did. Only a SIGPIPE sent by another process (`kill -PIPE`)
/// ends the reader.
public final class Termination {
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "lecteur.signals")
    private var pipeSource: DispatchSourceRead?

    /// The signals handled like SIGTERM (all whose default action terminates, except those that
    /// report a fault in the process itself: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
    /// SIGSYS, which must keep their core dump and backtrace).
    public static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM,
                                          SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGPWR, SIGSTKFLT]

    public init() {}

    public func install(onSignal: @escaping @Sendable () -> Void) {
        let finish: @Sendable (Int32) -> Void = { signo in
            onSignal()
            fflush(StandardStream.output)
            fflush(StandardStream.error)
            // _exit, not exit: other threads (a catalogue load in libcurl, the audio thread)
            // are still running, and exit()'s global destructors would pull the ground from
            // under them (a SIGSEGV seen in CI). Everything to keep is already written.
            _exit(128 + signo)
        }
        for signo in Self.signals {
            signal(signo, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler { finish(signo) }
            source.resume()
            sources.append(source)
        }
        installPipeHandler { finish(SIGPIPE) }
    }

    /// SIGPIPE goes through a SA_SIGINFO handler that looks at the sender, then a self-pipe
    /// (the only thing a signal handler may safely do is write(2)).
    private func installPipeHandler(_ finish: @escaping @Sendable () -> Void) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        externalPipeSignalFD.store(fds[1], ordering: .releasing)
        let source = DispatchSource.makeReadSource(fileDescriptor: fds[0], queue: queue)
        source.setEventHandler { finish() }
        source.resume()
        pipeSource = source
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = externalPipeSignal
        action.sa_flags = SA_SIGINFO | SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGPIPE, &action, nil)
    }
}

/// The self-pipe's write end, read by the signal handler: an atomic load is async-signal-safe.
private let externalPipeSignalFD = Atomic<Int32>(-1)

/// Async-signal-safe: compares two integers and writes one byte.
private func externalPipeSignal(_ signo: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    guard let info else { return }
    // SI_USER from another process: `kill`. A write on a closed pipe is raised by the kernel
    // on behalf of this very process (si_pid is our own), and is left to fail with EPIPE.
    guard info.pointee.si_code == SI_USER, info.pointee._sifields._kill.si_pid != getpid() else { return }
    var byte: UInt8 = 1
    _ = write(externalPipeSignalFD.load(ordering: .acquiring), &byte, 1)
}
