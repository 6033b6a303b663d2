// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurLocales

/// One audit, from a loaded catalogue to a written report: walk every reachable screen, run the
/// enabled rules, render the format, a batch of screens at a time (see `AuditPipeline`).
/// `lecteur audit` and the benchmarks call this, so the figures measure what the command does.
public struct AuditRun: Sendable {
    public let strings: Strings
    public let navigator: Navigator
    public let context: AuditContext
    public let engine: AuditEngine

    /// Throws `AuditResources.Missing` when the shipped word lists or braille table cannot be read.
    public init(strings: Strings, timeZone: TimeZone, disabled: [String] = [],
                braille: (any BrailleCellTable)? = nil) throws {
        self.strings = strings
        // The speech text audited is exactly what the reader hands to espeak-ng.
        self.navigator = Navigator(strings: strings, timeZone: timeZone, pronunciation: PronunciationResources.builder(strings))
        self.context = try AuditResources.context(strings: strings, braille: braille)
        self.engine = AuditEngine(disabling: disabled)
    }

    /// Writes the report of `catalogue` to `sink` as it is produced and returns the totals
    /// (check `sink.failed` afterwards). `progress` is the user's stored Morse statistics, shown
    /// as the symbol rows' values. Sections the format writes out of walk order wait in a
    /// scratch file in `scratchDirectory` (else the temporary folder; in memory when nil).
    /// `recordBaseline` keeps every finding for `AuditTally.baseline`.
    @discardableResult
    public func write(_ catalogue: Catalogue, progress: [String: SymbolProgress] = [:], as format: AuditFormat,
                      info: AuditRunInfo = AuditRunInfo(), to sink: AuditSink, scratchDirectory: String? = nil,
                      recordBaseline: Bool = false) -> AuditTally {
        write(catalogue, progress: progress, as: format, info: info, to: sink, scratchDirectory: scratchDirectory,
              recordBaseline: recordBaseline, tuning: AuditPipeline.Tuning())
    }

    func write(_ catalogue: Catalogue, progress: [String: SymbolProgress], as format: AuditFormat, info: AuditRunInfo,
               to sink: AuditSink, scratchDirectory: String?, recordBaseline: Bool, tuning: AuditPipeline.Tuning) -> AuditTally {
        let checker = AuditChecker(navigator: navigator, engine: engine, context: context)
        let plan = AuditWalker(navigator: navigator).plan(catalogue: catalogue, progress: progress)
        let streamed = AuditFormatter(strings: strings)
            .streamed(format, rules: engine.rules.map(\.info), braille: context.braille.name, info: info)
        // Beside the report first; the temporary folder when that cannot take it.
        let temporary = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let directories = scratchDirectory.map { [$0, temporary] } ?? []
        let spool = AuditSpool(streams: streamed.sectionCount, directories: directories, spillSize: tuning.spillSize)
        let started = ContinuousClock.now
        var tally = AuditPipeline(checker: checker, plan: plan, tuning: tuning)
            .run(streamed, spool: spool, baseline: info.baseline, record: recordBaseline)
        let elapsed = (ContinuousClock.now - started).components
        tally.elapsed = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
        var out = ""
        out.reserveCapacity(1 << 16)
        streamed.assemble(tally, spool, into: &out, sink: sink)
        sink.flush(&out, force: true)
        if spool.failed { sink.markFailed() }
        return tally
    }

    /// The whole report as one string: for tests and small catalogues.
    public func render(_ catalogue: Catalogue, progress: [String: SymbolProgress] = [:], as format: AuditFormat,
                       info: AuditRunInfo = AuditRunInfo()) -> String {
        let (sink, text) = AuditSink.collecting()
        write(catalogue, progress: progress, as: format, info: info, to: sink)
        return text()
    }
}
