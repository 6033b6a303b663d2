// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// The command line's typed options: swift-argument-parser parses every option that takes one of
/// a few words, and a wrong word is still refused with the French sentence that lists the choices.
@Suite struct TypedOptionsTests {
    static let quiet = ["--speech", "off", "--braille", "off"]

    @Test(arguments: [
        (["--transcript", "xml"], "lecteur: Valeur inconnue «\u{202F}xml\u{202F}» pour --transcript\u{202F}: text, jsonl, none.\n"),
        (["--speech", "fort"], "lecteur: Valeur inconnue «\u{202F}fort\u{202F}» pour --speech\u{202F}: auto, on, off.\n"),
        (["--braille", "oui"], "lecteur: Valeur inconnue «\u{202F}oui\u{202F}» pour --braille\u{202F}: auto, on, off.\n"),
        (["--speech-backend", "orca"], "lecteur: Valeur inconnue «\u{202F}orca\u{202F}» pour --speech-backend\u{202F}: auto, espeak, speechd.\n"),
        (["--braille-tty", "vt2"], "lecteur: Valeur inconnue «\u{202F}vt2\u{202F}» pour --braille-tty\u{202F}: tty, root.\n"),
        (["--input", "souris"], "lecteur: Valeur inconnue «\u{202F}souris\u{202F}» pour --input\u{202F}: lines, keys.\n"),
        (["--braille-table", "grade3"], "lecteur: Table braille inconnue\u{202F}: grade3. Choix possibles\u{202F}: intégral, abrégé ou informatique.\n"),
        (["audit", "--format", "pdf"], "lecteur audit: Valeur inconnue «\u{202F}pdf\u{202F}» pour --format\u{202F}: text, json, junit, html, sarif.\n"),
        (["audit", "--fail-on", "fatale"], "lecteur audit: Valeur inconnue «\u{202F}fatale\u{202F}» pour --fail-on\u{202F}: mineure, modérée, grave, critique.\n"),
        (["--locale", "de"], "lecteur: Langue inconnue «\u{202F}de\u{202F}»\u{202F}: fr ou en.\n"),
        (["say", "--locale", "xx", "bonjour"], "lecteur say: Langue inconnue «\u{202F}xx\u{202F}»\u{202F}: fr ou en.\n"),
    ])
    func aWrongWordIsRefusedInFrench(_ arguments: [String], _ expected: String) throws {
        // The other options are valid, so the one under test is the only thing refused.
        let rest = ["audit", "say", "--speech", "--braille"].contains(arguments[0]) ? [] : Self.quiet
        let out = try LecteurProcess.run(arguments + rest)
        #expect(out.status == 64)
        #expect(out.stderr == expected)
        #expect(out.stdout.isEmpty, "nothing runs with a refused option")
    }

    @Test func choicesIgnoreCase() throws {
        let out = try LecteurProcess.run(["--speech", "OFF", "--braille", "Off", "--transcript", "JSONL"], input: "quit\n")
        #expect(out.status == 0)
        #expect(!out.events("focus").isEmpty, "the JSON Lines transcript was asked for and given")
        // OFF and Off were read as off, not as auto: with no sound server and no brltty (the
        // tests' environment), auto says « Aucune sortie audio disponible… » (startup; no brltty
        // under auto is not said since issue 45); off says nothing.
        #expect(out.events("notice").map { $0["code"] as? String } == ["loaded"], "\(out.events("notice"))")
    }

    @Test func theHelpStaysInFrenchWithoutTheParsersValueList() throws {
        let out = try LecteurProcess.run(["read", "--help"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("text|jsonl|none"))
        #expect(!out.stdout.contains("(values:") && !out.stdout.contains("(default:"))
    }
}
