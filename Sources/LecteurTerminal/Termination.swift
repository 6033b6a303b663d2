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
/// ends the reader. SIGXFSZ likewise: raised by the kernel when a write passes `ulimit -f`, it
/// killed the reader without a word (status 153, issue 38 item 8); now that write fails with
/// EFBIG, which the writer names in French.
///
/// Standard output is not flushed here: a reader of it that stopped reading would hold this
/// thread for good (issue 38 item 1). What is queued gets half a second, then the process ends.
public final class Termination {
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "lecteur.signals")
    private var pipeSource: DispatchSourceRead?

    /// The signals handled like SIGTERM (all whose default action terminates, except those that
    /// report a fault in the process itself: SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP,
    /// SIGSYS, which must keep their core dump and backtrace).
    public static let signals: [Int32] = [SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM,
                                          SIGVTALRM, SIGPROF, SIGXCPU, SIGPWR, SIGSTKFLT]

    public init() {}

    public func install(onSignal: @escaping @Sendable () -> Void) {
        let finish: @Sendable (Int32) -> Void = { signo in
            onSignal()
            StandardOutput.shared.drain(until: Date().addingTimeInterval(Termination.drainSeconds))
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
        installExternalHandler(finish)
    }

    /// How long what is queued for standard output may still take once a signal came.
    static let drainSeconds: TimeInterval = 0.5

    /// SIGPIPE and SIGXFSZ go through a SA_SIGINFO handler that looks at the sender, then a
    /// self-pipe carrying the signal's number (the only thing a signal handler may safely do is
    /// write(2)).
    private func installExternalHandler(_ finish: @escaping @Sendable (Int32) -> Void) {
        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { return }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC); _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        externalPipeSignalFD.store(fds[1], ordering: .releasing)
        let source = DispatchSource.makeReadSource(fileDescriptor: fds[0], queue: queue)
        let readEnd = fds[0]
        source.setEventHandler {
            var byte: UInt8 = 0
            let got = read(readEnd, &byte, 1)
            finish(got == 1 ? Int32(byte) : SIGPIPE)
        }
        source.resume()
        pipeSource = source
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = externalPipeSignal
        action.sa_flags = SA_SIGINFO | SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGPIPE, &action, nil)
        sigaction(SIGXFSZ, &action, nil)
    }
}

/// The self-pipe's write end, read by the signal handler: an atomic load is async-signal-safe.
private let externalPipeSignalFD = Atomic<Int32>(-1)

/// Async-signal-safe: compares two integers and writes one byte.
private func externalPipeSignal(_ signo: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?) {
    guard let info else { return }
    // SI_USER from another process: `kill`. A write on a closed pipe (or past the file-size
    // limit) is raised by the kernel on behalf of this very process (si_pid is our own, or 0),
    // and is left to fail with EPIPE (EFBIG).
    let sender = info.pointee._sifields._kill.si_pid
    guard info.pointee.si_code == SI_USER, sender != getpid(), sender != 0 else { return }
    var byte = UInt8(truncatingIfNeeded: signo)
    _ = write(externalPipeSignalFD.load(ordering: .acquiring), &byte, 1)
}
