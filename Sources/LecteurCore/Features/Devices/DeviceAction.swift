// SPDX-License-Identifier: GPL-3.0-or-later
extension DeviceReducer {
    /// What the root asks of the devices' child: an event a device reported, storage's refusal,
    /// the terminal's answer to the keyboard protocol query.
    enum Action {
        case event(DeviceEvent)
        case storageFailed(StorageFault)
        case keyboardProtocol(answered: Bool)
    }

    /// The devices' one entry: their slice and the output; they ask nothing of the rest.
    func reduce(_ action: Action, _ devices: inout DeviceState, _ out: inout Announcer) {
        switch action {
        case .event(let event): reduce(event, &devices, &out)
        case .storageFailed(let fault): storageFailed(fault, &out)
        case .keyboardProtocol(let answered): devices.keyReleases = answered
        }
    }
}
