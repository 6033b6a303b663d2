import Foundation
import LecteurCore

/// The running reader: holds the state, feeds actions to the pure navigator, and carries out
/// the effects it returns through the transcript and the devices. All of it runs on one serial
/// queue, so key presses, typed commands and results of background loads never race.
public final class ReaderSession: @unchecked Sendable {
    public let navigator: Navigator
    public let transcript: Transcript
    public private(set) var state: ReaderState
    public var speech: SpeechOutput?
    public var braille: BrailleOutput?
    public let catalogueSource: CatalogueSource

    private let queue = DispatchQueue(label: "lecteur.session")
    private let loads = DispatchGroup()
    private var quitRequested = false

    public init(navigator: Navigator, transcript: Transcript, catalogueSource: CatalogueSource,
                state: ReaderState = ReaderState()) {
        self.navigator = navigator
        self.transcript = transcript
        self.catalogueSource = catalogueSource
        self.state = state
    }

    public var hasQuit: Bool { queue.sync { quitRequested } }

    /// Loads the catalogue for the first time; the navigator announces the result.
    public func start() {
        queue.sync { perform([.loadCatalogue(.initial)]) }
    }

    /// Handles one typed line. Returns false once the user has asked to quit.
    @discardableResult
    public func handle(line: String) -> Bool {
        queue.sync {
            switch navigator.parser.parse(line) {
            case .empty: break
            case .command(let command): apply(.command(command))
            case .failure(let error): apply(.invalidCommand(error))
            }
            return !quitRequested
        }
    }

    /// For display keys and background results: applied in order with everything else.
    public func post(_ action: Action) {
        queue.async { self.apply(action) }
    }

    public func send(_ action: Action) {
        queue.sync { apply(action) }
    }

    /// Waits for catalogue loads in flight (scripts read from a pipe act on a loaded catalogue).
    public func waitForLoads() {
        loads.wait()
        queue.sync {}
    }

    private func apply(_ action: Action) {
        perform(navigator.reduce(&state, action))
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .focus(let report):
                transcript.record(.focus(report, roleWord: navigator.composer.roleWord(report.element.role)))
            case .speak(let text, let interrupt):
                transcript.record(.speech(text: text, interrupt: interrupt))
                speech?.speak(text, interrupt: interrupt)
            case .braille(let line):
                let cells = braille?.show(line)
                transcript.record(.braille(text: line.text, cells: cells, cursor: line.cursor))
            case .notice(let code, let message):
                transcript.record(.notice(code: code, message: message))
            case .error(let code, let message):
                transcript.record(.error(code: code, message: message))
            case .loadCatalogue(let reason):
                load(reason)
            case .quit:
                quitRequested = true
            }
        }
    }

    private func load(_ reason: LoadReason) {
        loads.enter()
        if catalogueSource.isImmediate {
            // Still on the session queue: results are applied before the next command.
            let pending = PendingActions()
            catalogueSource.load(reason: reason, deliver: { pending.append($0) }, done: { [loads] in loads.leave() })
            for action in pending.items { apply(action) }
        } else {
            let queue = self.queue, loads = self.loads
            catalogueSource.load(reason: reason, deliver: { [weak self] in self?.post($0) },
                                 done: { queue.async { loads.leave() } })
        }
    }
}

/// Results delivered synchronously by an immediate source, applied once it returns.
private final class PendingActions: @unchecked Sendable {
    private(set) var items: [Action] = []
    func append(_ action: Action) { items.append(action) }
}
