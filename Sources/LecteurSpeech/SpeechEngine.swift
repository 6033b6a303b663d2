// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore
import LecteurThreads

/// Speaks text through espeak-ng into an `AudioOutput`, on a synthesis thread of its own.
///
/// - `speak(_:interrupt: true)` silences what is sounding (the output is flushed at once) and
///   drops what was waiting; `interrupt: false` queues after it.
/// - `stop()` silences without speaking.
/// - `update(_:)` takes effect from the next utterance.
/// All methods may be called from any thread and return without waiting for synthesis.
/// Synthesis errors, rare once the engine has started, go to `onError` on the synthesis thread.
public final class SpeechEngine: Sendable {
    public struct Statistics: Sendable {
        /// From each `speak` call to its first samples handed to the audio output.
        public var firstSampleLatencies: [Duration] = []
        public var utterancesStarted = 0
        /// Utterances cut short (by an interruption or `stop`) while synthesising.
        public var utterancesAborted = 0
        /// Utterances waiting for synthesis or being synthesised now.
        public var pendingUtterances = 0
    }

    public let output: AudioOutput
    public let dataPath: String?
    /// What went wrong at start-up without stopping the engine (a saved voice that no longer
    /// exists, replaced by the default one). The runtime shows each notice once.
    public let startupIssues: [SpeechError]
    private let worker: SpeechWorker

    /// Starts espeak-ng. Throws `.dataMissing` / `.engineFailed` when it cannot speak at all;
    /// a voice that does not exist falls back to the default voice (see `startupIssues`).
    public init(output: AudioOutput, settings: SpeechSettings = .default, dataPath: String? = nil,
                onError: (@Sendable (SpeechError) -> Void)? = nil) throws(SpeechError) {
        let library = EspeakLibrary.shared
        _ = try library.load(dataPath: dataPath)
        var settings = settings.clamped
        var issues: [SpeechError] = []
        do {
            try library.checkVoice(settings.voice, dataPath: dataPath)
        } catch {
            issues.append(.voiceNotFound(voice: settings.voice, current: SpeechSettings.default.voice))
            settings.voice = SpeechSettings.default.voice
            try library.checkVoice(settings.voice, dataPath: dataPath)
        }
        self.output = output
        self.dataPath = dataPath
        startupIssues = issues
        worker = SpeechWorker(library: library, output: output, dataPath: dataPath,
                              settings: settings, onError: onError)
        let thread = Thread { [worker] in worker.run() }
        thread.name = "lecteur-speech"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    deinit { worker.close() }

    public func speak(_ text: String, interrupt: Bool) {
        worker.speak(text, interrupt: interrupt, at: .now)
    }

    /// Silences speech at once: the utterance being synthesised is aborted, the output flushed.
    public func stop() { worker.stop() }

    public var settings: SpeechSettings { worker.settings }

    /// Checks the voice exists (a few ms when it changes), then keeps the settings for the next
    /// utterance. Throws `.voiceNotFound` (with the voice still in use) and keeps the old ones.
    public func update(_ settings: SpeechSettings) throws(SpeechError) {
        let current = worker.settings
        if settings.voice != current.voice {
            try Self.checkVoice(settings.voice, current: current.voice, dataPath: dataPath)
        }
        for setting in [SpeechSetting.rate, .pitch, .volume] {
            let value = Int(settings.value(of: setting)) ?? 0
            if let range = setting.range, !range.contains(value) { throw .valueOutOfRange(setting: setting, value: value) }
        }
        worker.settings = settings
    }

    /// Blocks until everything asked for has been synthesised and heard, or the timeout: for the
    /// last words at exit and for tests, never for the reader's own sequencing (`afterSynthesis`).
    public func waitUntilIdle(timeout: Duration) -> Bool {
        let start = ContinuousClock.now
        guard worker.waitUntilIdle(timeout: timeout) else { return false }
        let left = timeout - start.duration(to: .now)
        return output.waitUntilDrained(timeout: max(left, .zero))
    }

    /// The engine's index mark: `body(true)` runs on the synthesis thread once everything asked
    /// for before this call has been handed to the output, and before anything asked for after
    /// it is synthesised, so audio `body` plays on the shared output follows that speech and
    /// precedes the next. `body(false)` when the speech was silenced first (or the engine closed):
    /// what was to follow it is dropped with it. Nothing waits; `body` must not block.
    public func afterSynthesis(_ body: @escaping @Sendable (_ reached: Bool) -> Void) {
        worker.mark(body)
    }

    /// Calls `done` once everything asked for before this call has been heard (synthesised,
    /// then drained from the output) or silenced, or after `timeout`. Nothing waits.
    public func whenHeard(timeout: Duration, _ done: @escaping @Sendable () -> Void) {
        let deadline = DispatchTime.now(plus: timeout)
        afterSynthesis { [output] _ in output.whenDrained(deadline: deadline, done) }
    }

    /// Stops the synthesis thread (the output stays open: it belongs to the caller). Idempotent.
    public func close() { worker.close() }

    public var statistics: Statistics { worker.statistics }

    /// Throws `.voiceNotFound` (naming `current`, the voice still in use) when espeak-ng has no
    /// voice `voice`: also where no engine runs (speech off), so that a voice saved for the next
    /// start is one that exists.
    public static func checkVoice(_ voice: String, current: String, dataPath: String? = nil) throws(SpeechError) {
        do { try EspeakLibrary.shared.checkVoice(voice, dataPath: dataPath) } catch {
            if case .voiceNotFound = error { throw .voiceNotFound(voice: voice, current: current) }
            throw error
        }
    }

    /// Voices installed with espeak-ng's data.
    public static func voices(dataPath: String? = nil) throws(SpeechError) -> [SpeechVoice] {
        try EspeakLibrary.shared.voices(dataPath: dataPath)
    }
}

/// The synthesis thread's state and loop, all of it in `state` (a `Monitor`). The espeak lock is
/// taken before `state`'s (the synthesis callback runs inside espeak), never after.
final class SpeechWorker: Sendable {
    private struct Utterance {
        let text: String
        let generation: UInt64
        let requestedAt: ContinuousClock.Instant
    }

    /// What the synthesis thread takes next: an utterance, or a mark that runs its body there.
    private enum Item {
        case utterance(Utterance)
        case mark(@Sendable (_ reached: Bool) -> Void)
    }

    private struct State {
        var pending: [Item] = []
        /// Raised by every interruption: an utterance from an older generation is dropped.
        var generation: UInt64 = 0
        var current: SpeechSettings
        var synthesising = false
        var closed = false
        var stats = SpeechEngine.Statistics()

        var idle: Bool { closed || (!synthesising && pending.isEmpty) }
    }

    private let state: Monitor<State>
    private let library: EspeakLibrary
    private let output: AudioOutput
    private let dataPath: String?
    private let onError: (@Sendable (SpeechError) -> Void)?

    init(library: EspeakLibrary, output: AudioOutput, dataPath: String?, settings: SpeechSettings,
         onError: (@Sendable (SpeechError) -> Void)?) {
        self.library = library
        self.output = output
        self.dataPath = dataPath
        state = Monitor(State(current: settings))
        self.onError = onError
    }

    var settings: SpeechSettings {
        get { state.withLock { $0.current } }
        set { state.withLock { $0.current = newValue } }
    }

    var statistics: SpeechEngine.Statistics {
        state.withLock { state in
            var copy = state.stats
            let waiting = state.pending.count { if case .utterance = $0 { true } else { false } }
            copy.pendingUtterances = waiting + (state.synthesising ? 1 : 0)
            return copy
        }
    }

    func speak(_ text: String, interrupt: Bool, at instant: ContinuousClock.Instant) {
        let dropped = state.withLock { state -> [Item] in
            guard !state.closed else { return [] }
            let dropped = interrupt ? silence(&state) : []
            if !text.isEmpty {
                state.pending.append(.utterance(Utterance(text: text, generation: state.generation, requestedAt: instant)))
            }
            return dropped
        }
        Self.unreached(dropped)
    }

    func stop() {
        Self.unreached(state.withLock { silence(&$0) })
    }

    /// Queued after what is pending; run on the synthesis thread when its turn comes.
    func mark(_ body: @escaping @Sendable (Bool) -> Void) {
        let closed = state.withLock { state -> Bool in
            if !state.closed { state.pending.append(.mark(body)) }
            return state.closed
        }
        if closed { body(false) }
    }

    /// With the lock held. Flushing under the lock orders it with the callback's `play`:
    /// a chunk of the old utterance is either flushed or never played. Returns what was
    /// pending, whose marks are told (outside the lock) that their turn will not come.
    private func silence(_ state: inout State) -> [Item] {
        state.generation &+= 1
        defer { state.pending.removeAll() }
        output.flush()
        return state.pending
    }

    private static func unreached(_ items: [Item]) {
        for case .mark(let body) in items { body(false) }
    }

    func waitUntilIdle(timeout: Duration) -> Bool {
        state.wait(until: .now(plus: timeout), for: { $0.idle })
    }

    func close() {
        let dropped = state.withLock { state -> [Item] in
            state.closed = true
            state.generation &+= 1
            defer { state.pending.removeAll() }
            return state.pending
        }
        Self.unreached(dropped)
    }

    func run() {
        while true {
            let next = state.wait(for: { $0.closed || !$0.pending.isEmpty }) { state -> (Item, SpeechSettings)? in
                if state.closed {
                    state.synthesising = false
                    return nil
                }
                let item = state.pending.removeFirst()
                if case .utterance = item {
                    state.synthesising = true
                    state.stats.utterancesStarted += 1
                }
                return (item, state.current)
            }
            guard let (item, settings) = next else { return }
            let utterance: Utterance
            switch item {
            case .mark(let body):
                // Its turn: everything before it has been handed to the output.
                body(true)
                continue
            case .utterance(let next):
                utterance = next
            }

            var first = true
            var aborted = false
            do {
                let rate = library.sampleRate
                try library.synthesize(utterance.text, settings: settings, dataPath: dataPath) { samples in
                    self.state.withLock { state in
                        guard !state.closed, state.generation == utterance.generation else {
                            aborted = true
                            return false
                        }
                        if first {
                            first = false
                            if state.stats.firstSampleLatencies.count >= 10_000 { state.stats.firstSampleLatencies.removeFirst() }
                            state.stats.firstSampleLatencies.append(utterance.requestedAt.duration(to: .now))
                        }
                        self.output.play(Array(samples), sampleRate: rate)
                        return true
                    }
                }
            } catch {
                onError?(error)
            }

            state.withLock { state in
                if aborted { state.stats.utterancesAborted += 1 }
                state.synthesising = false
            }
        }
    }
}
