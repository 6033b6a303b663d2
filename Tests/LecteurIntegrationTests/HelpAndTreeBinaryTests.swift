// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 46's defects that were held in the core or by nothing, through the binary or the tree
/// a clone gets: `aide` naming English one-letter commands to a French user, `--catalog`'s help
/// saying « un fichier JSON » though an address works, and a 36.8 MB catalogue named `--help`
/// committed at the root (`grep x *` took it as an option, `build-deb.sh` copied it).
@Suite struct HelpAndTreeBinaryTests {
    /// `aide`'s line for `suivant` in each language: « suivant, n, s » showed a French user next's
    /// English letter.
    @Test func theHelpNamesCommandsInTheUsersLanguageOnly() throws {
        #expect(try Self.helpNames(of: "suivant", language: "fr") == "suivant, s")
        #expect(try Self.helpNames(of: "next", language: "en") == "next, n")
    }

    /// The names `aide` (read whole with `tout lire`) gives on the line of the command `first`.
    static func helpNames(of first: String, language: String) throws -> String {
        let script = language == "fr" ? "aide\ntout lire\nquitter\n" : "help\nread all\nquit\n"
        let out = try LecteurProcess.run(["--transcript", "text", "--speech", "off", "--braille", "off"], input: script,
                                         environment: ["LANGUAGE": language])
        #expect(out.status == 0, "\(out.stderr)")
        let line = try #require(out.stdout.split(separator: "\n").first { $0.hasPrefix(first + ",") }, "\(out.stdout)")
        return String(line.prefix { $0 != ":" }).trimmingCharacters(in: CharacterSet(charactersIn: " \u{202F}"))
    }

    /// `--catalog` takes a file or the API's address: its help says both, in both languages.
    @Test(arguments: [("fr", "adresse de l'API"), ("en", "address")])
    func theCatalogueOptionSaysAnAddressWorks(_ language: String, _ address: String) throws {
        let help = try LecteurProcess.run(["--help"], environment: ["LANGUAGE": language])
        #expect(help.status == 0, "\(help.stderr)")
        // The option's paragraph: its line and the wrapped lines under it, up to the next option.
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--catalog") }, "\(help.stdout)")
        var paragraph = lines[start]
        for line in lines[(start + 1)...] {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("-") { break }
            paragraph += " " + trimmed
        }
        #expect(paragraph.contains(address), "\(paragraph)")
        #expect(paragraph.contains("http"), "\(paragraph)")
    }

    /// The tree a clone gets: no file over 5 MB, none whose name begins with « - » (taken as an
    /// option by `grep x *`, `cp *`, and the package script's copy).
    @Test func theRepositoryHoldsNoHugeFileAndNoFileNamedLikeAnOption() throws {
        let root = FrenchSpacingTests.root
        let out = try LecteurProcess.execute(URL(fileURLWithPath: "/usr/bin/git"), ["-C", root.path, "ls-files", "-z"], input: "",
                                             environment: LecteurProcess.childEnvironment([:]), timeout: 60)
        #expect(out.status == 0, "\(out.stderr)")
        let files = out.stdout.split(separator: "\0").map(String.init)
        #expect(files.count > 500, "the tracked files: \(files.count)")
        var huge: [String] = []
        for file in files {
            let size = (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(file).path)[.size] as? Int) ?? 0
            if size > 5_000_000 { huge.append("\(file) (\(size) bytes)") }
        }
        #expect(huge.isEmpty, "\(huge)")
        #expect(files.filter { ($0.split(separator: "/").last ?? "").hasPrefix("-") }.isEmpty)
    }

    /// README is read aloud: a table cell's escaped pipe is spoken « barre oblique inversée,
    /// barre verticale » where the text meant « ou ».
    @Test func theReadmeEscapesNoPipe() throws {
        let readme = try String(contentsOf: FrenchSpacingTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("| "), "README has its tables")
        #expect(!readme.contains("\\|"), "an escaped pipe in README")
    }
}
