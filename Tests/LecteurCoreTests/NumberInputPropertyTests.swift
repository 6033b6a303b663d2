// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// Issue 50, item 1: `régler rampe 9223372036854775808` stopped the reader with SIGILL, the
/// refusal formatting the value with `Int(_:)`. A property over every setting a user can set
/// and every number formatter the settings use: whatever is typed, the reducer answers (a
/// notice or an error) and never traps. The values are the named extremes and a seeded
/// generator's (seed printed on failure, so a failure replays).
@Suite struct NumberInputPropertyTests {
    /// Extremes a user can type: past Int's range either way, tiny, negative, signs, NaN and
    /// infinity spelt out, Unicode digits (Arabic-Indic, fullwidth, superscript, mathematical).
    static let named: [String] = [
        "9223372036854775808", "9223372036854775807", "-9223372036854775808", "-9223372036854775809",
        "18446744073709551616", "+9223372036854775807", "-9223372036854775807", "+99999999999999999999",
        String(repeating: "9", count: 400), "1" + String(repeating: "0", count: 320),
        "0." + String(repeating: "0", count: 400) + "1", "0,0000000000000000000000001",
        "99999999999999999999,5", "9223372036854775808.5", "-0", "-0.0", "-1", "-5,5", "0", ".", ",",
        "nan", "NaN", "inf", "-inf", "infinity", "1e308", "1e309", "-1e309", "0x7fffffffffffffff",
        "٣٠", "３０", "¹²", "𝟗𝟗", "Ⅻ", "৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯৯", "9223372036854775808 ms", "9223372036854775808%",
        "9223372036854775808 hz", "9223372036854775808 wpm", "9223372036854775808 secondes", "1..9223372036854775808",
        "9223372036854775808-9223372036854775809", "-9223372036854775809..5",
    ]

    /// A seeded value: digits (ASCII or not), a sign, a separator, a unit, of any length.
    static func generated(_ random: inout SeededRandom) -> String {
        let digits: [Character] = Array("0123456789") + ["٣", "３", "¹", "𝟗", "৯"]
        let length = Int.random(in: 1...(Bool.random(using: &random) ? 25 : 400), using: &random)
        var text = ["", "-", "+"].randomElement(using: &random)!
        for i in 0..<length {
            if i > 0, Int.random(in: 0..<30, using: &random) == 0 { text.append([".", ","].randomElement(using: &random)!) }
            text.append(Int.random(in: 0..<20, using: &random) == 0 ? digits.randomElement(using: &random)!
                                                                     : digits[Int.random(in: 0..<10, using: &random)])
        }
        text += ["", " ms", "%", " hz", " wpm", " s", "..9", "-3"].randomElement(using: &random)!
        return text
    }

    static func values(seed: UInt64, count: Int) -> [String] {
        var random = SeededRandom(seed: seed)
        return named + (0..<count).map { _ in generated(&random) }
    }

    /// One name per setting, as a user types it.
    static let settingNames: [String] = SettingKey.allCases.map { key in
        ["verbosite", "position", "message-braille", "defilement-braille", "ponctuation", "alphabet", "debit", "hauteur",
         "volume", "voix", "synthese", "table-braille", "vitesse", "farnsworth", "tonalite", "volume-morse", "rampe", "echo",
         "clavier", "koch", "koch-temps", "question-braille", "vitesse-envoi", "manipulateur", "ordre-koch",
         "longueur-groupes", "bruit", "brouillage", "fading", "parasites", "flutter", "pause-reflexe", "temps-reflexe", "temps-reflexe-toucher",
         "rythme-questions", "wordsworth", "vitesse-reflexe"]
            .first { SettingKey(name: $0) == key }!
    }

    @Test func everySettingNameIsCovered() {
        #expect(Set(Self.settingNames.compactMap { SettingKey(name: $0) }) == Set(SettingKey.allCases))
    }

    /// Every setting, every value: the reducer answers, in French, without trapping. The case
    /// that trapped is checked by its words.
    @Test func everySettingAnswersEveryNumber() {
        let seed = UInt64(50)
        let reader = Fixture.reader
        var state = Fixture.loadedState()
        for value in Self.values(seed: seed, count: 150) {
            for name in Self.settingNames {
                _ = reader.reduce(&state, .command(.set(name: name, value: value)))
            }
        }
        var fresh = Fixture.loadedState()
        let effects = reader.reduce(&fresh, .command(.set(name: "rampe", value: "9223372036854775808")))
        let said = effects.compactMap { effect -> String? in
            if case .error(_, let message, _) = effect { return message }
            return nil
        }
        #expect(said.count == 1 && said[0].contains("9223372036854775808"), "\(effects)")
    }

    /// The parsers and formatters alone: Morse's settings (and their refusals' wording), the
    /// number formatters, the group length, the commands that take a number.
    @Test func theParsersAndFormattersAreTotal() {
        let parser = CommandParser()
        for value in Self.values(seed: 5050, count: 300) {
            for key in MorseSettingKey.allCases {
                do { _ = try MorseSettings.default.setting(key, to: value) }
                catch { _ = error.message(Fixture.fr) }
            }
            _ = GroupLength.parse(value)
            for command in ["aller", "copie", "qso", "morse copie", "morse"] { _ = parser.parse("\(command) \(value)") }
        }
        let doubles: [Double] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                 9_223_372_036_854_775_808, -9.3e18, 1e300, .leastNonzeroMagnitude,
                                 -.leastNonzeroMagnitude, 0, -0.0, 4.5, 1e15 + 0.5]
        var random = SeededRandom(seed: 77)
        for value in doubles + (0..<500).map({ _ in Double(bitPattern: random.next()) }) {
            _ = MorseSettings.format(value)
            _ = SettingsReducer.number(value, comma: true)
            _ = AnswerTime.seconds(Int(saturating: value), Fixture.fr)
            _ = Int(saturating: value)
        }
        #expect(MorseSettings.format(9_223_372_036_854_775_808) == "9223372036854775808")
        #expect(MorseSettings.format(4.5) == "4,5")
        #expect(MorseSettings.format(5) == "5")
        #expect(SettingsReducer.number(1e20) == "100000000000000000000")
        #expect(Int(saturating: .nan) == 0 && Int(saturating: 1e300) == .max && Int(saturating: -1e300) == .min)
        #expect(Int(saturating: -2.7) == -2)
    }
}
