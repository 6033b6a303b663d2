// SPDX-License-Identifier: GPL-3.0-or-later
extension Reader {
    /// The question the display keeps until it is answered (nil: none waits).
    func waitingQuestion(_ state: ReaderState) -> String? {
        exercises.waitingQuestion(state.exercise, ExerciseContext(state))
    }

    /// Whether a key keys Morse (sending practice runs) rather than being the key table's.
    func keysMorse(_ key: Key, _ state: ReaderState) -> Bool {
        exercises.takes(key, state.exercise, ExerciseContext(state))
    }
}
