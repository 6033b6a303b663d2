// SPDX-License-Identifier: GPL-3.0-or-later
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
        version: lecteurVersion,
        subcommands: [Read.self, Audit.self, Morse.self, Say.self],
        defaultSubcommand: Read.self)

    /// Errors are reported in the user's language; ArgumentParser's own usage errors keep their
    /// detail but get a French frame.
    static func main() {
        // Before any connection is made: a peer that closes (speech-dispatcher in its handshake,
        // brltty mid-write) must make the write fail with EPIPE, not kill the reader (exit 141).
        signal(SIGPIPE, SIG_IGN)
        // `lecteur --help` describes the reader itself (the default command) after the list of
        // commands: its speech and braille options are what most users look for.
        let arguments = Array(CommandLine.arguments.dropFirst())
        // A binary without its data folder says so in French; only what describes the program
        // itself (help, version, completions) still answers.
        if !Localization.dataFound {
            fputs(DataFolder.missingMessage() + "\n", stderr)
            let describesItself = arguments.contains {
                ["--help", "-h", "--version", "--experimental-dump-help"].contains($0)
                    || $0.hasPrefix("--generate-completion-script")
            } || arguments.first == "help"
            if !describesItself { Foundation.exit(DataFolder.exitCode) }
        }
        if let first = arguments.first, ["--help", "-h", "help"].contains(first), arguments.count == 1 {
            print(helpMessage())
            print(helpMessage(for: Read.self))
            return
        }
        do {
            var command = try parseAsRoot()
            if let problem = ResourceLimits.check() {
                // EX_OSERR: the system does not give the reader what it needs to start.
                fputs(cli(.cliError, ["message": problem.message(CLIText.strings)]) + "\n", stderr)
                Foundation.exit(71)
            }
            try command.run()
        } catch let error as LecteurCLIError {
            // Messages may quote what was typed (a locale, a rule id): cleaned here, in one place.
            fputs(TextSanitizer.cleanKeepingLayout(cli(.cliError, ["message": error.description])) + "\n", stderr)
            Foundation.exit(64)
        } catch let error as DeviceUnavailable {
            // EX_UNAVAILABLE: a device asked for with `on` is not there.
            fputs(TextSanitizer.cleanKeepingLayout(cli(.cliError, ["message": error.description])) + "\n", stderr)
            Foundation.exit(69)
        } catch let code as ExitCode {
            // A command that has already said why (`audit --fail-on`): only the status is left.
            Foundation.exit(code.rawValue)
        } catch {
            let code = exitCode(for: error)
            // swift-argument-parser's own `--version` prints the number alone: the GNU form instead.
            if message(for: error) == lecteurVersion {
                print(versionText())
                return
            }
            if code == .success || code.rawValue == 0 || error is CleanExit {
                exit(withError: error)
            }
            fputs(cli(.cliUsageError, ["detail": ArgumentErrorText.message(message(for: error), CLIText.strings)]) + "\n", stderr)
            Foundation.exit(code.rawValue)
        }
    }
}

/// Options every subcommand that shows the catalogue shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(cli(.cliOptCatalog), valueName: cli(.cliValueCatalog)),
            completion: .file(extensions: ["json"]))
    var catalog: String?

    @Option(name: .long, help: ArgumentHelp(cli(.cliOptLocale), valueName: "fr|en"), completion: .list(Localization.available))
    var locale: String?

    func strings() throws -> Strings {
        try localeStrings(locale)
    }

    @Option(name: .customLong("timeout"), help: ArgumentHelp(cli(.cliOptTimeout), valueName: cli(.cliValueSeconds)))
    var timeoutOption: Double?
    /// 30 s, said in the help text (no English "(default: 30.0)" after it).
    var timeout: Double { timeoutOption ?? 30 }

    func catalogueSource(strings: Strings) throws -> CatalogueSource {
        try checkTimeout(strings)
        guard let catalog, CatalogueEndpoint.isRemote(catalog) else {
            return LocalCatalogueSource(origin: catalog.map { .file($0) } ?? .builtIn)
        }
        return RemoteCatalogueSource(client: try catalogueClient(catalog, strings: strings))
    }

    /// The API client for `--catalog URL` with `--timeout`: the reader and the audit use the same.
    func catalogueClient(_ catalog: String, strings: Strings) throws -> CatalogueClient {
        try checkTimeout(strings)
        do {
            let endpoint = try CatalogueEndpoint(base: catalog)
            return CatalogueClient(endpoint: endpoint,
                                   configuration: .init(timeout: timeout))
        } catch {
            throw LecteurCLIError(strings(.networkErrorInvalidURLDetail, ["url": URLRedaction.forDisplay(catalog)]))
        }
    }
}

extension CommonOptions {
    /// `--timeout` out of range is refused whether or not an address is given: an option that
    /// does nothing must not pass for one that was taken.
    func checkTimeout(_ strings: Strings) throws {
        guard !CatalogueEndpoint.timeoutRange.contains(timeout) else { return }
        throw LecteurCLIError(strings(.hardeningOptionOutOfRange, [
            "option": "--timeout", "value": plainNumber(timeout, strings),
            "min": plainNumber(CatalogueEndpoint.timeoutRange.lowerBound, strings),
            "max": plainNumber(CatalogueEndpoint.timeoutRange.upperBound, strings),
            "unit": strings(.hardeningUnitSeconds)]))
    }
}

/// A number as typed back to the user: "30", "0,1" in French, "1e+16" as Swift writes it.
func plainNumber(_ value: Double, _ strings: Strings) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    let text = String(value)
    return strings.localeCode == "fr" ? text.replacingOccurrences(of: ".", with: ",") : text
}
