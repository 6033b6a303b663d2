// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Tab offers every declared command on a terminal, in both languages (issue 46, item 1): the
/// beginning of each command's name, then Tab, is answered with that name (alone, or among the
/// candidates it is said with). `CommandDeclarationCoreTests` walks the same in the core; this is
/// the binary on a pseudo-terminal, as a person types.
@Suite struct CommandTabSessionTests {
    struct Declared: Decodable {
        let id: String
        let names: [String]
    }

    @Test(arguments: ["fr", "en"])
    func tabOffersEveryCommand(_ code: String) throws {
        let dump = try LecteurProcess.run(["--experimental-dump-commands"], environment: ["LANGUAGE": code])
        let declared = try JSONDecoder().decode([Declared].self, from: Data(dump.stdout.utf8))
        // Tab completes names of two letters or more (one-letter shortcuts have nothing to complete).
        let names = declared.compactMap { $0.names.first { $0.count > 1 } }
        #expect(names.count > 30, "\(code): \(names)")
        let home = ReaderHome()
        defer { home.remove() }
        var steps: [PseudoTerminal.Step] = []
        for name in names {
            // All but the last letter, Tab; then Ctrl-C empties the line for the next one.
            steps.append(.type(String(name.dropLast()) + "\t", until: "\"speech\"", pause: 0))
            steps.append(.type("\u{03}", until: "\"stop\"", pause: 0))
        }
        steps.append(.type("\u{04}", until: "goodbye"))
        let run = try PseudoTerminal.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off", "--locale", code],
                                         environment: home.environment, steps: steps)
        #expect(run.status == 0, "\(run.output.suffix(400))")
        let said = run.events("speech").compactMap { $0["text"] as? String }
        for name in names {
            // The completed word, or the candidates said as a list.
            #expect(said.contains { $0 == name || $0.components(separatedBy: CharacterSet(charactersIn: ",:;. ")).contains(name) },
                    "\(code): Tab on « \(name.dropLast()) » did not offer « \(name) »")
        }
    }
}
