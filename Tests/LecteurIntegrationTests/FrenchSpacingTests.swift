// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// French typography in `--help` and the manual pages (issue 46, item 4): a narrow no-break
/// space (U+202F) before « : ; ? ! » and inside « », so that no line breaks there (`--help`
/// wrapped « «⏎ clavier », the page « copie⏎ : »), and none of it in English.
@Suite struct FrenchSpacingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where an ASCII space stands for French's narrow one: « mot : », « « mot », « mot » ».
    /// After a comma the mark is a name in a list (« aide, ? »), not punctuation.
    static func slips(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            let line = line.replacingOccurrences(of: ", ", with: ",_")
            return line.contains(" :") || line.contains(" ;") || line.contains(" ?") || line.contains(" !")
                || line.contains("« ") || line.contains(" »")
        }
    }

    /// A line that begins with what must follow its word: the wrapping broke at the space.
    static func brokenLines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            line.trimmingCharacters(in: .whitespaces).first.map { ":;?!»".contains($0) } ?? false
        }
    }

    @Test(arguments: [["--help"], ["morse", "--help"], ["say", "--help"], ["audit", "--help"]])
    func frenchHelpIsSpacedAndNeverBrokenAtIt(_ arguments: [String]) throws {
        let out = try LecteurProcess.run(arguments)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("\u{202F}:"), "\(out.stdout)")
        #expect(Self.slips(out.stdout).isEmpty, "\(arguments): \(Self.slips(out.stdout))")
        #expect(Self.brokenLines(out.stdout).isEmpty, "\(arguments): \(Self.brokenLines(out.stdout))")
        let english = try LecteurProcess.run(arguments, environment: ["LANGUAGE": "en"])
        #expect(!english.stdout.contains("\u{202F}"), "\(arguments): a French space in English")
    }

    /// What a session prints for the person reading the terminal (issue 46): its French lines
    /// spaced as `--help` is, on standard output and standard error alike; its JSON Lines keep
    /// the value as spoken, plain spaces (the `speech` event is the text espeak-ng gets).
    @Test func aFrenchSessionPrintsItsLinesSpaced() throws {
        let script = "aide\naide régler\nsuivant\nfiltre zzz\nrégler débit\nrégler débit 9999\nsuivnt\nétat\nquitter\n"
        let text = try LecteurProcess.run(["--transcript", "text", "--speech", "off", "--braille", "off"], input: script)
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.contains("Débit\u{202F}:"), "\(text.stdout)")
        #expect(text.stdout.contains("«\u{202F}suivant\u{202F}»"), "the typo's suggestion: \(text.stdout)")
        #expect(Self.slips(text.stdout).isEmpty, "\(Self.slips(text.stdout))")
        let json = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off"], input: script)
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stdout.contains("Débit : "), "the value as spoken: \(json.stdout.prefix(2000))")
        #expect(!json.stdout.contains("\u{202F}:") && !json.stdout.contains("«\u{202F}"))
        let english = try LecteurProcess.run(["--transcript", "text", "--speech", "off", "--braille", "off"], input: "help\nset rate\nquit\n",
                                             environment: ["LANGUAGE": "en"])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout.contains("Rate: "), "\(english.stdout)")
        #expect(!english.stdout.contains("\u{202F}:") && !english.stdout.contains("«\u{202F}"), "a French space in English")
    }

    /// Issue 46's English interface: « 30 % » and « « character next » » were French; an
    /// English session now writes « 30% » and “character next”, and French keeps its own.
    @Test func anEnglishSessionWritesEnglishQuotesAndPercents() throws {
        let english = try LecteurProcess.run(["--transcript", "text", "--speech", "off", "--braille", "off"],
                                             input: "set noise 30\nhelp character\nquit\n", environment: ["LANGUAGE": "en"])
        #expect(english.status == 0, "\(english.stderr)")
        #expect(english.stdout.contains("Copy: noise at 30% of the signal"), "\(english.stdout)")
        #expect(english.stdout.contains("“character next”"), "\(english.stdout)")
        #expect(!english.stdout.contains("«") && !english.stdout.contains("»") && !english.stdout.contains(" %"), "\(english.stdout)")
        let french = try LecteurProcess.run(["--transcript", "text", "--speech", "off", "--braille", "off"],
                                            input: "régler bruit 30\naide caractère\nquitter\n")
        #expect(french.status == 0, "\(french.stderr)")
        #expect(french.stdout.contains("30\u{A0}%") || french.stdout.contains("30 %"), "\(french.stdout)")
        #expect(french.stdout.contains("«\u{202F}caractère suivant\u{202F}»"), "\(french.stdout)")
    }

    @Test(arguments: ["lecteur.1", "lecteur.toml.5"])
    func theFrenchManualPagesAreSpaced(_ page: String) throws {
        for lang in ["fr", "en"] {
            let gen = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/python3"),
                                                 [Self.root.path + "/scripts/gen-manpage.py", "--lang", lang, "--page", page,
                                                  LecteurProcess.binary.path],
                                                 input: "", environment: LecteurProcess.childEnvironment(["SOURCE_DATE_EPOCH": "1764115200"]),
                                                 timeout: 120)
            #expect(gen.status == 0, "\(gen.stderr)")
            // The page's text, its requests (`.TH`, `.SH`…) aside.
            let text = gen.stdout.split(separator: "\n").filter { !$0.hasPrefix(".") }.joined(separator: "\n")
            if lang == "fr" {
                #expect(text.contains("\u{202F}:"))
                #expect(Self.slips(text).isEmpty, "\(page): \(Self.slips(text).prefix(5))")
            } else {
                #expect(!gen.stdout.contains("\u{202F}"), "\(page): a French space in English")
            }
        }
    }
}
