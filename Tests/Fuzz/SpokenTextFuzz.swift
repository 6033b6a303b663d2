// SPDX-License-Identifier: GPL-3.0-or-later
// fuzz-requires: Sources/LecteurCore/Pronunciation/SpokenTextBuilder.swift Locales/fr/lexique.json
import Foundation
@_spi(Testing) import LecteurCore

/// Fuzz target `spokentext` (waits for the speech branch): any text through the spoken-text
/// builder with the shipped French lexicon. It must not crash, must not invent control
/// characters, must leave no no-break or narrow space for espeak-ng to read as a word break,
/// and must stay short: a text may grow (words for symbols) but not without bound. A text the fast
/// scalar scan takes must give the same bytes through the Character scan (issue 16).
private let builder: SpokenTextBuilder = {
    let url = Fuzz.root.appendingPathComponent("Locales/fr/lexique.json")
    do {
        return SpokenTextBuilder(lexicon: try PronunciationLexicon.decode(Data(contentsOf: url)), strings: Fuzz.fr)
    } catch {
        fatalError("fuzz: cannot load \(url.path): \(error)")
    }
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpokenText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    let spoken = builder.build(text)
    if text.unicodeScalars.allSatisfy(ScalarScan.accepts), let characters = builder.build(text, path: .characters) {
        Fuzz.check(Array(characters.utf8) == Array(spoken.utf8),
                   "scalar scan \(Fuzz.debug(spoken)) but Character scan \(Fuzz.debug(characters))")
    }
    if Fuzz.firstControl(in: text) == nil {
        let bad = Fuzz.firstControl(in: spoken)
        Fuzz.check(bad == nil, "control U+\(String(bad?.value ?? 0, radix: 16)) added: \(Fuzz.debug(spoken))")
    }
    Fuzz.check(!spoken.unicodeScalars.contains { $0.value == 0x00A0 || $0.value == 0x202F },
               "no-break space left for espeak-ng: \(Fuzz.debug(spoken))")
    // "·−" becomes "point, trait" (≈6 times longer); a bound far above any rule's growth.
    Fuzz.check(spoken.unicodeScalars.count <= 16 * text.unicodeScalars.count + 64,
               "spoken text of \(spoken.unicodeScalars.count) scalars from \(text.unicodeScalars.count)")
    return 0
}
