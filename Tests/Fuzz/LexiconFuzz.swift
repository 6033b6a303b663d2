// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
@_spi(Testing) import LecteurCore

/// Fuzz target `lexicon`: any bytes as a user's `lexique.json`, decoded as the reader decodes
/// the merged lexicon, then used to speak a sample and the lexicon's own keys. It must not
/// crash; a lexicon that decodes keeps every key and expansion within `PronunciationLimits`, and
/// what it says stays bounded by those limits (no expansion can queue an hour of speech).
private let sample = "M. Dupont, n° 6 : 40h à 1 490 € le 15/02/2026, 2e session, 1/2 journée, 9h30-17h, km/h, IA."

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLexicon(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(Fuzz.bytes(data, size))
    guard let lexicon = try? PronunciationLexicon.decode(bytes) else { return 0 }
    let limit = PronunciationLimits.textLength
    Fuzz.check(lexicon.words.allSatisfy { $0.key.count <= limit && $0.value.count <= limit }, "a word over the limit")
    Fuzz.check(lexicon.abbreviations.count <= PronunciationLimits.scannedKeys, "too many abbreviations")
    let builder = SpokenTextBuilder(lexicon: lexicon, strings: Fuzz.fr)
    let keys = (Array(lexicon.words.keys) + Array(lexicon.abbreviations.keys) + Array(lexicon.units.keys)).prefix(50)
    let text = sample + " " + keys.joined(separator: " ")
    let spoken = builder.build(text)
    // Every scalar may at worst become one expansion (and a symbol name a few words).
    Fuzz.check(spoken.unicodeScalars.count <= (limit + 16) * (text.unicodeScalars.count + 1),
               "spoken text of \(spoken.unicodeScalars.count) scalars from \(text.unicodeScalars.count)")
    return 0
}
