import Foundation
import LecteurCore

/// One audit, from a loaded catalogue to a written report: walk every reachable screen, run the
/// enabled rules, render the format. `lecteur audit` and the benchmarks call this, so the
/// figures measure what the command does. Immutable and Sendable; `render` can be called from
/// any thread (the rules run in parallel over the screens).
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

    /// `progress` is the user's stored Morse statistics, shown as the symbol rows' values.
    public func results(for catalogue: Catalogue, progress: [String: SymbolProgress] = [:]) -> AuditResults {
        engine.run(AuditWalker(navigator: navigator).walk(catalogue: catalogue, progress: progress), context: context)
    }

    public func render(_ results: AuditResults, as format: AuditFormat, info: AuditRunInfo = AuditRunInfo()) -> String {
        AuditFormatter(strings: strings).render(results, as: format, info: info)
    }

    /// Walk, check and render in one call: what the benchmark of the 100 000-formation catalogue
    /// times for each format.
    public func render(_ catalogue: Catalogue, as format: AuditFormat) -> String {
        render(results(for: catalogue), as: format)
    }
}
