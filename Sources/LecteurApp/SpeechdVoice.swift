// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurSpeech

/// speech-dispatcher as the session's voice: the user's module, voice and rate, in the same queue
/// as their screen reader's speech. An interrupting utterance (a new focus, a command's answer)
/// goes as `text`, which cancels older text as a screen reader's focus speech does; one that must
/// not cut what is speaking (a notice after the answer) goes as `message`.
public final class SpeechdVoice: SpeechOutput {
    public let client: SpeechdClient

    public init(client: SpeechdClient) { self.client = client }

    public func speak(_ text: String, interrupt: Bool) {
        client.say(text, priority: interrupt ? .text : .message, interrupt: interrupt)
    }

    /// The reader's priorities in speech-dispatcher's terms: progress replaces progress, the
    /// rest of an answer and what the reader says on its own are never cut by later text.
    public func speak(_ utterance: Utterance) {
        let priority: SpeechdClient.Priority = utterance.interrupt ? .text : utterance.priority == .progress ? .progress : .message
        client.say(utterance.text, priority: priority, interrupt: utterance.interrupt)
    }

    public func stop() { client.cancel() }

    public func waitUntilSpoken() { _ = client.waitUntilIdle(timeout: .seconds(60)) }

    /// speech-dispatcher plays through its own audio output, so Morse queued on the reader's output
    /// after this call can only follow the speech once the speech has been heard.
    public func waitUntilSynthesised() { _ = client.waitUntilIdle(timeout: .seconds(10)) }
}
