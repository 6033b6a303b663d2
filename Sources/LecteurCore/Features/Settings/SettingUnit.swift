// SPDX-License-Identifier: GPL-3.0-or-later
/// The unit of a setting's numbers (`SettingDeclaration.unit`), as the « Réglages » screen and
/// `régler NOM` say them: « Tonalité : 600 Hz ; de 200 à 2 000 Hz. ». A symbol where espeak-ng
/// reads it as the word (`espeak-ng -v fr -q -x` gives « hertz » for « Hz », « pourcent » for
/// « % »), the word where it reads letters (« s » is « ès », « ms » « èmès », « mpm » « èmpéèm »).
public enum SettingUnit: String, Sendable, CaseIterable {
    case hertz, percent, seconds, milliseconds, wordsPerMinute

    private var key: L10n {
        switch self {
        case .hertz: .settingsUnitHertz
        case .percent: .settingsUnitPercent
        case .seconds: .settingsUnitSeconds
        case .milliseconds: .settingsUnitMilliseconds
        case .wordsPerMinute: .settingsUnitWordsPerMinute
        }
    }

    /// « 600 Hz », « 1,5 seconde », « 20 mots par minute »: the number as written, then the unit,
    /// agreed with the number (French: singular below 2).
    public func said(_ number: String, _ strings: Strings) -> String {
        strings(key, ["value": number])
    }

    /// A number as the language writes it: groups of three past 999 (« 2 000 » with U+202F in
    /// French, "2,000" in English), a tenth at most with the language's decimal separator.
    public static func number(_ value: Double, _ strings: Strings) -> String {
        if let whole = Int(exactly: value), abs(whole) >= 1000 {
            return DisplayFormat.grouped(whole, separator: strings(.numberGroupSeparator))
        }
        return MorseSettings.format(value, strings)
    }

    /// A value as a reading gives it (« 600 », « 1,5 »), grouped as `number` writes it; nil when
    /// it is no number (« non », « suit la réception »), which keeps no unit.
    static func number(reading value: String, _ strings: Strings) -> String? {
        let separator = strings(.numberDecimalSeparator)
        let plain = separator == "." ? value : value.replacingOccurrences(of: separator, with: ".")
        guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isNumber || String($0) == separator) }),
              let number = Double(plain) else { return nil }
        return Self.number(number, strings)
    }
}

extension SettingReading {
    /// The value as the screen and `régler NOM` say it: with the setting's unit when it is a
    /// number (« 600 Hz »), as is otherwise (« non »).
    public static func value(_ reading: SettingReading?, unit: SettingUnit?, _ strings: Strings) -> String {
        guard let value = reading?.value else { return strings(.settingsUnknownValue) }
        guard let unit, let number = SettingUnit.number(reading: value, strings) else { return value }
        return unit.said(number, strings)
    }
}
