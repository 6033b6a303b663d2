// SPDX-License-Identifier: GPL-3.0-or-later
/// The order Koch practice unlocks symbols in (`régler ordre-koch lcwo|g4fon|licw`). Each is
/// the order its own trainer teaches; sources are cited in `docs/morse-material.md`. The lesson
/// number stays the one `KochLesson` states (lesson 1 = the first two symbols of the order).
public enum KochOrder: String, Hashable, Sendable, CaseIterable {
    /// LCWO's 41 symbols: what Lecteur taught before the setting existed, so the default.
    case lcwo
    /// G4FON's Koch trainer: 40 symbols.
    case g4fon
    /// The Long Island CW Club's Basic Course (BC1 then BC2): 42 symbols. LICW teaches three at
    /// a time on a carousel; here they come one by one in that order. Its prosigns SK and BK
    /// cannot be answered with one key and are left out; BT is `=` and AR is `+`, as LCWO and
    /// Lecteur's alphabet write them.
    case licw

    public static let storageKey = "morse.koch.order"

    public var characters: [Character] {
        switch self {
        case .lcwo: MorseAlphabet.kochOrder
        case .g4fon: Array("KMRSUAPTLOWI.NJEF0Y,VG5/Q9ZH38B?427C1D6X")
        case .licw: Array("REATINPGSLCDHOFUWB" + "KMY59,QXV73?+=16.ZJ/2840")
        }
    }

    /// The order's symbols in `alphabet` (every character of each order has one).
    public func symbols(_ alphabet: MorseAlphabet) -> [MorseSymbol] {
        characters.compactMap { alphabet.symbol(for: $0) }
    }

    public init?(userValue: String) {
        switch CommandParser.fold(userValue) {
        case "lcwo": self = .lcwo
        case "g4fon", "koch": self = .g4fon
        case "licw", "long-island", "cw-club": self = .licw
        default: return nil
        }
    }

    /// As the user types it back.
    public var name: String { rawValue.uppercased() }
}
