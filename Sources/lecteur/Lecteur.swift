import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore
import LecteurNetwork

@main
struct Lecteur: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lecteur",
        abstract: cli(.cliAbstract),
        discussion: cli(.cliDiscussion),
        subcommands: [Read.self, Audit.self, Morse.self, Say.self],
        defaultSubcommand: Read.self)

    /// Errors are reported in the user's language; ArgumentParser's own usage errors keep their
    /// detail but get a French frame.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as LecteurCLIError {
            fputs(cli(.cliError, ["message": error.description]) + "\n", stderr)
            Foundation.exit(64)
        } catch {
            let code = exitCode(for: error)
            if code == .success || code.rawValue == 0 || error is CleanExit {
                exit(withError: error)
            }
            fputs(cli(.cliUsageError, ["detail": message(for: error)]) + "\n", stderr)
            Foundation.exit(code.rawValue)
        }
    }
}

/// Options every subcommand that shows the catalogue shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(cli(.cliOptCatalog), valueName: "FICHIER|URL"))
    var catalog: String?

    @Option(name: .long, help: ArgumentHelp(cli(.cliOptLocale), valueName: "fr|en"))
    var locale: String = "fr"

    func strings() throws -> Strings {
        try localeStrings(locale)
    }

    @Option(name: .long, help: ArgumentHelp(cli(.cliOptTimeout), valueName: "SECONDES"))
    var timeout: Double = 30

    func catalogueSource(strings: Strings) throws -> CatalogueSource {
        guard let catalog, CatalogueEndpoint.isRemote(catalog) else {
            return LocalCatalogueSource(origin: catalog.map { .file($0) } ?? .builtIn, strings: strings)
        }
        guard CatalogueEndpoint.timeoutRange.contains(timeout) else {
            throw LecteurCLIError(strings(.hardeningOptionOutOfRange, [
                "option": "--timeout", "value": plainNumber(timeout, strings),
                "min": plainNumber(CatalogueEndpoint.timeoutRange.lowerBound, strings),
                "max": plainNumber(CatalogueEndpoint.timeoutRange.upperBound, strings),
                "unit": strings(.hardeningUnitSeconds)]))
        }
        do {
            let endpoint = try CatalogueEndpoint(base: catalog)
            let client = CatalogueClient(endpoint: endpoint, configuration: .init(timeout: timeout))
            return RemoteCatalogueSource(client: client, strings: strings, timeZone: .current)
        } catch {
            throw LecteurCLIError(strings(.networkErrorInvalidURLDetail, ["url": URLRedaction.forDisplay(catalog)]))
        }
    }
}

/// A number as typed back to the user: "30", "0,1" in French, "1e+16" as Swift writes it.
func plainNumber(_ value: Double, _ strings: Strings) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    let text = String(value)
    return strings.localeCode == "fr" ? text.replacingOccurrences(of: ".", with: ",") : text
}
