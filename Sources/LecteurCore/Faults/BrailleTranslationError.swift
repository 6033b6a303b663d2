// SPDX-License-Identifier: GPL-3.0-or-later
/// Why liblouis could not give braille for a table (worded in Messages/DeviceFaultMessages.swift).
public enum BrailleTranslationError: Error, Hashable, Sendable {
    /// liblouis could not compile the table (missing liblouis-data, or a broken file).
    case tableUnavailable(file: String, detail: String)
    case translationFailed(file: String)
}
