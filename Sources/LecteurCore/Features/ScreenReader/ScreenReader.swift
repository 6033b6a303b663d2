// SPDX-License-Identifier: GPL-3.0-or-later

/// A screen reader already speaking on this machine: the reader must not speak over it.
public enum ScreenReader: String, Hashable, Sendable {
    /// GNOME's Orca, announced on the accessibility bus (AT-SPI `ScreenReaderEnabled`) or
    /// running as a process of the same user named `orca`.
    case orca
    /// The kernel console reader (espeakup and others), seen in sysfs.
    case speakup
    /// brltty with a speech driver of its own.
    case brltty
}
