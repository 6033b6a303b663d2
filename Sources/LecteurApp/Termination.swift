import Foundation

/// SIGINT and SIGTERM end the reader cleanly: speech stops, the braille display is released,
/// and the process exits with the conventional status (130, 143). Everything the user saves is
/// committed as it happens, so there is nothing left to write at that point.
public final class Termination: @unchecked Sendable {
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "lecteur.signals")

    public init() {}

    public func install(onSignal: @escaping @Sendable () -> Void) {
        for (signo, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            signal(signo, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signo, queue: queue)
            source.setEventHandler {
                onSignal()
                fflush(stdout)
                fflush(stderr)
                // _exit, not exit: other threads (a catalogue load in libcurl, the audio thread)
                // are still running, and exit()'s global destructors would pull the ground from
                // under them (a SIGSEGV seen in CI). Everything to keep is already written.
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
