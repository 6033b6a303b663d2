// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The French braille codes the reader offers, each one liblouis table.
public enum BrailleTable: String, CaseIterable, Hashable, Sendable {
    /// Intégral (grade 1), 6 dots: the default, readable by every French braille reader.
    case integral
    /// Abrégé (grade 2), 6 dots: contracted, shorter lines.
    case abrege
    /// Braille informatique 8 points: one cell per character, as brltty's own `fr` text table.
    case computer8

    public static let `default` = BrailleTable.integral

    /// The liblouis table file (in liblouis' data path, /usr/share/liblouis/tables on Debian).
    public var liblouisTable: String {
        switch self {
        case .integral: "fr-bfu-comp6.utb"
        case .abrege: "fr-bfu-g2.ctb"
        case .computer8: "fr-bfu-comp8.utb"
        }
    }

    /// The name used by `--braille-table` and `set braille-table`, and printed back.
    public var name: String {
        switch self {
        case .integral: "integral"
        case .abrege: "abrege"
        case .computer8: "comp8"
        }
    }

    /// Accepts the names a French or English user would type, accents and case ignored, and the
    /// liblouis file names themselves.
    public init?(name: String) {
        let folded = CommandParser.fold(name.trimmingCharacters(in: .whitespaces))
        switch folded {
        case "integral", "grade1", "g1", "uncontracted", "fr-bfu-comp6.utb", "comp6", "6":
            self = .integral
        case "abrege", "grade2", "g2", "contracted", "fr-bfu-g2.ctb":
            self = .abrege
        case "comp8", "8", "8dots", "8-dots", "8points", "8-points", "informatique", "computer",
             "computer8", "fr-bfu-comp8.utb":
            self = .computer8
        default:
            return nil
        }
    }
}

extension BrailleTable {
    /// The table's name as the user reads it ("braille intégral"…), for `set braille-table` replies.
    public func label(_ strings: Strings) -> String {
        switch self {
        case .integral: strings(.brailleTableIntegral)
        case .abrege: strings(.brailleTableAbrege)
        case .computer8: strings(.brailleTableComputer8)
        }
    }

    /// The word typed after `régler table-braille` (« abrégé »): what the choices list, and what
    /// a refusal names, so that each choice offered can be typed back as it is read.
    public func word(_ strings: Strings) -> String {
        switch self {
        case .integral: strings(.brailleTableWordIntegral)
        case .abrege: strings(.brailleTableWordAbrege)
        case .computer8: strings(.brailleTableWordComputer8)
        }
    }

    /// Every table's word, as a refusal lists them (« intégral, abrégé ou informatique »).
    public static func choices(_ strings: Strings) -> String {
        SettingReading.choices(SettingReading(value: "", choices: allCases.map { $0.word(strings) }), strings)
    }
}
