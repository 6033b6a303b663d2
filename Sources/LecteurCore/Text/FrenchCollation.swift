// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// Ordering and matching the way a French reader expects: accents and case do not change the
/// primary order ("Éthique" sorts with the E's), and typed names match without them.
public enum FrenchCollation {
    public static func fold(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil)
            .replacingOccurrences(of: "œ", with: "oe")
            .replacingOccurrences(of: "æ", with: "ae")
    }

    public static func precedes(_ a: String, _ b: String) -> Bool {
        let fa = fold(a), fb = fold(b)
        if fa != fb { return fa < fb }
        return a < b // same letters: fixed tie-break so the order never depends on input order
    }
}
