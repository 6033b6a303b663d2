// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Fuzz target `commands`: any typed line, parsed then reduced on a reader with the built-in
/// catalogue loaded, must be answered (at least one effect), never crash, and never put a
/// control character into what is spoken or brailled.
///
/// Input: UTF-8 text, one command per line (at most 64 lines). A few lines drive the runtime's
/// other actions so commands meet every state: `#N` is a braille routing key on element N,
/// `!l` starts a reload, `!L` finishes it, `!e` fails it, `!b` / `!f` switch verbosity, `!x` ends the braille message;
/// `@TEXT` types TEXT on the braille display's keyboard (a character below U+0100 as the cell of
/// that bit pattern, translated back as the characters of its word; others as characters) then Enter.
private let navigator = Reader(strings: Fuzz.fr, timeZone: Fuzz.paris)
private let builtIn = BuiltInCatalogue.load()
private let loaded: ReaderState = {
    var state = ReaderState()
    _ = navigator.reduce(&state, .catalogue(.loaded(builtIn, warnings: [], origin: .live)))
    return state
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommands(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: Fuzz.bytes(data, size), as: UTF8.self)
    var state = loaded
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
        let line = String(line)
        let effects: [Effect]
        var mustAnswer = false
        switch line {
        case "!l": effects = navigator.reduce(&state, .catalogue(.loading(stillLoadingAfter: nil)))
        case "!L": effects = navigator.reduce(&state, .catalogue(.loaded(builtIn, warnings: [], origin: .live)))
        case "!e": effects = navigator.reduce(&state, .catalogue(.failed(.fetch(.network))))
        case "!b": effects = navigator.reduce(&state, .command(.set(name: "verbosité", value: "brève")))
        case "!f": effects = navigator.reduce(&state, .command(.set(name: "verbosité", value: "complète")))
        case "!x": effects = navigator.reduce(&state, .timer(.brailleMessage(token: state.display.token)))
        default:
            if line.hasPrefix("#"), let index = Int(line.dropFirst()) {
                effects = navigator.reduce(&state, .displayKey(.route(character: index)))
            } else if line.hasPrefix("@") {
                var typed: [Effect] = []
                var word = ""
                for character in line.dropFirst() {
                    let value = character.unicodeScalars.first!.value
                    if value < 256, value != 0x40, value != 0x80, value != 0 {
                        typed += navigator.reduce(&state, .brailleTyped(.dots(UInt8(value))))
                        word = state.brailleInput.cells.count == 1 ? String(character) : word + String(character)
                        typed += navigator.reduce(&state, .brailleBackTranslated(cells: state.brailleInput.cells, text: word))
                    } else {
                        typed += navigator.reduce(&state, .brailleTyped(.character(character)))
                    }
                }
                effects = typed + navigator.reduce(&state, .brailleTyped(.enter))
            } else {
                if case .empty = navigator.parser.parse(line) {} else { mustAnswer = true }
                effects = navigator.reduce(&state, .timedLine(line, atMs: 0))
            }
        }
        Fuzz.check(!mustAnswer || !effects.isEmpty, "no answer to \(Fuzz.debug(line))")
        for effect in effects { checkEffect(effect, line: line) }
        let screen = navigator.builder.screen(for: state)
        if let focus = state.navigation.focus[screen.id], !screen.elements.isEmpty {
            Fuzz.check(screen.elements.indices.contains(focus), "focus \(focus) outside \(screen.code) after \(Fuzz.debug(line))")
        }
    }
    return 0
}

private func checkEffect(_ effect: Effect, line: String) {
    switch effect {
    case .speak(let utterance):
        let text = utterance.text
        Fuzz.check(!text.isEmpty, "empty speech after \(Fuzz.debug(line))")
        // Help is several lines; nothing else may carry a control to the speech engine.
        let bad = Fuzz.firstControl(in: text, allowed: [0x0A])
        Fuzz.check(bad == nil, "control \(bad.map { String($0.value, radix: 16) } ?? "") spoken after \(Fuzz.debug(line))")
    case .print(let printed):
        Fuzz.check(Fuzz.firstControl(in: printed, allowed: [0x0A]) == nil, "control printed after \(Fuzz.debug(line))")
    case .braille(let braille):
        Fuzz.check(Fuzz.firstControl(in: braille.text) == nil, "control in braille after \(Fuzz.debug(line))")
        Fuzz.check(braille.cursor >= 0 && braille.cursor <= braille.text.count, "braille cursor out of line")
    case .focus(let report):
        Fuzz.check(report.index >= 1 && report.index <= report.count, "focus \(report.index)/\(report.count)")
    case .notice(_, let message, _, _), .error(_, let message, _):
        Fuzz.check(!message.isEmpty, "empty message after \(Fuzz.debug(line))")
        Fuzz.check(Fuzz.firstControl(in: message, allowed: [0x0A]) == nil, "control in message after \(Fuzz.debug(line))")
    case .playMorse(let text, _), .playCorrection(let text, _, _), .playQuestion(let text, _, _):
        Fuzz.check(Fuzz.firstControl(in: text) == nil, "control sent to Morse after \(Fuzz.debug(line))")
    case .braillePanned, .schedule, .cancelTimer, .status, .morse, .morseQuestion, .practiceAnswered, .loadCatalogue, .silence,
         .queryStatus, .whenSpoken, .preparePractice, .configureDevice, .persist, .recordAttempt, .loadStatistics, .quit,
         .copyResult, .storeCopyResult, .readSettings, .prompt, .brailleRhythm, .backTranslate, .advanceDisplay, .sendingAnswered, .sidetone,
         .loadProgress, .readCopyText, .inputMode, .keyReleases, .closing, .quitPending, .reading, .whenSettled, .runPiped:
        break
    case .completed(let found):
        // A category's name from the catalogue is written into the line being edited.
        for candidate in found.candidates {
            Fuzz.check(Fuzz.firstControl(in: candidate) == nil, "control in a completion after \(Fuzz.debug(line))")
        }
    }
}
