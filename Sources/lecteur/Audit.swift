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

        private func readBaseline(_ strings: Strings) throws -> AuditBaseline? {
            guard let path = baselineFile else { return nil }
            let data: Data
            do {
                data = try InputFile.read(path, limit: AuditBaseline.fileLimit)
            } catch {
                throw LecteurCLIError(AuditReportMessages(strings: strings).baselineUnreadable(path: path, reason: error.reason(strings)))
            }
            guard let baseline = try? AuditBaseline.read(data) else {
                throw LecteurCLIError(AuditReportMessages(strings: strings).badBaseline(path: path))
            }
            return baseline
        }

        /// The chosen locale, with the templates of `--strings` in place of the shipped ones.
        private func auditStrings() throws -> Strings {
            let shipped = try common.strings()
            guard let path = stringsFile else { return shipped }
            let words = AuditReportMessages(strings: shipped)
            let data: Data
            do {
                data = try InputFile.read(path, limit: AuditResources.overridesLimit)
            } catch {
                throw LecteurCLIError(words.stringsUnreadable(path: path, reason: error.reason(shipped)))
            }
            do {
                return try AuditResources.strings(locale: shipped.localeCode, overrides: data) ?? shipped
            } catch AuditResources.OverrideError.unknownKey(let key) {
                throw LecteurCLIError(words.unknownKey(key, path: path))
            } catch {
                throw LecteurCLIError(words.badStrings(path: path))
            }
        }

        /// `--help-url` goes into every report (JSON `helpUrl`, SARIF `helpUri`, HTML links):
        /// only an http(s) address without spaces or control characters.
        private func checkedHelpURL(_ strings: Strings) throws -> String {
            guard let option = helpURLOption else { return helpURL }
            let lowered = option.lowercased()
            guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), option.count <= 2_000,
                  option.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
                  let url = URL(string: option), let host = url.host, !host.isEmpty else {
                throw LecteurCLIError(AuditReportMessages(strings: strings).helpURLInvalid(option))
            }
            return option
        }

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
            let strings = try auditStrings()
            let words = AuditReportMessages(strings: strings)
            // "--disable a,b" and "--disable a --disable b" both work.
            let disabled = disable.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
            if let unknown = disabled.first(where: { AuditRules.rule($0) == nil }) {
                throw LecteurCLIError(words.unknownRule(unknown, known: AuditRules.ids))
            }
            if rules {
                // The rules' help may come from --strings: cleaned like any text from outside.
                let lines = AuditRules.all.map { rule in
                    words.ruleLine(id: rule.info.id, impact: rule.info.impact, tags: rule.info.tags, help: rule.info.help)
                }
                FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
                return
            }
            // The audit reads the catalogue the reader would show; records set aside and a catalogue
            // that cannot load are reported in the user's language on standard error.
            // LECTEUR_AUDIT_TIMING=1 prints how long each phase took on standard error, for
            // recording figures with a release build (the benchmarks time `AuditRun.render`).
            let timing = ProcessInfo.processInfo.environment["LECTEUR_AUDIT_TIMING"] == "1"
            var clock = ContinuousClock.now
            func phase(_ name: String) {
                guard timing else { return }
                let now = ContinuousClock.now
                let ms = (now - clock).components.attoseconds / 1_000_000_000_000_000 + (now - clock).components.seconds * 1000
                fputs("audit-timing \(name) \(ms) ms\n", StandardStream.error)
                clock = now
            }
            let helpBase = try checkedHelpURL(strings)
            let baseline = try readBaseline(strings)
            let loaded = try AuditCatalogue.load(common, strings: strings, allowOffline: allowOffline)
            let catalogue = loaded.catalogue
            let run: AuditRun
            do { run = try AuditRun(strings: strings, timeZone: .current, disabled: disabled) } catch let missing as AuditResources.Missing {
                throw LecteurCLIError(words.resourceMissing(file: missing.file))
            }
            phase("decode")
            let reproducible = AuditRunInfo.reproducibleTimestamp()
            let info = AuditRunInfo(
                url: loaded.url ?? common.catalog.map { URL(fileURLWithPath: $0).absoluteString } ?? "lecteur:builtin",
                timestamp: reproducible ?? Date(), duration: reproducible == nil ? nil : 0,
                offlineCopyFetchedAt: loaded.offlineCopyFetchedAt, helpBase: helpBase, baseline: baseline)
            // Written as it is produced, a few megabytes at a time: the JSON report of a
            // 100 000-formation catalogue is 1.9 GB and is never held whole in memory. Sections
            // written out of walk order wait in a scratch file beside the report. A file named
            // with --output is the one safe writer's: a temporary file renamed over it only when
            // the report is whole (a full disk leaves the previous report as it was); a FIFO, a
            // device or a symlink is written through, never replaced.
            let report: OutputFile?
            do throws(OutputFileError) {
                report = try output.map { path throws(OutputFileError) in try OutputFile(path: path, policy: .replace) }
            } catch {
                throw LecteurCLIError(error.message(strings))
            }
            guard let file = report.map({ fdopen(dup($0.fileDescriptor), "wb") }) ?? StandardStream.output else {
                throw LecteurCLIError(words.cannotWrite(path: output))
            }
            let scratch = Self.scratchDirectory(for: output)
            let sink = AuditSink(file: file)
            let tally = run.write(catalogue, progress: ReaderStore().progress(), as: format, info: info,
                                  to: sink, scratchDirectory: scratch, recordBaseline: writeBaselineFile != nil)
            let closed = report != nil ? fclose(file) == 0 : fflush(file) == 0
            let closeError = errno
            phase("walk-check-write-\(format.rawValue)")
            if sink.failed || !closed {
                report?.discard()
                let reason = report.map { OutputFileError(path: $0.path, errno: sink.failed ? sink.errorNumber : closeError) }
                throw LecteurCLIError(reason?.message(strings) ?? words.cannotWrite(path: nil))
            }
            do throws(OutputFileError) {
                try report?.finish()
            } catch {
                throw LecteurCLIError(error.message(strings))
            }
            if let path = writeBaselineFile {
                let recorded = tally.baseline
                do throws(OutputFileError) {
                    let file = try OutputFile(path: path, policy: .replace)
                    do throws(OutputFileError) {
                        try file.write(Data(recorded.serialized().utf8))
                        try file.finish()
                    } catch {
                        file.discard()
                        throw error
                    }
                } catch {
                    throw LecteurCLIError(error.message(strings))
                }
                fputs(words.baselineWritten(count: recorded.entries.count, path: path) + "\n", StandardStream.error)
            }
            if let baseline {
                let comparison = tally.comparison(with: baseline)
                fputs(words.baselineSummary(known: comparison.known, new: comparison.new, fixed: comparison.fixed) + "\n",
                      StandardStream.error)
                if let threshold = failOn, case let count = tally.newViolationCount(atLeast: threshold), count > 0 {
                    // The impact by its name in the user's language (« grave »), not the option's value.
                    fputs(words.failedNew(count: count, impact: threshold) + "\n", StandardStream.error)
                    throw ExitCode(1)
                }
            } else if let threshold = failOn, case let count = tally.violationCount(atLeast: threshold), count > 0 {
                fputs(words.failed(count: count, impact: threshold) + "\n", StandardStream.error)
                throw ExitCode(1)
            }
        }
    }
}
