// SPDX-License-Identifier: GPL-3.0-or-later
/// The devices and storage, a child of the reader: what they report on their own is said in
/// turn after what is being said, never cutting it ("sound is back" would otherwise cut the very
/// announcement that brought it back). Library and system words go to the transcript's `detail`
/// only.
struct DeviceReducer: Sendable {
    let strings: Strings

    /// What is said of `event`, returned for the root to say.
    func reduce(_ event: DeviceEvent, _ devices: inout DeviceState) -> ChildOutput<Never> {
        var out = ChildOutput<Never>()
        switch event {
        case .audioLost:
            out.notice("audio.lost", strings(.speechNoticeAudioLost), kind: .notice)
        case .audioRestored:
            out.notice("audio.restored", strings(.speechNoticeAudioRestored), kind: .notice)
        case .speechLost(let error, let fallbackSpeaks):
            out.notice("speechd.lost", error.lostMessage(fallbackSpeaks: fallbackSpeaks, strings), kind: .notice,
                       detail: TextSanitizer.clean(error.description))
        case .brailleUnavailable(let error):
            let wasConnected = devices.displayConnected
            devices.displayConnected = false
            // Under `--braille auto` no brltty, or a brltty with no display, is the usual case
            // of a user who has none: nothing to say (measured beside Orca 43: 10 s of « Pas de
            // plage braille… » before the first element). A display that was there and went
            // away, `--braille on`, or a server that answers wrongly is said.
            if !wasConnected, !devices.displayRequired, error.meansNoDisplay { return out }
            // The adapter keeps trying and reports each failure: the outage is said once.
            guard !devices.brailleOutageSaid else { return out }
            devices.brailleOutageSaid = true
            out.notice(error.code, error.message(strings), kind: .notice, detail: error.detail)
        case .brailleConnected:
            devices.brailleOutageSaid = false
            devices.displayConnected = true
        case .displayWidth(let columns):
            devices.displayColumns = columns > 0 ? columns : nil
        case .lineTooLong(let limit):
            out.error("input.tooLong", strings(.deviceFaultInputLineTooLong, ["limit": String(limit)]))
        }
        return out
    }

    func storageFailed(_ fault: StorageFault) -> ChildOutput<Never> {
        ChildOutput([.say(.error("storage", fault.message(strings)))])
    }
}
