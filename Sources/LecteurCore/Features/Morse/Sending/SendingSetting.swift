// SPDX-License-Identifier: GPL-3.0-or-later
extension SettingsReducer {
    /// `régler vitesse-envoi 15`: the speed sending practice taps at; `écoute` (or 0) follows
    /// the receiving speed again.
    func setSendingWPM(_ value: String, _ settings: inout ReaderSettings, _ out: inout ChildOutput<SettingsReducer.Delegate>) {
        let folded = CommandParser.fold(value)
        let wpm: Int?? = ["ecoute", "receiving", "reception", "auto"].contains(folded)
            ? .some(nil) : ReaderSettings.sendingWPM(stored: folded)
        guard let wpm else {
            out.error("setting", strings(.morseSendingSettingBad, ["value": Navigator.quoted(value),
                                                                   "min": "\(MorseSettings.wpmRange.lowerBound)",
                                                                   "max": "\(MorseSettings.wpmRange.upperBound)"]))
            return
        }
        settings.sendingWPM = wpm
        out.append(.persist([ReaderSettings.sendingWPMKey: String(wpm ?? 0)]))
        out.notice("setting", wpm == nil ? strings(.morseSendingSettingReceiving, ["wpm": "\(settings.morse.wpm)"])
                                         : strings(.morseSendingSettingSet, ["wpm": "\(wpm!)"]))
    }
}
