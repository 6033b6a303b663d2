// SPDX-License-Identifier: GPL-3.0-or-later
extension Reader {
    /// The exercise a seeded request starts: everything but the seed comes from the state (the
    /// Koch level within the order's bounds, storage's past answers in `practiceRecord`).
    func practiceStart(_ request: PracticeRequest, seed: UInt64, _ state: ReaderState) -> ExerciseStart {
        switch request {
        case .listening(let mode):
            .listening(mode, seed: seed, history: state.practiceRecord.history(for: mode))
        case .copy(let kind, let count, let language):
            .copying(kind, count: count, seed: seed, kochLevel: kochLevel(state), language: language)
        case .sending(let mode):
            .sending(mode, seed: seed, kochLevel: kochLevel(state))
        case .reflex(let mode):
            .reflex(mode, seed: seed, kochLevel: kochLevel(state), storedTimes: state.practiceRecord.reflexTimes)
        }
    }
}
