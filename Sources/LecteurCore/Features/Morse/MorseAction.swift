// SPDX-License-Identifier: GPL-3.0-or-later
extension MorseReducer {
    /// What the root asks of Morse playing (the exercises call its other methods as they sound
    /// their questions).
    enum Action {
        /// `morse TEXTE`, or a symbol's « Écouter » button.
        case play(String)
    }

    /// Morse playing's one entry: it holds no slice; it reads the Morse settings and returns
    /// what it says (asking nothing of the rest).
    func reduce(_ action: Action, _ settings: MorseSettings) -> ChildOutput<Never> {
        switch action {
        case .play(let text): play(text, settings: settings)
        }
    }
}
