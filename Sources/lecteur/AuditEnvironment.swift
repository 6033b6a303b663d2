// SPDX-License-Identifier: GPL-3.0-or-later
import ArgumentParser
import Foundation
import LecteurApp
import LecteurAudit
import LecteurCore
import LecteurFiles
import LecteurStore
import LecteurTerminal

/// What `lecteur audit` was asked for, typed: the command line parses it, the root builds from it.
struct AuditOptions {
    var common: CommonOptions
    var format: AuditFormat
    var failOn: Impact?
    /// `--rules`: list the rules and audit nothing.
    var listRules: Bool
    /// `--disable`, as typed (`a,b` or repeated).
    var disable: [String]
    var output: String?
    var stringsFile: String?
    var allowOffline: Bool
    var baselineFile: String?
    var writeBaselineFile: String?
    /// `--help-url` as typed (checked before it goes into a report), and the address in use.
    var helpURLOption: String?
    var helpURL: String
}

/// The composition root of `lecteur audit`, as `ReaderEnvironment.live` is the reader's and
/// `SayEnvironment` and `MorseEnvironment` are theirs: the strings (with `--strings` over the
/// shipped ones) and the rules to leave out, checked; `run` lists the rules, or reads the
/// catalogue the reader would show and writes the report.
struct AuditEnvironment {
    let options: AuditOptions
    let strings: Strings
    let words: AuditReportMessages
    let disabled: [String]

    static func live(_ options: AuditOptions) throws -> AuditEnvironment {
        let strings = try auditStrings(options)
        let words = AuditReportMessages(strings: strings)
        // "--disable a,b" and "--disable a --disable b" both work.
        let disabled = options.disable.flatMap { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        if let unknown = disabled.first(where: { AuditRules.rule($0) == nil }) {
            throw LecteurCLIError(words.unknownRule(unknown, known: AuditRules.ids))
        }
        return AuditEnvironment(options: options, strings: strings, words: words, disabled: disabled)
    }

    func run() throws {
        if options.listRules {
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
        let loaded = try AuditCatalogue.load(options.common, strings: strings, allowOffline: options.allowOffline)
        let catalogue = loaded.catalogue
        let run: AuditRun
        do { run = try AuditRun(strings: strings, timeZone: .current, disabled: disabled) } catch let missing as AuditResources.Missing {
            throw LecteurCLIError(words.resourceMissing(file: missing.file), status: .osFile)
        }
        phase("decode")
        let reproducible = AuditRunInfo.reproducibleTimestamp()
        let info = AuditRunInfo(
            url: loaded.url ?? options.common.catalog.map { URL(fileURLWithPath: $0).absoluteString } ?? "lecteur:builtin",
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
            report = try options.output.map { path throws(OutputFileError) in try OutputFile(path: path, policy: .replace) }
        } catch {
            throw LecteurCLIError(error.message(strings), status: .ioError)
        }
        guard let file = report.map({ fdopen(dup($0.fileDescriptor), "wb") }) ?? StandardStream.output else {
            throw LecteurCLIError(words.cannotWrite(path: options.output), status: .ioError)
        }
        let scratch = Lecteur.Audit.scratchDirectory(for: options.output)
        let sink = AuditSink(file: file)
        let tally = run.write(catalogue, progress: ReaderStore().progress(), as: options.format, info: info,
                              to: sink, scratchDirectory: scratch, recordBaseline: options.writeBaselineFile != nil)
        let closed = report != nil ? fclose(file) == 0 : fflush(file) == 0
        let closeError = errno
        phase("walk-check-write-\(options.format.rawValue)")
        if sink.failed || !closed {
            report?.discard()
            let reason = report.map { OutputFileError(path: $0.path, errno: sink.failed ? sink.errorNumber : closeError) }
            throw LecteurCLIError(reason?.message(strings) ?? words.cannotWrite(path: nil), status: .ioError)
        }
        do throws(OutputFileError) {
            try report?.finish()
        } catch {
            throw LecteurCLIError(error.message(strings), status: .ioError)
        }
        if let path = options.writeBaselineFile {
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
                throw LecteurCLIError(error.message(strings), status: .ioError)
            }
            PrintedLine.toStandardError(words.baselineWritten(count: recorded.entries.count, path: path), strings)
        }
        if let baseline {
            let comparison = tally.comparison(with: baseline)
            PrintedLine.toStandardError(words.baselineSummary(known: comparison.known, new: comparison.new, fixed: comparison.fixed), strings)
            if let threshold = options.failOn, case let count = tally.newViolationCount(atLeast: threshold), count > 0 {
                // The impact by its name in the user's language (« grave »), not the option's value.
                PrintedLine.toStandardError(words.failedNew(count: count, impact: threshold), strings)
                throw ExitCode(1)
            }
        } else if let threshold = options.failOn, case let count = tally.violationCount(atLeast: threshold), count > 0 {
            PrintedLine.toStandardError(words.failed(count: count, impact: threshold), strings)
            throw ExitCode(1)
        }
    }

    private func readBaseline(_ strings: Strings) throws -> AuditBaseline? {
        guard let path = options.baselineFile else { return nil }
        let data: Data
        do {
            data = try InputFile.read(path, limit: AuditBaseline.fileLimit)
        } catch {
            throw LecteurCLIError(AuditReportMessages(strings: strings).baselineUnreadable(path: path, reason: error.reason(strings)),
                                   status: .noInput)
        }
        guard let baseline = try? AuditBaseline.read(data) else {
            throw LecteurCLIError(AuditReportMessages(strings: strings).badBaseline(path: path), status: .data)
        }
        return baseline
    }

    /// The chosen locale, with the templates of `--strings` in place of the shipped ones.
    private static func auditStrings(_ options: AuditOptions) throws -> Strings {
        let shipped = try options.common.strings()
        guard let path = options.stringsFile else { return shipped }
        let words = AuditReportMessages(strings: shipped)
        let data: Data
        do {
            data = try InputFile.read(path, limit: AuditResources.overridesLimit)
        } catch {
            throw LecteurCLIError(words.stringsUnreadable(path: path, reason: error.reason(shipped)), status: .noInput)
        }
        do {
            return try AuditResources.strings(locale: shipped.localeCode, overrides: data) ?? shipped
        } catch AuditResources.OverrideError.unknownKey(let key) {
            throw LecteurCLIError(words.unknownKey(key, path: path), status: .data)
        } catch {
            throw LecteurCLIError(words.badStrings(path: path), status: .data)
        }
    }

    /// `--help-url` goes into every report (JSON `helpUrl`, SARIF `helpUri`, HTML links):
    /// only an http(s) address without spaces or control characters.
    private func checkedHelpURL(_ strings: Strings) throws -> String {
        guard let option = options.helpURLOption else { return options.helpURL }
        let lowered = option.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), option.count <= 2_000,
              option.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F }),
              let url = URL(string: option), let host = url.host, !host.isEmpty else {
            throw LecteurCLIError(AuditReportMessages(strings: strings).helpURLInvalid(option))
        }
        return option
    }
}
