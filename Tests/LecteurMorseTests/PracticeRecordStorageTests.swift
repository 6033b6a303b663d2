// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import Foundation
import Testing
import LecteurCore
import LecteurStorage
import LecteurStore

/// The reader loads storage's past answers once at start-up, then keeps them itself as it asks
/// storage to record each answer (`PracticeRecord.keep`): the record it keeps must be the one
/// storage would read back, or the next exercise of the run would start from other answers.
@Suite struct PracticeRecordStorageTests {
    let alphabet = MorseAlphabet.standard

    @Test func theRecordKeptAsAnswersAreRecordedIsTheOneStorageReadsBack() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let configuration = ConfigurationPaths.fromEnvironment(["HOME": dir.path, "XDG_CONFIG_HOME": dir.path + "/config",
                                                                "XDG_CONFIG_DIRS": dir.path + "/etc-xdg"])
        let url = dir.appendingPathComponent("lecteur.sqlite")
        let k = try #require(alphabet.symbol(for: "K")), m = try #require(alphabet.symbol(for: "M"))
        let u = try #require(alphabet.symbol(for: "U")), r = try #require(alphabet.symbol(for: "R"))
        // Answers of a run before this one: the record at start-up reads them.
        let earlier = ReaderStore(url: url, configuration: configuration)
        for n in 0..<23 {
            #expect(earlier.record(PracticeAttempt(symbolID: k.id, correct: n % 5 != 0, answer: "K", mode: "koch",
                                                   typedID: n % 5 != 0 ? k.id : m.id, latencyMs: 400 + n, kochLevel: 2)) == nil)
        }
        var kept = ReaderStore(url: url, configuration: configuration).practiceRecord()
        #expect(kept.kept && kept.kochWindows[2]?.count == PracticeRecord.kochWindow)
        #expect(kept.confusions == [k.id: [m.id: 5]])

        // This run: every kind of answer, each recorded and kept.
        let attempts: [PracticeAttempt] = (0..<6).map {
            PracticeAttempt(symbolID: u.id, correct: $0 != 2, answer: "U", mode: "koch", typedID: $0 != 2 ? u.id : r.id,
                            latencyMs: 700 + $0, kochLevel: 3)
        } + (0..<43).map {
            // The active drill: right in time, right but late, another character, no answer.
            let typed: String? = [k.id, k.id, m.id, nil][$0 % 4]
            return PracticeAttempt(symbolID: k.id, correct: $0 % 4 == 0, answer: "", mode: ReflexMode.active.name, typedID: typed,
                                   latencyMs: typed == nil ? nil : 300 + $0)
        } + [
            // The passive drill's and sending's answers count in no reflex time and no confusion.
            PracticeAttempt(symbolID: m.id, correct: true, answer: "M", mode: ReflexMode.passive.name, typedID: m.id, latencyMs: 900),
            PracticeAttempt(symbolID: m.id, correct: false, answer: "K", mode: SendingMode.koch.name, typedID: k.id),
            PracticeAttempt(symbolID: m.id, correct: false, answer: "K", mode: SendingMode.echo.name, typedID: k.id),
            PracticeAttempt(symbolID: r.id, correct: false, answer: "U", mode: "symbol", typedID: u.id, latencyMs: 1_200),
            PracticeAttempt(symbolID: r.id, correct: false, answer: "?!", mode: "weak"),
        ]
        let store = ReaderStore(url: url, configuration: configuration)
        for attempt in attempts {
            #expect(store.record(attempt) == nil)
            kept.keep(attempt)
        }
        let readBack = ReaderStore(url: url, configuration: configuration).practiceRecord()
        #expect(kept == readBack)
        // The figures themselves, so that two empty records do not pass for two equal ones.
        #expect(readBack.kochWindows[3]?.map(\.latencyMs) == [700, 701, 702, 703, 704, 705])
        #expect(readBack.confusions == [k.id: [m.id: 16], u.id: [r.id: 1], r.id: [u.id: 1]])
        #expect(readBack.reflexTimes.count == ReflexSettings.storedTimes && readBack.reflexTimes.prefix(3) == [341, 340, 337])
    }

    /// Without a database nothing is remembered, not even within the run: storage would have
    /// nothing to give the next exercise either.
    @Test func withoutADatabaseNothingIsKept() {
        var record = PracticeRecord()
        record.keep(PracticeAttempt(symbolID: "4B", correct: false, answer: "M", mode: "koch", typedID: "4D", latencyMs: 500,
                                    kochLevel: 2))
        #expect(record == PracticeRecord())
    }
}
