// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// `lecteur audit`'s help and error texts by their key, for Audit.swift and AuditCatalogue.swift
/// only: the other commands word theirs through `CLIHelp` and `CLIMessages` in the core. Remove
/// this file once the audit's files word theirs in the core too.
func cli(_ key: L10n, _ args: [String: String] = [:]) -> String { CLIText.strings(key, args) }
