// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
extension SettingsReducer {
    /// `régler pause-réflexe 1,5`, `régler temps-réflexe 0,8`: seconds, with the French comma.
    func setReflex(_ key: SettingKey, _ value: String, _ settings: inout ReaderSettings, _ out: inout ChildOutput<SettingsReducer.Delegate>) {
        let pause = key == .reflexPause
        let touch = key == .reflexTouchTime
        var text = CommandParser.fold(value)
        for unit in ["secondes", "seconde", "seconds", "second", "sec", "s"] where text.hasSuffix(unit) {
            text = String(text.dropLast(unit.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        // Its range is the declaration's, checked before (`SettingDeclaration.refusal`).
        guard let seconds = MorseSettings.number(text) else {
            out.error("setting", strings(pause ? .drillsSettingReflexPauseBad : touch ? .drillsSettingReflexTouchTimeBad : .drillsSettingReflexTimeBad,
                                         ["value": Navigator.quoted(value)]))
            return
        }
        let ms = Int((seconds * 1000).rounded())
        if pause { settings.reflex.pauseMs = ms } else if touch { settings.reflex.touchLimitMs = ms } else { settings.reflex.limitMs = ms }
        out.append(.persist([pause ? ReflexSettings.pauseKey : touch ? ReflexSettings.touchLimitKey : ReflexSettings.limitKey: String(ms)]))
        out.notice("setting", strings(pause ? .drillsSettingReflexPauseSet : touch ? .drillsSettingReflexTouchTimeSet : .drillsSettingReflexTimeSet,
                                      ["time": AnswerTime.said(ms, strings)]))
    }
}

extension SettingsReducer {
    /// `régler rythme-questions auto|entrée|SECONDES`: after a verdict, the next question waits
    /// for the user's Enter, or comes after a fixed pause; `auto` waits for Enter beside a
    /// screen reader (whose reading of the verdict nothing reports the end of).
    func setPracticePace(_ value: String, _ settings: inout ReaderSettings, _ out: inout ChildOutput<SettingsReducer.Delegate>) {
        guard let pace = PracticePace(userValue: value) else {
            // The choices as `régler rythme-questions` says them (the seconds' range and unit included).
            out.error("setting", strings(.morseTrainerSettingPaceBad, ["value": Navigator.quoted(value),
                                                                       "choices": SettingReading.choices(settings.reading(.practicePace, strings), strings)]))
            return
        }
        settings.practicePace = pace
        out.append(.persist([PracticePace.storageKey: pace.stored]))
        let said = switch pace {
        case .auto: strings(.morseTrainerSettingPaceAutoSet)
        case .user: strings(.morseTrainerSettingPaceUserSet)
        case .pause(let ms): strings(.morseTrainerSettingPacePauseSet, ["time": AnswerTime.said(ms, strings)])
        }
        out.notice("setting", said)
    }
}
