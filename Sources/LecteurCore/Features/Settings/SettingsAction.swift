// SPDX-License-Identifier: GPL-3.0-or-later
extension SettingsReducer {
    /// What the root asks of the settings.
    enum Action {
        /// `régler NOM VALEUR`.
        case set(name: String, value: String)
        /// `régler NOM`.
        case show(name: String)
        /// `régler` alone: the devices' settings are read first.
        case openScreen
        /// The devices answered a reading of their settings.
        case read([SettingKey: SettingReading])
        /// A device applied (or refused) a setting it owns.
        case deviceConfigured(SettingKey, Result<SettingValue, SettingFault>)
        /// The « Réglages » screen opened: its name and size.
        case announceScreen
    }

    /// What the settings read of the rest: whether keys can be read now (`clavier touches`).
    struct Context {
        let onTerminal: Bool
    }

    /// What the settings ask of the rest, the root applying it (`Reader.handle`).
    enum Delegate: Equatable {
        /// The readings asked for by `régler` came: the « Réglages » screen opens.
        case openSettingsScreen
    }

    /// The settings' one entry: their slice (`SettingsState`) and their context in; what they
    /// say, save and ask of the rest out, as a value (issue 47).
    func reduce(_ action: Action, _ slice: inout SettingsState, _ context: Context) -> ChildOutput<Delegate> {
        var out = ChildOutput<Delegate>()
        switch action {
        case .set(let name, let value): set(name: name, value: value, onTerminal: context.onTerminal, &slice.settings, &out)
        case .show(let name): show(name: name, &slice, &out)
        case .openScreen: openScreen(&slice, &out)
        case .read(let readings): if settingsRead(readings, &slice, &out) { out.delegates = [.openSettingsScreen] }
        case .deviceConfigured(let key, let result): deviceConfigured(key, result, &out)
        case .announceScreen: announceScreen(&out)
        }
        return out
    }
}
