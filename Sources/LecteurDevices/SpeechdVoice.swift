// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurCore
import LecteurSpeech

/// speech-dispatcher as the session's voice: the user's module, voice and rate, in the same queue
/// as their screen reader's speech. An interrupting utterance (a new focus, a command's answer)
/// goes as `text`, which cancels older text as a screen reader's focus speech does; one that must
/// not cut what is speaking (a notice after the answer) goes as `message`.
///
/// Nothing here waits on the service: the client does its calls on its own thread under a
/// deadline. When the service hangs, closes or dies, the voice says so once (a notice posted to
/// the session) and goes on with its fallback: espeak-ng on the reader's own output, or silence,
/// as `--speech auto` would have chosen without speech-dispatcher.
public final class SpeechdVoice: SpeechOutput {
    public let client: SpeechdClient
    private let makeFallback: @Sendable () -> SpeechEngine?
    private let state = Mutex(State())

    private struct State {
        var switched = false
        var fallback: SpeechEngine?
        var post: (@Sendable (Action) -> Void)?
        /// A failure seen before the session listened: said as soon as it does.
        var unsaid: SpeechdError?
    }

    /// - Parameter fallback: makes the voice to go on with (nil: silence); called once, on failure.
    public init(client: SpeechdClient, fallback: @escaping @Sendable () -> SpeechEngine?) {
        self.client = client
        makeFallback = fallback
        client.observe { [weak self] error in self?.failed(error) }
    }

    /// The session's hook: the failure notice comes back through it as an action.
    public func listen(_ post: @escaping @Sendable (Action) -> Void) {
        let unsaid = state.withLock { state in
            state.post = post
            defer { state.unsaid = nil }
            return state.unsaid
        }
        if let unsaid { post(.device(.speechLost(unsaid, fallbackSpeaks: fallbackVoice != nil))) }
    }

    public func speak(_ text: String, interrupt: Bool) {
        speak(text, interrupt: interrupt, priority: interrupt ? .text : .message)
    }

    /// The reader's priorities in speech-dispatcher's terms: progress replaces progress, the
    /// rest of an answer and what the reader says on its own are never cut by later text.
    public func speak(_ utterance: Utterance) {
        let priority: SpeechdClient.Priority = switch utterance.priority {
        // Beside a screen reader: `text` never holds the screen reader's own `message` back.
        case .background: .text
        case .progress where !utterance.interrupt: .progress
        default: utterance.interrupt ? .text : .message
        }
        speak(utterance.text, interrupt: utterance.interrupt, priority: priority)
    }

    private func speak(_ text: String, interrupt: Bool, priority: SpeechdClient.Priority) {
        if let voice = fallbackVoice { voice.speak(text, interrupt: interrupt); return }
        guard !isSwitched else { return }
        if !client.say(text, priority: priority, interrupt: interrupt) {
            // Failed a moment ago: the fallback takes this utterance (the notice follows).
            switchToFallback()
            fallbackVoice?.speak(text, interrupt: interrupt)
        }
    }

    public func stop() {
        if let voice = fallbackVoice { voice.stop() } else if !isSwitched { client.cancel() }
    }

    public func whenSpoken(_ done: @escaping @Sendable () -> Void) {
        if let voice = fallbackVoice { voice.whenHeard(timeout: .seconds(60), done) }
        else if isSwitched { done() }
        else { client.whenIdle(timeout: .seconds(60), done) }
    }

    /// speech-dispatcher plays through its own audio output, so Morse queued on the reader's output
    /// after this call can only follow the speech once the speech has been heard.
    public func afterSpeech(_ body: @escaping @Sendable (Bool) -> Void) {
        if let voice = fallbackVoice { voice.afterSynthesis(body) }
        else if isSwitched { body(true) }
        else { client.whenIdle(timeout: .seconds(10)) { body(true) } }
    }

    /// Utterances not yet heard, from whichever voice speaks now (`état`).
    public var pendingUtterances: Int {
        if let voice = fallbackVoice { return voice.statistics.pendingUtterances }
        return isSwitched ? 0 : client.pendingCount
    }

    /// Lets the last words be heard (at most `drainTimeout`), then closes.
    public func shutdown(drainTimeout: Duration) {
        if let voice = fallbackVoice {
            _ = voice.waitUntilIdle(timeout: drainTimeout)
            voice.close()
        } else if !isSwitched {
            _ = client.waitUntilIdle(timeout: drainTimeout)
        }
        client.close()
    }

    /// espeak-ng once it has taken over (its settings are `set débit…`); nil before, or in silence.
    public var fallbackEngine: SpeechEngine? { fallbackVoice }

    // MARK: failure

    private var fallbackVoice: SpeechEngine? { state.withLock { $0.fallback } }

    private var isSwitched: Bool { state.withLock { $0.switched } }

    /// Once, from whichever thread sees the failure first.
    private func switchToFallback() {
        state.withLock { state in
            guard !state.switched else { return }
            state.switched = true
            state.fallback = makeFallback()
        }
    }

    private func failed(_ error: SpeechdError) {
        switchToFallback()
        let (post, speaks) = state.withLock { state in
            if state.post == nil { state.unsaid = error }
            return (state.post, state.fallback != nil)
        }
        post?(.device(.speechLost(error, fallbackSpeaks: speaks)))
    }
}
