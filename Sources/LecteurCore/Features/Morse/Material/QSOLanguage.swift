// SPDX-License-Identifier: GPL-3.0-or-later
/// The language a QSO is copied in (`entraînement qso anglais`, `practice qso french`): French
/// learners copy English QSOs on the air, so it is chosen apart from the interface's language.
/// Its raw value is the locale whose `morse.material.qso.*` data fills the QSO.
public enum QSOLanguage: String, Hashable, Sendable, CaseIterable {
    case french = "fr"
    case english = "en"

    /// The words either interface takes for it, folded (`français` → `francais`).
    public init?(word: String) {
        switch CommandParser.fold(word) {
        case "francais", "french", "fr": self = .french
        case "anglais", "english", "en": self = .english
        default: return nil
        }
    }

    /// The word offered by Tab in the interface's language.
    public func word(localeCode: String) -> String {
        switch (self, localeCode == "fr") {
        case (.french, true): "français"
        case (.english, true): "anglais"
        case (.french, false): "french"
        case (.english, false): "english"
        }
    }
}

/// A language's QSO material as plain data: the overs' variants and the lists they are filled
/// from, read once from its locale (`morse.material.qso.*`). The reader is given one for each
/// `QSOLanguage` (`Reader(qsoMaterial:)`), so a QSO's language does not depend on the strings
/// of the interface.
/// Where the reader finds a QSO language's material when a QSO in that language starts: the
/// other language's strings are read only by a learner who asks for its QSOs (issue 49), not at
/// every start. nil: the interface's own material (from its strings) is used.
public struct QSOMaterialSource: Sendable, ExpressibleByDictionaryLiteral {
    private let material: @Sendable (QSOLanguage) -> QSOMaterial?

    public init(_ material: @escaping @Sendable (QSOLanguage) -> QSOMaterial?) {
        self.material = material
    }

    public init(_ materials: [QSOLanguage: QSOMaterial]) {
        material = { materials[$0] }
    }

    public init(dictionaryLiteral elements: (QSOLanguage, QSOMaterial)...) {
        self.init(Dictionary(elements, uniquingKeysWith: { $1 }))
    }

    public func callAsFunction(_ language: QSOLanguage) -> QSOMaterial? { material(language) }
}

public struct QSOMaterial: Hashable, Sendable {
    /// Per over, in the order they are sent, its variants (separated by "|" in the locale).
    public let overs: [[String]]
    public let prefixes: [String]
    /// The names of any station (the entries of `morse.material.qso.names` without a prefix).
    public let names: [String]
    /// The names by the prefixes of their country (`DL/DK=HANS,UWE` in the locale): an English
    /// QSO's stations come from many countries, each operator named as its country names people
    /// (issue 48: « PA5U HELENE » once). Empty for a material whose stations are all of one country.
    public let namesByPrefix: [String: [String]]
    public let places: [String]
    /// The places by the prefixes of their country (`G/M=LEEDS,YORK` in the locale): a station's
    /// QTH is in its callsign's country (« PA4N QTH DALLAS », « G3ABC QTH DALLAS » once).
    public let placesByPrefix: [String: [String]]
    public let rigs: [String]
    /// Each rig's most watts (`IC7300:100`, `FT817:5` in the locale): a QRP rig is not sent
    /// with 400 W (« KX3 400W » once).
    public let rigWatts: [String: Int]
    public let antennas: [String]
    public let weather: [String]

    public init(strings: Strings) {
        func words(_ key: L10n) -> [String] { strings(key).split(separator: " ").map(String.init) }
        overs = QSOText.overs.map { key in strings(key).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) } }
        prefixes = words(.morseMaterialQsoPrefixes)
        /// `G/M=LEEDS,YORK K=DENVER` by prefix; a word without `=` goes under the empty prefix.
        func byPrefix(_ key: L10n) -> [String: [String]] {
            var byPrefix: [String: [String]] = [:]
            for entry in words(key) {
                let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
                let values = (parts.last ?? "").split(separator: ",").map(String.init)
                for prefix in parts.count == 2 ? parts[0].split(separator: "/").map(String.init) : [""] {
                    byPrefix[prefix, default: []] += values
                }
            }
            return byPrefix
        }
        var namesByPrefix = byPrefix(.morseMaterialQsoNames)
        names = namesByPrefix.removeValue(forKey: "") ?? Array(namesByPrefix.values.joined()).sorted()
        self.namesByPrefix = namesByPrefix
        let placesByPrefix = byPrefix(.morseMaterialQsoPlaces)
        self.placesByPrefix = placesByPrefix
        places = Array(Set(placesByPrefix.values.joined())).sorted()
        let rigEntries = words(.morseMaterialQsoRigs).map { $0.split(separator: ":").map(String.init) }
        rigs = rigEntries.map { $0[0] }
        rigWatts = Dictionary(rigEntries.compactMap { entry in entry.count == 2 ? Int(entry[1]).map { (entry[0], $0) } : nil },
                              uniquingKeysWith: { first, _ in first })
        antennas = words(.morseMaterialQsoAntennas)
        weather = words(.morseMaterialQsoWeather)
    }
}
