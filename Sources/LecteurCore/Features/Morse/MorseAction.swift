// SPDX-License-Identifier: GPL-3.0-or-later
extension MorseReducer {
    /// What the root asks of Morse playing (the exercises call its other methods as they sound
    /// their questions).
    enum Action {
        /// `morse TEXTE`, or a symbol's « Écouter » button.
        case play(String)
    }

    /// Morse playing's one entry: it holds no slice; it reads the Morse settings.
    func reduce(_ action: Action, _ settings: MorseSettings, _ out: inout Announcer) {
        switch action {
        case .play(let text): play(text, settings: settings, &out)
        }
    }
}
