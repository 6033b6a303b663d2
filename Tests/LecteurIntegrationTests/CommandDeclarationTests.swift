// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every command is declared once (`CommandTable.specs`, issue 46 item 1) and every surface says
/// the same, through the binary, in both languages: each name `aide` lists resolves to its own
/// declaration (`aide NAME` answers the declared help, the parser's index being the one `aide`
/// reads), and the manual page `lecteur.1` of that language lists it. Tab and the parsing of
/// every declared argument are walked in `CommandDeclarationCoreTests`.
@Suite struct CommandDeclarationTests {
    struct Declared: Decodable {
        let id: String
        let names: [String]
        let accepted: [String]
        let argument: String
        let values: [String]
        let example: String?
        let minimum: Int?
        let help: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func declared(_ code: String) throws -> [Declared] {
        let out = try LecteurProcess.run(["--experimental-dump-commands"], environment: ["LANGUAGE": code])
        #expect(out.status == 0, "\(out.stderr)")
        return try JSONDecoder().decode([Declared].self, from: Data(out.stdout.utf8))
    }

    @Test(arguments: ["fr", "en"])
    func everyNameGivesItsOwnHelp(_ code: String) throws {
        let declared = try Self.declared(code).filter { !$0.names.isEmpty }
        #expect(declared.count > 30, "\(code): \(declared.map(\.id))")
        let (help, quit) = code == "fr" ? ("aide", "quitter") : ("help", "quit")
        var expected: [String] = []
        var script = ""
        for command in declared {
            for name in command.names {
                script += "\(help) \(name)\n"
                expected.append("\(command.names.joined(separator: ", ")) — \(command.help)")
            }
        }
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl", "--locale", code],
                                         input: script + "\(quit)\n")
        #expect(out.status == 0, "\(out.stderr)")
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors.isEmpty, "\(code): \(errors)")
        let answers = out.events("notice").filter { $0["code"] as? String == "help" }.compactMap { $0["message"] as? String }
        #expect(answers.count == expected.count, "\(code): \(answers.count) answers to \(expected.count) names")
        for (answer, wanted) in zip(answers, expected) { #expect(answer == wanted, "\(code)") }
    }

    /// A command's help does not begin by saying its own name again: `aide lire` answered
    /// « lire, tout — tout lire : lit jusqu'à la fin… », the names said twice before what it does.
    @Test(arguments: ["fr", "en"])
    func theHelpDoesNotRepeatTheCommandsNames(_ code: String) throws {
        let declared = try Self.declared(code).filter { !$0.names.isEmpty }
        let (help, quit) = code == "fr" ? ("aide", "quitter") : ("help", "quit")
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl", "--locale", code],
                                         input: declared.map { "\(help) \($0.names[0])" }.joined(separator: "\n") + "\n\(quit)\n")
        let answers = out.events("notice").filter { $0["code"] as? String == "help" }.compactMap { $0["message"] as? String }
        #expect(answers.count == declared.count, "\(code): \(answers)")
        for (command, answer) in zip(declared, answers) {
            guard let dash = answer.range(of: " — ") else {
                Issue.record("\(code): no « — » in \(answer)")
                continue
            }
            let description = answer[dash.upperBound...]
            // What comes before the first colon, word by word: only the command's own words is a repetition.
            guard let colon = description.firstIndex(of: ":") else { continue }
            let words = description[..<colon].lowercased().split { !$0.isLetter }.map(String.init)
            let own = Set((command.names + command.accepted + command.values).map { $0.lowercased() })
            #expect(words.isEmpty || !words.allSatisfy(own.contains), "\(code): the help says the names again: \(answer)")
        }
    }

    /// A number below a command's declared range is refused naming where it starts (`aller 0`
    /// answered « Attendu : un numéro », and 0 is one).
    @Test(arguments: ["fr", "en"])
    func aNumberBelowTheDeclaredRangeIsRefusedNamingIt(_ code: String) throws {
        let ranged = try Self.declared(code).filter { $0.minimum != nil && !$0.names.isEmpty }
        #expect(!ranged.isEmpty)
        let quit = code == "fr" ? "quitter" : "quit"
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl", "--locale", code],
                                         input: ranged.map { "\($0.names[0]) \($0.minimum! - 1)" }.joined(separator: "\n") + "\n\(quit)\n")
        let errors = out.events("error").compactMap { $0["message"] as? String }
        #expect(errors.count == ranged.count, "\(code): \(errors)")
        for (command, error) in zip(ranged, errors) {
            let from = code == "fr" ? "à partir de \(command.minimum!)" : "from \(command.minimum!)"
            #expect(error.contains(from), "\(code): \(command.names[0]): \(error)")
        }
    }

    /// A word of the other language's name is suggested back as this language's name of that
    /// command: « suiv » in English suggested « quit » (the closest spelling).
    @Test(arguments: [("en", "suiv", "next"), ("en", "préc", "previous"), ("fr", "previo", "précédent"), ("fr", "statis", "statistiques")])
    func theOtherLanguagesBeginningSuggestsTheSameCommand(_ code: String, _ typed: String, _ expected: String) throws {
        let quit = code == "fr" ? "quitter" : "quit"
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "off", "--transcript", "jsonl", "--locale", code],
                                         input: "\(typed)\n\(quit)\n")
        let error = out.events("error").compactMap { $0["message"] as? String }.first ?? ""
        let quoted = code == "fr" ? "« \(expected) »" : "“\(expected)”"
        #expect(error.contains(quoted) || error.contains("\"\(expected)\""), "\(code): \(typed): \(error)")
    }

    @Test(arguments: ["fr", "en"])
    func theManualPageListsEveryCommand(_ code: String) throws {
        let declared = try Self.declared(code).filter { !$0.names.isEmpty }
        let gen = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/python3"),
                                             [Self.root.path + "/scripts/gen-manpage.py", "--lang", code, "--page", "lecteur.1",
                                              LecteurProcess.binary.path],
                                             input: "", environment: LecteurProcess.childEnvironment(["SOURCE_DATE_EPOCH": "1764115200"]),
                                             timeout: 120)
        #expect(gen.status == 0, "\(gen.stderr)")
        // Each command is a `.TP` entry whose term is its names, as man(7) escapes them.
        let escape = { (text: String) in text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-") }
        for command in declared {
            let term = ".B " + escape(command.names.joined(separator: ", "))
            #expect(gen.stdout.contains("\n\(term)\n"), "\(code): lecteur.1 has no entry « \(term) »")
        }
    }
}
