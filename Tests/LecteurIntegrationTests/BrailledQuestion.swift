// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// A practice question read by touch, the way a deafblind learner reads it: the display must show
/// the question's line (its first window), which begins with the question and its pattern in
/// dots, which names the symbol asked. Shared by the practice and reflex sessions on brltty's test display.
enum BrailledQuestion {
    /// Waits until brltty's display (after its `seen`th event) shows the start of the question's
    /// `braille` event, then returns the symbol its pattern names.
    static func symbol(_ event: [String: Any], question n: Int, on rig: BrlttyRig, after seen: Int) throws -> MorseSymbol {
        let cells = try #require(event["cells"] as? String)
        #expect(rig.waitForBraille(after: seen, timeout: 10) { shown in
            let text = BrailleSessionTests.withoutCursor(shown.unicode ?? "")
            return !text.isEmpty && cells.hasPrefix(text)
        } != nil, "question \(n) never reached the display")
        // The question comes first (issue 45, item 7): the pattern is the first word made of dits
        // and dahs alone, right after « Question N »; what was said before it follows.
        let words = cells.split(separator: "\u{2800}")
        let word = try #require(words.first { !$0.isEmpty && $0.allSatisfy { $0 == MorseBraille.dit || $0 == MorseBraille.dah } })
        let pattern = word.map { $0 == MorseBraille.dit ? "." : "-" }.joined()
        return try #require(MorseAlphabet.standard.symbol(pattern: pattern), "question \(n): \(cells)")
    }
}
