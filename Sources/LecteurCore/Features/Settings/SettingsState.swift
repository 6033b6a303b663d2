// SPDX-License-Identifier: GPL-3.0-or-later
/// The settings' slice: the reader's own settings, and the devices' settings as last read with
/// the reading asked for. The devices' part is kept in `DeviceState`, where the navigation
/// context and completion read it; this is the view `SettingsReducer` changes.
struct SettingsState: Equatable, Sendable {
    var settings: ReaderSettings
    var deviceSettings: [SettingKey: SettingReading]
    var settingsRequest: SettingsRequest?
}

extension ReaderState {
    var settingsSlice: SettingsState {
        get { SettingsState(settings: settings, deviceSettings: devices.deviceSettings, settingsRequest: devices.settingsRequest) }
        set {
            settings = newValue.settings
            devices.deviceSettings = newValue.deviceSettings
            devices.settingsRequest = newValue.settingsRequest
        }
    }
}
