// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurAudit
import LecteurCore
import LecteurFiles

extension Lecteur {
    struct Audit: ParsableCommand {
        /// The command's help, in the language of `--locale` (read before the options are parsed).
        static func helpText(_ help: AuditReportMessages.Help) -> String { AuditReportMessages(strings: CLIText.strings).help(help) }

        static let configuration = CommandConfiguration(commandName: "audit", abstract: Audit.helpText(.command))

        @OptionGroup var common: CommonOptions

        @Option(name: .customLong("format"), help: ArgumentHelp(Audit.helpText(.format), valueName: "text|json|junit|html|sarif"),
                completion: .list(AuditFormat.allCases.map(\.rawValue)))
        var formatOption: AuditFormat?
        // The default is in the help text, in the user's language (no English "(default: text)").
        var format: AuditFormat { formatOption ?? .text }

        @Option(name: .customLong("fail-on"),
                help: ArgumentHelp(Audit.helpText(.failOn), valueName: "minor|moderate|serious|critical"),
                completion: .list(Impact.allCases.map(\.rawValue)))
        var failOn: Impact?

        @Flag(name: .long, help: ArgumentHelp(Audit.helpText(.rules)))
        var rules = false

        @Option(name: .long, help: ArgumentHelp(Audit.helpText(.disable), valueName: "ID"))
        var disable: [String] = []

        @Option(name: .long, help: ArgumentHelp(Audit.helpText(.output), valueName: Audit.helpText(.fileValue)),
                completion: .file())
        var output: String?

        @Option(name: .customLong("strings"), help: ArgumentHelp(Audit.helpText(.strings), valueName: Audit.helpText(.fileValue)),
                completion: .file(extensions: ["json"]))
        var stringsFile: String?

        @Flag(name: .customLong("allow-offline"), help: ArgumentHelp(Audit.helpText(.allowOffline)))
        var allowOffline = false

        @Option(name: .customLong("baseline"), help: ArgumentHelp(Audit.helpText(.baseline), valueName: Audit.helpText(.fileValue)),
                completion: .file(extensions: ["json"]))
        var baselineFile: String?

        @Option(name: .customLong("write-baseline"), help: ArgumentHelp(Audit.helpText(.writeBaseline), valueName: Audit.helpText(.fileValue)),
                completion: .file(extensions: ["json"]))
        var writeBaselineFile: String?

        @Option(name: .customLong("help-url"), help: ArgumentHelp(Audit.helpText(.helpURL), valueName: "URL"))
        var helpURLOption: String?
        // The default is in the help text, in the user's language (no English "(default: …)").
        var helpURL: String { helpURLOption ?? Self.installedRulesPage ?? AuditRunInfo.defaultHelpBase }

        /// An installed audit links to the rules page installed with it
        /// (`PREFIX/share/doc/lecteur/audit-rules.html`, found from the executable's own place, as
        /// the strings are); run from the checkout, it keeps `docs/audit-rules.md`.
        static let installedRulesPage: String? = {
            let executable = URL(fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                                 ?? CommandLine.arguments[0])
            let page = executable.deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("share/doc/lecteur/audit-rules.html")
            return FileManager.default.fileExists(atPath: page.path) ? page.absoluteString : nil
        }()

        /// Beside the report when it is a file (same disk, and the space is the report's own),
        /// else the temporary folder: never /dev for `--output /dev/null`.
        static func scratchDirectory(for output: String?) -> String {
            let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
            guard let output else { return temporary }
            var status = stat()
            if stat(output, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG { return temporary }
            return URL(fileURLWithPath: output).deletingLastPathComponent().path
        }

        func run() throws {
            let options = AuditOptions(common: common, format: format, failOn: failOn, listRules: rules, disable: disable,
                                       output: output, stringsFile: stringsFile, allowOffline: allowOffline,
                                       baselineFile: baselineFile, writeBaselineFile: writeBaselineFile,
                                       helpURLOption: helpURLOption, helpURL: helpURL)
            try AuditEnvironment.live(options).run()
        }
    }
}
