// SPDX-License-Identifier: GPL-3.0-or-later
/// What the reader knows of the devices: the slice of `DeviceReducer` and of the device part
/// of `SettingsReducer`.
public struct DeviceState: Hashable, Sendable {
    /// The braille display's outage was said; it is said again only after it came back.
    public var brailleOutageSaid = false
    /// Whether a voice says what the reader says; without one `tout lire` paces the display.
    public var hasVoice = true
    /// Whether a braille display is wanted (`--braille on` or `auto`): reading without a voice
    /// then keeps its time.
    public var hasDisplay = false
    /// A display is connected now (brltty answered with one, and has not been lost since): the
    /// goodbye waits for it only then, and only its loss is worth a word under `--braille auto`.
    public var displayConnected = false
    /// `--braille on`: a display was asked for by name, so its absence is always said.
    public var displayRequired = false
    /// The width of the display that answered, in cells; nil before one did (the reference
    /// 40 is assumed then).
    public var displayColumns: Int?
    /// The devices' settings as last read, for the « Réglages » screen.
    public var deviceSettings: [SettingKey: SettingReading] = [:]
    /// Settings asked of the devices and why (to say one, or to open the « Réglages » screen).
    public var settingsRequest: SettingsRequest?
    /// Whether the terminal answered the kitty keyboard protocol query (nil: not asked).
    public var keyReleases: Bool?

    public init() {}
}
