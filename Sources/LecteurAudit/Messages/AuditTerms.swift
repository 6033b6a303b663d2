// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// The audit's typed terms that its sentences name (in `AuditFindingMessages` and
/// `AuditReportMessages`): they live beside the words, in the audit's own `Messages/`.

/// How much a finding hurts the person using the reader, in axe-core's four levels, so that a
/// CI can gate on "serious or worse" the way it already does for web pages.
public enum Impact: String, CaseIterable, Comparable, Sendable {
    case minor, moderate, serious, critical

    private var rank: Int {
        switch self {
        case .minor: 0
        case .moderate: 1
        case .serious: 2
        case .critical: 3
        }
    }

    public static func < (a: Impact, b: Impact) -> Bool { a.rank < b.rank }
}

/// What a rule found on an element, in axe-core's buckets: a violation, or something a person
/// must check (axe-core's "incomplete").
public enum AuditFindingKind: String, Sendable { case violation, incomplete }

/// A character a finding names: shown as it is, or by its code point alone when it cannot be
/// seen (a space, a combining mark).
public enum NamedCharacter: Hashable, Sendable {
    case visible(Unicode.Scalar)
    case invisible(Unicode.Scalar)
}
