// SPDX-License-Identifier: GPL-3.0-or-later
/// Morse playback, decided: what is said first (characters Morse has no code for), what the
/// transcript reports (pattern and exact duration), then the tones, queued after the speech.
struct MorseReducer: Sendable {
    let strings: Strings
    let alphabet: MorseAlphabet
    let sampleRate: Int

    func play(_ text: String, settings: MorseSettings) -> ChildOutput<Never> {
        var out = ChildOutput<Never>()
        let limit = MorseRenderer.playbackCharacterLimit
        if MorseRenderer.exceeds(text, limit: limit) {
            out.error("morse", MorseError.tooLongToPlay(characters: text.count, limit: limit).message(strings))
            return out
        }
        let encoding = alphabet.encode(text)
        guard !encoding.isEmpty else {
            out.error("morse", MorseError.nothingToPlay(encoding).message(strings))
            return out
        }
        if let unknown = encoding.unknownMessage(strings) { out.notice("morse.unknown", unknown) }
        let timeline = MorseTimeline(encoding: encoding, timing: settings.timing, sampleRate: sampleRate)
        let pattern = encoding.words.map { word in word.map(\.pattern).joined(separator: " ") }.joined(separator: " / ")
        let clean = TextSanitizer.clean(text)
        let report = MorseReport(text: clean, pattern: pattern, wpm: settings.wpm, toneHz: settings.toneHz,
                                 durationMs: timeline.durationMs)
        // The tones are the answer; on the display, the text and its pattern under the fingers
        // (Morse for a learner who does not hear it), until a key as every answer asked for.
        let tone = Announcement.Tone(.playback(text: text, report: report), settings: settings,
                                     shown: clean + " " + MorseBraille.cells(encoding))
        out.say(Announcement(.answer, [.tone(tone)], remember: false))
        return out
    }
}
