// SPDX-License-Identifier: GPL-3.0-or-later
extension DeviceReducer {
    /// What the root asks of the devices' child: an event a device reported, storage's refusal,
    /// the terminal's answer to the keyboard protocol query.
    enum Action {
        case event(DeviceEvent)
        case storageFailed(StorageFault)
        case keyboardProtocol(answered: Bool)
    }

    /// The devices' one entry: their slice; they return what they say and ask nothing of the rest.
    func reduce(_ action: Action, _ devices: inout DeviceState) -> ChildOutput<Never> {
        switch action {
        case .event(let event): return reduce(event, &devices)
        case .storageFailed(let fault): return storageFailed(fault)
        case .keyboardProtocol(let answered):
            devices.keyReleases = answered
            return ChildOutput()
        }
    }
}
