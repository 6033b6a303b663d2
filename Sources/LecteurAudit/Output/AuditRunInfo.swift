// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// What a report says about the run itself rather than the elements: where the catalogue came
/// from, when, where each rule is documented, and the baseline it was compared with.
public struct AuditRunInfo: Sendable {
    /// The API address (credentials removed), `file://…` for a file, `lecteur:builtin` for the
    /// built-in catalogue: axe's `url`.
    public var url: String
    /// When the audit ran (axe's `timestamp`, SARIF's `startTimeUtc`, JUnit's `timestamp`).
    public var timestamp: Date
    /// Seconds the audit took (JUnit's `time`); nil: measured by the run itself, from the start
    /// of the walk to the writing of the totals.
    public var duration: TimeInterval?
    /// Set when the audit read the offline copy of the catalogue: when that copy was fetched.
    public var offlineCopyFetchedAt: Date?
    /// Each rule's help is `helpBase#id`.
    public var helpBase: String
    public var baseline: AuditBaseline?

    public static let defaultHelpBase = "docs/audit-rules.md"

    public init(url: String = "lecteur:builtin", timestamp: Date = Date(), duration: TimeInterval? = 0,
                offlineCopyFetchedAt: Date? = nil, helpBase: String = AuditRunInfo.defaultHelpBase,
                baseline: AuditBaseline? = nil) {
        self.url = url
        self.timestamp = timestamp
        self.duration = duration
        self.offlineCopyFetchedAt = offlineCopyFetchedAt
        self.helpBase = helpBase
        self.baseline = baseline
    }

    /// Reports must be reproducible for goldens and diffable CI artefacts: with the
    /// reproducible-builds variable `SOURCE_DATE_EPOCH` set, the timestamp is that instant and
    /// durations are written as 0.
    public static func reproducibleTimestamp(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Date? {
        environment["SOURCE_DATE_EPOCH"].flatMap(Int.init).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    public func helpURL(_ rule: AuditRuleInfo) -> String { helpBase + "#" + rule.id }

    /// Whether `helpBase` is an absolute URI (SARIF's `helpUri` must be one).
    public var helpBaseIsAbsolute: Bool {
        guard let colon = helpBase.firstIndex(of: ":"), colon != helpBase.startIndex else { return false }
        return helpBase[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// "2026-11-23T14:05:00.000Z"
    public var timestampText: String { Self.iso8601(timestamp) }

    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    /// "0.250" (JUnit's `time`, three decimals as Surefire writes it).
    func durationText(measured: TimeInterval) -> String { String(format: "%.3f", max(0, duration ?? measured)) }
}
