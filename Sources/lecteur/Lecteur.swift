// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurCore
import LecteurNetwork
import LecteurDevices
import LecteurTerminal

@main
struct Lecteur: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lecteur",
        abstract: help(.program),
        discussion: help(.programDiscussion),
        version: lecteurVersion,
        subcommands: [Read.self, Audit.self, Morse.self, Say.self],
        defaultSubcommand: Read.self)

    /// Errors are reported in the user's language; ArgumentParser's own usage errors keep their
    /// detail but get a French frame.
    static func main() {
        // Before any connection is made: a peer that closes (speech-dispatcher in its handshake,
        // brltty mid-write) must make the write fail with EPIPE, not kill the reader (exit 141).
        signal(SIGPIPE, SIG_IGN)
        // Likewise a write past `ulimit -f` must fail with EFBIG, which the writer names, not
        // kill the command without a word (status 153). The reader's `Termination` replaces this
        // with a handler that still ends it on a SIGXFSZ sent by another process.
        signal(SIGXFSZ, SIG_IGN)
        // Before any file is opened: a closed standard output (`>&-`) would hand descriptor 1 to
        // the database, and the transcript would be written into it.
        _ = StandardOutput.shared
        let status = run(Array(CommandLine.arguments.dropFirst()))
        // The one place the process ends with a status: the commands throw, `run` words it.
        if status != .success { Foundation.exit(status.rawValue) }
    }

    /// Parses and runs the command; whatever went wrong is said on standard error, in the
    /// user's language, and becomes the exit status.
    /// `--help`'s last line; none without the data folder (its sentence is there).
    private static func printReportBugs() {
        let line = CLIHelpFrame.reportBugs(lecteurBugAddress, CLIText.strings)
        if line.contains(lecteurBugAddress) { print(line) }
    }

    static func run(_ arguments: [String]) -> ExitCode {
        // A binary without its data folder says so in French; only what describes the program
        // itself (help, version, completions) still answers.
        if !Localization.dataFound {
            fputs(DataFolder.missingMessage() + "\n", StandardStream.error)
            let describesItself = arguments.contains {
                ["--help", "-h", "--version", "--experimental-dump-help", "--experimental-dump-settings",
                 "--experimental-dump-commands"].contains($0)
                    || $0.hasPrefix("--generate-completion-script")
            } || arguments.first == "help"
            if !describesItself { return ExitCode(DataFolder.exitCode) }
        }
        // The settings' declarations, for the manual page and the completions built from them.
        if arguments == ["--experimental-dump-settings"] {
            print(SettingsDump.json(CLIText.strings))
            return .success
        }
        // The commands' declarations, for the declaration test.
        if arguments == ["--experimental-dump-commands"] {
            print(CommandDump.json(CLIText.strings))
            return .success
        }
        // `lecteur --help` describes the reader itself (the default command) after the list of
        // commands: its speech and braille options are what most users look for.
        if let first = arguments.first, ["--help", "-h", "help"].contains(first), arguments.count == 1 {
            print(CLIHelpFrame.translate(helpMessage(), CLIText.strings))
            print(CLIHelpFrame.translate(helpMessage(for: Read.self), CLIText.strings))
            printReportBugs()
            return .success
        }
        let program = programName(arguments)
        do {
            var command = try NamedCommandRoot.root(for: arguments).parseAsRoot(arguments)
            if let problem = ResourceLimits.check() {
                // EX_OSERR: the system does not give the reader what it needs to start.
                fail(problem.message(CLIText.strings), program: program)
                return ExitCode(71)
            }
            try command.run()
            return .success
        } catch let error as LecteurCLIError {
            fail(error.description, program: program)
            return ExitCode(error.status.rawValue)
        } catch let error as DeviceUnavailable {
            // EX_UNAVAILABLE: a device asked for with `on` is not there.
            fail(error.failure.message(CLIText.strings), program: program)
            return ExitCode(CLIStatus.unavailable.rawValue)
        } catch let code as ExitCode {
            // A command that has already said why (`audit --fail-on`): only the status is left.
            return code
        } catch {
            let detail = message(for: error)
            // swift-argument-parser's own `--version` prints the number alone: the GNU form instead.
            if detail == lecteurVersion {
                print(versionText())
                return .success
            }
            let code = exitCode(for: error)
            if code == .success || error is CleanExit {
                // Help, completion scripts: ArgumentParser's text, as it would print it.
                let text = fullMessage(for: error)
                let asksHelp = arguments.first == "help" || arguments.contains { ["--help", "-h"].contains($0) }
                if !text.isEmpty { print(asksHelp ? CLIHelpFrame.translate(text, CLIText.strings) : text) }
                if asksHelp, !text.isEmpty { printReportBugs() }
                return .success
            }
            // A check of a `validate()` (ours throw `LecteurCLIError`, which ArgumentParser
            // reports with EXIT_FAILURE, not its own usage status): already in the user's language.
            if code == .failure {
                fail(detail, program: program)
                return ExitCode(CLIStatus.usage.rawValue)
            }
            // A word that is none of an option's choices: the sentence that lists them.
            if let refusal = ChoiceOptions.refusal(parserMessage: detail) {
                fail(refusal, program: program)
                return ExitCode(CLIStatus.usage.rawValue)
            }
            PrintedLine.toStandardError(CLIMessages.usageError(ArgumentErrorText.problem(detail), program: program, CLIText.strings),
                                        CLIText.strings)
            return code
        }
    }

    /// « lecteur: … » (or « lecteur morse: … ») on standard error, as GNU tools name themselves.
    /// Messages may quote what was typed (a locale, a rule id): cleaned here, in one place.
    private static func fail(_ message: String, program: String) {
        PrintedLine.toStandardError(CLIMessages.error(message, program: program, CLIText.strings), CLIText.strings)
    }

    /// The name a failure is reported under: `lecteur`, or `lecteur morse` when a subcommand was
    /// named (its own `--help` is the one to read).
    static func programName(_ arguments: [String]) -> String {
        let named = configuration.subcommands.compactMap { $0.configuration.commandName }
        guard let first = arguments.first, named.contains(first) else { return configuration.commandName ?? "lecteur" }
        return "\(configuration.commandName ?? "lecteur") \(first)"
    }
}

/// The same tree as `Lecteur` without its default command, for a line that names its command
/// (`lecteur say …`, `lecteur morse …`, `lecteur audit …`). Why: with a default command,
/// swift-argument-parser builds that command's whole argument set to decide whether it would
/// take the rest of the line, and the reader's is the largest: about a fifth of a one-sentence
/// `say`'s instructions went to the reader's options (callgrind, issue 49). A named command is
/// parsed, helped and reported exactly as under `Lecteur`: same name, same subcommands.
struct NamedCommandRoot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: Lecteur.configuration.commandName,
        abstract: Lecteur.configuration.abstract,
        discussion: Lecteur.configuration.discussion,
        version: Lecteur.configuration.version,
        subcommands: Lecteur.configuration.subcommands.filter { ObjectIdentifier($0) != ObjectIdentifier(Lecteur.Read.self) })

    /// `NamedCommandRoot` when the line starts with one of its commands' names, else `Lecteur`.
    static func root(for arguments: [String]) -> ParsableCommand.Type {
        guard let first = arguments.first,
              configuration.subcommands.contains(where: { $0.configuration.commandName == first }) else { return Lecteur.self }
        return NamedCommandRoot.self
    }
}

/// Options every subcommand that shows the catalogue shares.
struct CommonOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(help(.catalogOption), valueName: help(.catalogValue)),
            completion: .file(extensions: ["json"]))
    var catalog: String?

    @Option(name: .long, help: ArgumentHelp(help(.localeOption), valueName: "fr|en"), completion: .list(Localization.available))
    var locale: LocaleOption?

    func strings() throws -> Strings {
        try localeStrings(locale)
    }

    @Option(name: .customLong("timeout"), help: ArgumentHelp(help(.timeoutOption), valueName: help(.secondsValue)))
    var timeoutOption: Double?
    /// 30 s, said in the help text (no English "(default: 30.0)" after it).
    var timeout: Double { timeoutOption ?? 30 }

    /// `--timeout` out of range is refused whatever the command: an option that does nothing
    /// must not pass for one that was taken.
    func validate() throws {
        let strings = try strings()
        guard !CatalogueEndpoint.timeoutRange.contains(timeout) else { return }
        throw LecteurCLIError(CLIMessages.timeoutOutOfRange(timeout, range: CatalogueEndpoint.timeoutRange, strings))
    }

    /// Where the reader's catalogue comes from: built in, a file, or the API.
    func catalogueLocation(strings: Strings) throws -> CatalogueLocation {
        guard let catalog else { return .builtIn }
        guard CatalogueEndpoint.isRemote(catalog) else { return .file(catalog) }
        return .remote(try catalogueClient(catalog, strings: strings))
    }

    /// The API client for `--catalog URL` with `--timeout`: the reader and the audit use the same.
    func catalogueClient(_ catalog: String, strings: Strings) throws -> CatalogueClient {
        do {
            let endpoint = try CatalogueEndpoint(base: catalog)
            return CatalogueClient(endpoint: endpoint,
                                   configuration: .init(timeout: timeout))
        } catch {
            throw LecteurCLIError(CLIMessages.invalidCatalogueAddress(URLRedaction.forDisplay(catalog), strings))
        }
    }
}
