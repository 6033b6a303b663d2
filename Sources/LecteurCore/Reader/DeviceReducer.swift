// SPDX-License-Identifier: GPL-3.0-or-later
/// The devices and storage, a child of the reader: what they report on their own is said in
/// turn after what is being said, never cutting it ("sound is back" would otherwise cut the very
/// announcement that brought it back). Library and system words go to the transcript's `detail`
/// only.
struct DeviceReducer: Sendable {
    let strings: Strings

    func reduce(_ event: DeviceEvent, _ state: inout ReaderState, _ out: inout Announcer) {
        switch event {
        case .audioLost:
            out.notice("audio.lost", strings(.speechNoticeAudioLost), priority: .notice, &state.announcement)
        case .audioRestored:
            out.notice("audio.restored", strings(.speechNoticeAudioRestored), priority: .notice, &state.announcement)
        case .speechLost(let error, let fallbackSpeaks):
            out.notice("speechd.lost", error.lostMessage(fallbackSpeaks: fallbackSpeaks, strings), priority: .notice,
                       detail: TextSanitizer.clean(error.description), &state.announcement)
        case .brailleUnavailable(let error):
            // The adapter keeps trying and reports each failure: the outage is said once.
            guard !state.devices.brailleOutageSaid else { return }
            state.devices.brailleOutageSaid = true
            out.notice(error.code, error.message(strings), priority: .notice, detail: error.detail, &state.announcement)
        case .brailleConnected:
            state.devices.brailleOutageSaid = false
        case .lineTooLong(let limit):
            out.error("input.tooLong", strings(.hardeningDevicesInputLineTooLong, ["limit": String(limit)]), &state.announcement)
        }
    }

    func storageFailed(_ fault: StorageFault, _ state: inout ReaderState, _ out: inout Announcer) {
        out.error("storage", fault.message(strings), &state.announcement)
    }
}

/// What the reader remembers of the devices.
public struct DeviceState: Hashable, Sendable {
    /// The braille display's outage was said; it is said again only after it came back.
    public var brailleOutageSaid = false

    public init() {}
}
