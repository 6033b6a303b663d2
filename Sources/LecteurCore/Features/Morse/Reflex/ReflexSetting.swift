// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
extension SettingsReducer {
    /// `régler pause-réflexe 1,5`, `régler temps-réflexe 0,8`: seconds, with the French comma.
    func setReflex(_ key: SettingKey, _ value: String, _ settings: inout ReaderSettings, _ out: inout Announcer) {
        let pause = key == .reflexPause
        let range = pause ? ReflexSettings.pauseRange : ReflexSettings.limitRange
        var text = CommandParser.fold(value)
        for unit in ["secondes", "seconde", "seconds", "second", "sec", "s"] where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        guard let seconds = MorseSettings.number(text), range.contains(seconds) else {
            out.error("setting", strings(pause ? .drillsSettingReflexPauseBad : .drillsSettingReflexTimeBad,
                                         ["value": Navigator.quoted(value)]))
            return
        }
        let ms = Int((seconds * 1000).rounded())
        if pause { settings.reflex.pauseMs = ms } else { settings.reflex.limitMs = ms }
        out.append(.persist([pause ? ReflexSettings.pauseKey : ReflexSettings.limitKey: String(ms)]))
        out.notice("setting", strings(pause ? .drillsSettingReflexPauseSet : .drillsSettingReflexTimeSet,
                                      ["time": AnswerTime.said(ms, strings)]))
    }
}
