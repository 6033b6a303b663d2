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
                exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
