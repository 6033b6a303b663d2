// SPDX-License-Identifier: GPL-3.0-or-later
/// What a rule found on an element, in axe-core's buckets: a violation, or something a person
/// must check (axe-core's "incomplete").
public enum AuditFindingKind: String, Sendable { case violation, incomplete }
