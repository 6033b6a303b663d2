// SPDX-License-Identifier: GPL-3.0-or-later
/// What navigation reads but does not own, handed to it as values by the root: the catalogue,
/// the Morse progress, the settings and the devices' readings, the « Aide » and « Historique »
/// lists (the screens are built from them), and whether the keys of a terminal or a braille
/// keyboard are in use (the « Aide » screen lists them first).
public struct NavigationContext: Sendable {
    public let catalogue: CatalogueStatus
    public let morseProgress: [String: SymbolProgress]
    public let settings: ReaderSettings
    public let deviceSettings: [SettingKey: SettingReading]
    public let lists: ListScreens
    let onTerminal: Bool
    let brailleKeyboardUsed: Bool
}

extension ReaderState {
    /// The values navigation reads, as they are now (taken again at each call, after the
    /// children that change them).
    public var navigationContext: NavigationContext {
        NavigationContext(catalogue: catalogue.status, morseProgress: morseProgress, settings: settings,
                          deviceSettings: devices.deviceSettings, lists: lists, onTerminal: onTerminal,
                          brailleKeyboardUsed: brailleInput.keyboardUsed)
    }
}
