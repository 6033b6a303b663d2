// SPDX-License-Identifier: GPL-3.0-or-later
extension Verbosity {
    /// The value of `régler verbosité …` in either language, accents and case ignored: the French
    /// names (« complète », « brève ») and the English ones the transcript and settings store use.
    public init?(userValue value: String) {
        switch FrenchCollation.fold(value.trimmingCharacters(in: .whitespaces)) {
        case "full", "complete", "complet", "long", "longue": self = .full
        case "brief", "short", "breve", "bref", "court", "courte": self = .brief
        default: return nil
        }
    }

    /// The name said back to the user (« complète »), never the stored raw value.
    public func name(_ strings: Strings) -> String {
        strings(self == .full ? .verbosityFull : .verbosityBrief)
    }
}
