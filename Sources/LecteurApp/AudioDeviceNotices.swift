import LecteurAudio
import LecteurCore

extension ReaderSession {
    /// Tells the user when the sound server goes away and when sound is back. The loss is a
    /// notice like any other (the transcript and braille carry it; speech is gone anyway); the
    /// return is only written, because speaking it would cut the announcement being heard.
    public func follow(_ output: DeviceAudioOutput) {
        let strings = navigator.strings
        output.observe { [weak self] event in
            guard let self else { return }
            switch event {
            case .lost:
                self.post(.notice(code: "audio.lost", message: strings(.speechNoticeAudioLost)))
            case .restored:
                self.recordNotice(code: "audio.restored", message: strings(.speechNoticeAudioRestored))
            }
        }
    }
}
