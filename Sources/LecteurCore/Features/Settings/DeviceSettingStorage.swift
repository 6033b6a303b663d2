// SPDX-License-Identifier: GPL-3.0-or-later
/// Where the reader keeps the devices' settings it saw applied, in storage's keys: a device says
/// only what it applied (`SettingValue`), the reader decides what is saved (`.persist`), as it
/// does for its own settings.
public enum DeviceSettingStorage {
    public static let brailleTable = "braille.table"
    public static let speechBackend = "speech.backend"

    /// The voice's setting a reader setting is, nil for the others; it is kept in the
    /// configuration file's `[speech]` field of its name (`SpeechSetting.rawValue`).
    public static func speechSetting(_ key: SettingKey) -> SpeechSetting? {
        switch key {
        case .speechRate: .rate
        case .speechPitch: .pitch
        case .speechVolume: .volume
        case .speechVoice: .voice
        case .speechBackend, .brailleTable, .verbosity, .position, .brailleMessage, .brailleScroll,
             .punctuation, .alphabet, .morseWPM, .morseFarnsworth, .morseTone, .morseVolume, .morseRamp,
             .typingEcho, .inputMode, .kochLesson, .kochTime, .questionBraille, .sendingWPM, .kochOrder, .groupLength,
             .bandNoise, .bandQRM, .bandFading, .bandStatic, .bandFlutter, .reflexPause, .reflexTime, .reflexTouchTime,
             .practicePace, .keyer, .morseWordsworth, .reflexWPM: nil
        }
    }

    /// What saving `key`, applied as `applied`, writes: that setting alone, as the user meant
    /// (`régler débit 200` writes `rate`, not the pitch, voice and volume the engine had; a value
    /// an earlier version kept in the database is still read, the file's first).
    public static func stored(_ key: SettingKey, _ applied: SettingValue) -> [String: String] {
        switch applied.value {
        case .brailleTable(let table):
            return [brailleTable: table.rawValue]
        case .speechBackend(let name):
            return [speechBackend: name]
        case .speech(let text):
            guard let setting = speechSetting(key) else { return [:] }
            return ["speech.\(setting.rawValue)": text]
        }
    }
}
