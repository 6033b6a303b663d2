// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurAudio
import LecteurCore

/// What the session needs from a speech engine (espeak-ng, speech-dispatcher).
public protocol SpeechOutput: AnyObject, Sendable {
    func speak(_ text: String, interrupt: Bool)
    /// The utterance with its priority, for engines that have their own queue policy.
    func speak(_ utterance: Utterance)
    func stop()
    /// The voice's index mark: runs `body(true)` once everything asked for before this call has
    /// been turned into audio on the shared output (espeak-ng: on its synthesis thread, before
    /// the next utterance, so audio played there follows the speech; speech-dispatcher, which
    /// has its own output: once heard), or `body(false)` when that speech was silenced first.
    /// Nothing waits; `body` must not block.
    func afterSpeech(_ body: @escaping @Sendable (_ reached: Bool) -> Void)
    /// Calls `done` once everything asked for before this call has been heard (or silenced).
    /// Nothing waits; `done` may run on any thread.
    func whenSpoken(_ done: @escaping @Sendable () -> Void)
}

extension SpeechOutput {
    public func speak(_ utterance: Utterance) { speak(utterance.text, interrupt: utterance.interrupt) }
}

/// What the session needs from a braille display; the BrlAPI adapter provides it.
public protocol BrailleSink: AnyObject, Sendable {
    /// Shows the line and returns the cells written, as Unicode braille.
    func show(_ line: BrailleLine) -> String?
    /// Cells typed on the display's keyboard as text, in the user's braille table (nil: no table).
    func backTranslate(_ cells: [UInt8]) -> String?
    /// Gives the display back to the screen reader underneath (on quit or a signal).
    func release()
    /// Shows the next window of the line on the display (nil: it has no other, or there is no
    /// display), for a reading that keeps its own time.
    func advance() -> BrailleWindow?
    /// Whether a display is wanted (connected or awaited), not only the transcript's cells.
    var hasDisplay: Bool { get }
    /// Whether the display was asked for (`--braille on`): its absence is always said.
    var displayRequired: Bool { get }
}

extension BrailleSink {
    public var displayRequired: Bool { false }
}

/// A window the display moved to, as the transcript's `braille` event reports it.
public struct BrailleWindow: Hashable, Sendable {
    public let text: String
    public let cells: String
    public let cursor: Int
    public let kind: BrailleLine.Kind

    public init(text: String, cells: String, cursor: Int, kind: BrailleLine.Kind) {
        self.text = text
        self.cells = cells
        self.cursor = cursor
        self.kind = kind
    }
}

/// A device's settings (voice, braille table): it checks, applies and saves the ones it owns.
public protocol SettingsDomain: AnyObject, Sendable {
    /// nil when `key` is not one of this domain's.
    func configure(_ key: SettingKey, value: String) -> Result<SettingValue, SettingFault>?
    /// The setting's current value and what it may be; nil when `key` is not this domain's.
    func reading(_ key: SettingKey) -> SettingReading?
}

/// The devices a session drives, each possibly absent. `listen` hooks are called once the
/// session runs, with the function that feeds their events back to it as actions.
public struct ReaderDevices: Sendable {
    public var speech: SpeechOutput?
    public var braille: BrailleSink?
    public var audio: AudioOutput?
    public var settings: [SettingsDomain]
    public var status: @Sendable () -> DeviceStatus
    public var listen: [@Sendable (@escaping @Sendable (Action) -> Void) -> Void]
    /// Waits for what a device is about to report once it is listened to (the braille display's
    /// first connection attempt), for scripts read from a pipe.
    public var settle: [@Sendable () -> Void] = []

    public init(speech: SpeechOutput? = nil, braille: BrailleSink? = nil, audio: AudioOutput? = nil,
                settings: [SettingsDomain] = [],
                status: @escaping @Sendable () -> DeviceStatus = { DeviceStatus(sound: .none, speechPending: nil, braille: .off) },
                listen: [@Sendable (@escaping @Sendable (Action) -> Void) -> Void] = []) {
        self.speech = speech
        self.braille = braille
        self.audio = audio
        self.settings = settings
        self.status = status
        self.listen = listen
    }
}
