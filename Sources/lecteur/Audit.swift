import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore

extension Lecteur {
    struct Audit: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "audit", abstract: cli(.cliAuditAbstract))

        @OptionGroup var common: CommonOptions

        @Option(name: .long, help: ArgumentHelp(cli(.cliOptFormat), valueName: "text|json"))
        var format: String = "text"

        func run() throws {
            let strings = try common.strings()
            let format = try choice(format, "--format", as: AuditFormat.self)
            let navigator = Navigator(strings: strings, timeZone: .current)
            // The audit reads the catalogue the reader would show; records set aside and a catalogue
            // that cannot load are reported in the user's language on standard error.
            let source = LocalCatalogueSource(origin: common.catalog.map { .file($0) } ?? .builtIn, strings: strings)
            let catalogue: Catalogue
            switch source.fetch() {
            case .success(let decoded):
                for warning in source.warningMessages(decoded) { fputs(warning + "\n", stderr) }
                catalogue = decoded.catalogue
            case .failure(let error):
                fputs(cli(.cliError, ["message": source.message(for: error)]) + "\n", stderr)
                throw ExitCode(65)
            }
            let report = AuditWalker(navigator: navigator).walk(catalogue: catalogue, progress: ReaderStore(strings: strings).progress())
            FileHandle.standardOutput.write(Data(AuditFormatter(strings: strings).render(report, as: format).utf8))
        }
    }
}
