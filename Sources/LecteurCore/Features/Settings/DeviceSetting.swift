// SPDX-License-Identifier: GPL-3.0-or-later
/// What a device took, for `Action.deviceConfigured`: the value as it now is, typed. Only what
/// it applied: where it is kept for the next run is the reader's (`DeviceSettingStorage`).
public struct SettingValue: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
        /// A speech setting's value as the engine now has it ("180", "fr").
        case speech(String)
        /// The speech synthesis in use from the next start ("espeak", "speechd").
        case speechBackend(String)
        case brailleTable(BrailleTable)
    }

    public var value: Value

    public init(_ value: Value) {
        self.value = value
    }
}

/// Why a device refused a setting (typed, no user wording; the reader words it).
public enum SettingFault: Error, Hashable, Sendable {
    /// No device takes it now (speech off, no display).
    case unavailable
    case unknownBrailleTable(name: String)
    case brailleTable(BrailleTranslationError)
    case unknownSpeechBackend(value: String)
    case voiceNotFound(voice: String, current: String)
    case outOfRange(value: Int, min: Int, max: Int)
    case notANumber(value: String)
    /// The speech engine failed while taking it; `detail` in the library's words.
    case speechEngineFailed(detail: String)
}
