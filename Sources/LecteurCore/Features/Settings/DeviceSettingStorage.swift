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
             .bandNoise, .bandQRM, .bandFading, .reflexPause, .reflexTime, .reflexTouchTime, .practicePace, .keyer: nil
        }
    }

    /// What saving `key`, applied as `applied`, writes: that setting, and for the voice the
    /// whole voice the engine now has (its `[speech]` fields).
    public static func stored(_ key: SettingKey, _ applied: SettingValue) -> [String: String] {
        switch applied.value {
        case .brailleTable(let table):
            return [brailleTable: table.rawValue]
        case .speechBackend(let name):
            return [speechBackend: name]
        case .speech(let text):
            guard let setting = speechSetting(key) else { return [:] }
            var fields = applied.voice
            fields[setting] = text
            return Dictionary(uniqueKeysWithValues: fields.map { ("speech.\($0.key.rawValue)", $0.value) })
        }
    }
}
