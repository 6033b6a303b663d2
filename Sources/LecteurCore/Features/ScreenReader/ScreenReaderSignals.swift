// SPDX-License-Identifier: GPL-3.0-or-later

/// What the machine shows of each screen reader, as the watch read it from /proc and /sys. The
/// adapter only reads; which screen reader speaks is decided here (`screenReader`).
public struct ScreenReaderSignals: Hashable, Sendable {
    /// A process of this user named `orca` that has not ended (not a zombie), as Orca finds its
    /// own instances (`pgrep -u UID -x orca`).
    public var orcaProcess: Bool
    /// Speakup's synthesizer in sysfs, other than `none`.
    public var speakupSynth: Bool
    /// A running brltty with a speech driver other than `no`.
    public var brlttySpeech: Bool
    /// GNOME's « screen reader » switch, the session bus's `org.a11y.Status.ScreenReaderEnabled`;
    /// nil when the bus did not say (no session bus, no accessibility bus launcher).
    public var screenReaderSwitch: Bool?

    public init(orcaProcess: Bool = false, speakupSynth: Bool = false, brlttySpeech: Bool = false,
                screenReaderSwitch: Bool? = nil) {
        self.orcaProcess = orcaProcess
        self.speakupSynth = speakupSynth
        self.brlttySpeech = brlttySpeech
        self.screenReaderSwitch = screenReaderSwitch
    }

    /// The screen reader that speaks: Orca first (the desktop case), then the console ones.
    /// GNOME's « screen reader » switch (`screenReaderSwitch`) does not decide: it stays on
    /// after Orca crashed or was quit with Insert+Q (the reader was then silent beside no one)
    /// and stays off for Orca started by hand. Orca's process tells; the switch on without it
    /// is only said (`ScreenReaderReducer`).
    public var screenReader: ScreenReader? {
        if orcaProcess { return .orca }
        if speakupSynth { return .speakup }
        if brlttySpeech { return .brltty }
        return nil
    }
}
