// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Storage is an effect the runtime performs: the reader asks for each write, the runtime reports
/// what storage now holds (`.stored`), and what follows is the reader's decision, not the runtime's.
@Suite struct StoredRecordTests {

    /// A scored copy goes to the transcript and, as its own effect, to storage: the runtime does
    /// not decide to keep it because it wrote it down.
    @Test func aScoredCopyIsAskedToBeKept() throws {
        var store = ReaderTestStore(state: Fixture.loadedState())
        _ = store.reader.reduce(&store.state, .practiceSeeded(.copy(.groups, count: 2), seed: 1))
        // Seed 1's two groups of the learnt K and M, copied right.
        let sent = "MMMKK MMMKM"
        let copied = CopyResult(mode: .groups, round: 1, sent: sent, typed: sent, score: 100, mistakes: [])
        let verdict = store.reader.reduce(&store.state, .timedLine(sent, atMs: 0))
        let kept = verdict.firstIndex(of: .storeCopyResult(copied))
        let reported = try #require(verdict.firstIndex(of: .copyResult(copied)), "\(verdict)")
        #expect(kept == reported + 1, "kept right after the transcript's event: \(verdict)")
        #expect(verdict.filter { if case .storeCopyResult = $0 { true } else { false } }.count == 1, "\(verdict)")
    }

    /// Storage's answers: the counts it holds after an attempt become the Morse list's; a kept
    /// copy changes nothing now; a write refused is said as a storage error, by the reader.
    @Test func whatStorageHoldsIsTheReadersToActOn() {
        var store = ReaderTestStore()
        let counts = ["41": SymbolProgress(attempts: 3, correct: 2), "4b": SymbolProgress(attempts: 1, correct: 1)]
        store.send(.stored(.success(.attempt(progress: counts))), []) { $0.morseProgress = counts }
        let copied = CopyResult(mode: .callsigns, round: 2, sent: "F4ABC", typed: "F4ABC", score: 100, mistakes: [])
        store.send(.stored(.success(.copyResult(copied))), [])
        let refused = "Impossible d'enregistrer dans la base de données (lecture seule)."
        store.send(.stored(.failure(.database(.operationFailed(reason: .readOnly)))),
                   store.said("storage", refused, isError: true, .error) + [.schedule(.brailleMessage(token: 1), afterSeconds: 4)],
                   state: ReaderTestStore.remembered("storage", refused, isError: true, token: 1))
    }
}
