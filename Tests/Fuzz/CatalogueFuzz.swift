// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Fuzz target `catalogue`: arbitrary bytes as a server's answer. The decoder must never crash
/// (a bad record is set aside with a warning, a bad document is an error), no decoded text may
/// carry a control character, an escape sequence or an invisible bidirectional control, and
/// every card, detail screen and category filter built from what was decoded must be speakable
/// and brailleable. The same bytes also go straight through TextSanitizer.clean and ISODate.parse.
/// What the decoder decides for generated documents is held in a reviewed golden
/// (CatalogueFastPathTests); here it must hold its promises on any bytes.
private let reader = Reader(strings: Fuzz.fr, timeZone: Fuzz.paris)
private let navigator = reader.navigator
private let messages = CatalogueMessages(strings: Fuzz.fr)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatalogue(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Fuzz.bytes(data, size)
    let raw = String(decoding: bytes, as: UTF8.self)
    checkClean(TextSanitizer.clean(raw), "TextSanitizer.clean")
    if let date = ISODate.parse(raw) { Fuzz.check(date.timeIntervalSince1970.isFinite, "ISODate not finite") }

    let decoded: DecodedCatalogue
    do {
        decoded = try CatalogueDecoder.decode(Data(bytes))
        // The same bytes decide the same way every time.
        let again = try? CatalogueDecoder.decode(Data(bytes))
        Fuzz.check(again?.catalogue.formations == decoded.catalogue.formations && again?.warnings == decoded.warnings,
                   "a second decoding differs")
    } catch {
        let message = messages.message(for: error)
        Fuzz.check(!message.isEmpty && Fuzz.firstControl(in: message) == nil, "bad load error message")
        return 0
    }
    let catalogue = decoded.catalogue
    for formation in catalogue.formations {
        for (name, text) in [("title", formation.title), ("description", formation.description),
                             ("duration", formation.duration), ("level", formation.level)] {
            checkClean(text, name)
        }
        Fuzz.check(!formation.title.isEmpty, "empty title kept")
        if let category = formation.category {
            Fuzz.check(!category.name.isEmpty, "empty category name kept")
            for text in [category.name, category.slug, category.color, category.icon].compactMap({ $0 }) {
                checkClean(text, "category")
            }
        }
    }
    for warning in decoded.warnings {
        checkMessage(messages.message(for: warning))
    }
    present(catalogue)
    return 0
}

/// What a user would reach: the list, a few cards opened, each category as a filter.
private func present(_ catalogue: Catalogue) {
    var state = ReaderState()
    check(reader.reduce(&state, .catalogue(.loaded(catalogue, warnings: [], origin: .live))))
    for formation in catalogue.formations.prefix(4) {
        let card = navigator.builder.card(formation)
        checkElement(card)
        for element in navigator.builder.detailScreen(formation).elements { checkElement(element) }
    }
    for category in catalogue.categories.prefix(4) {
        check(reader.reduce(&state, .command(.filter(category.name))))
        check(reader.reduce(&state, .command(.last)))
        check(reader.reduce(&state, .command(.activate)))
    }
    check(reader.reduce(&state, .command(.filter(nil))))
}

private func check(_ effects: [Effect]) {
    for effect in effects {
        switch effect {
        case .speak(let utterance): checkMessage(utterance.text)
        case .braille(let line): checkClean(line.text, "braille")
        case .notice(_, let message, _, _), .error(_, let message, _): checkMessage(message)
        case .focus(let report): checkElement(report.element)
        default: break
        }
    }
}

private func checkElement(_ element: Element) {
    Fuzz.check(!element.label.isEmpty, "element \(element.id) without a label")
    checkClean(element.label, "label")
    checkClean(element.spokenLabel, "spoken label")
    checkClean(element.visibleText, "visible text")
    if let hint = element.hint { checkClean(hint, "hint") }
    if let value = element.value { checkClean(value, "value") }
    checkMessage(navigator.speech.compose(element, verbosity: .full))
    checkMessage(navigator.speech.compose(element, verbosity: .brief))
    checkClean(navigator.braille.line(element).text, "braille")
}

private func checkMessage(_ text: String) {
    Fuzz.check(!text.isEmpty, "empty message")
    checkClean(text, "message")
}

/// Zero-width and bidirectional controls that TextSanitizer promises to remove.
private let invisible: [ClosedRange<UInt32>] = [0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF...0xFEFF]

private func checkClean(_ text: String, _ field: String) {
    if let bad = Fuzz.firstControl(in: text) {
        Fuzz.check(false, "\(field) keeps control U+\(String(bad.value, radix: 16)): \(Fuzz.debug(text))")
    }
    if let bad = text.unicodeScalars.first(where: { s in invisible.contains { $0.contains(s.value) } }) {
        Fuzz.check(false, "\(field) keeps invisible U+\(String(bad.value, radix: 16)): \(Fuzz.debug(text))")
    }
}
