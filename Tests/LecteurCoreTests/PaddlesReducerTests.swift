// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

/// Issue 37, item 7, through the whole reader: `régler manipulateur`, the paddles level chosen
/// where releases are reported, and a squeeze keyed on j and k in mode B: each element sounded
/// when the keyer starts it (its tone and its space), the keyer's clock scheduled from the
/// keyer's own times (a late ring does not push the next one later), the dit mode B adds, and
/// the silence that ends the character once the keyer is idle.
@Suite struct PaddlesReducerTests {
    let base = SendingReducerTests()

    /// The paddles tests' steps: `action` sent with the session as `twin` left it, and the
    /// display's « Manipulé » line when cells were brailled.
    static func step(_ store: inout ReaderTestStore, _ twin: SendingSession<SeededRandom>, _ action: Action, _ effects: [Effect],
                     cells: String?, token: Int, sourceLocation: SourceLocation) {
        store.send(action, effects, sourceLocation: sourceLocation) {
            $0.exercise = .sending(twin)
            if let cells {
                $0.display.message = "Manipulé : " + cells
                $0.display.token = token
                // Progress: it flashes, in place of what stayed.
                $0.display.messageStays = false
            }
        }
    }

    @Test func theKeyerIsASetting() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let b = "Manipulateur iambique, mode B : j pour les points, k pour les traits, sur un terminal qui signale les touches relâchées."
        store.send(.timedLine("régler manipulateur iambique-b", atMs: 0),
                   [.persist([ReaderSettings.keyerKey: "iambic-b"])] + store.said("setting", b, interrupt: true)) {
            $0.settings.keyer = .iambicB
            ReaderTestStore.remembered("setting", b, stays: true, token: 2)(&$0)
        }
        let straight = "Manipulateur droit : la barre d'espace tenue le temps de chaque point ou trait."
        store.send(.timedLine("régler manipulateur droit", atMs: 0),
                   [.persist([ReaderSettings.keyerKey: "straight"])] + store.said("setting", straight, interrupt: true)) {
            $0.settings.keyer = .straight
            ReaderTestStore.remembered("setting", straight, stays: true, token: 3)(&$0)
        }
        let refused = "« pioche-b » n'est pas un manipulateur ; choisissez parmi : droit, iambique-a, iambique-b."
        store.send(.timedLine("régler manipulateur pioche-b", atMs: 0),
                   store.said("setting", refused, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", refused, isError: true, stays: true, token: 4))
        #expect(ReaderSettings.restore { $0 == ReaderSettings.keyerKey ? "iambic-a" : nil }.0.keyer == .iambicA)
        #expect(store.state.settings.reading(.keyer, Fixture.fr)?.value == "droit")
    }

    @Test func theLevelIsPaddlesWhereReleasesAreReported() {
        var state = Fixture.loadedState()
        state.onTerminal = true
        state.settings.inputMode = .keys
        state.settings.keyer = .iambicA
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.tapping, Fixture.fr(.morsePaddlesNoReleases)))
        state.devices.keyReleases = true
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.paddles, nil))
        state.settings.keyer = .straight
        #expect(SendingReducer.level(ExerciseContext(state), Fixture.fr) == (.straightKey, nil))
    }

    @Test func aSqueezeInModeBKeysTheOppositeElementAfterItIsLetGo() throws {
        var store = base.commanded {
            $0.onTerminal = true
            $0.settings.inputMode = .keys
            $0.devices.keyReleases = true
            $0.settings.sendingWPM = 30
            $0.settings.keyer = .iambicB
        }
        var twin = SendingReducerTests.twin(.koch, seed: SendingReducerTests.seedAskingK, wpm: 30)
        let texts = base.says(twin.start(level: .paddles, note: nil, keyer: .iambicB))
        #expect(texts.first?.contains("Manipulateur iambique, mode B, à 30 mots par minute") == true, "\(texts)")
        base.ready(&store, .practiceSeeded(.sending(.koch), seed: SendingReducerTests.seedAskingK), twin, texts)
        func keyed(_ element: MorseElement) -> Effect {
            .sidetone(.keyed(element, markMs: Double(element.units) * 40, spaceMs: 40, settings: .default))
        }
        func shown(_ cells: String, token: Int) -> (braille: Effect, schedule: Effect) {
            (.braille(BrailleLine(text: "Manipulé : " + cells, cursor: 0, kind: .message)), .schedule(.brailleMessage(token: token), afterSeconds: 4))
        }
        func step(_ action: Action, _ effects: [Effect], cells: String? = nil, token: Int = 0,
                  sourceLocation: SourceLocation = #_sourceLocation) {
            Self.step(&store, twin, action, effects, cells: cells, token: token, sourceLocation: sourceLocation)
        }
        // The dah paddle at 1 000 ms: the keyer was idle, so the dah starts at once (cutting
        // speech), and its clock is set for the end of its space, 160 ms on.
        #expect(twin.paddle(.dah, pressed: true, atMs: 1000).elements.map(\.startMs) == [1000])
        var display = shown("\u{2812}", token: 3)
        step(.timedKey(.character("k"), atMs: 1000), [.silence, keyed(.dash), display.braille, .cancelTimer(.sendingSilence),
                                                      .schedule(.keyer, afterSeconds: 0.16), display.schedule], cells: "\u{2812}", token: 3)
        // The dit paddle squeezed 20 ms later: remembered, nothing sounds yet.
        #expect(twin.paddle(.dit, pressed: true, atMs: 1020).elements.isEmpty)
        step(.timedKey(.character("j"), atMs: 1020), [.cancelTimer(.sendingSilence)])
        // The clock rings 3 ms late: the dit starts at 1 160 all the same, and the next ring is
        // set for 1 240, 77 ms after this one.
        #expect(twin.clock().elements.map(\.startMs) == [1160])
        display = shown("\u{2812}\u{2802}", token: 4)
        step(.keyerClock(atMs: 1163), [keyed(.dot), display.braille, .cancelTimer(.sendingSilence),
                                       .schedule(.keyer, afterSeconds: 77.0 / 1000), display.schedule], cells: "\u{2812}\u{2802}", token: 4)
        #expect(twin.clock().elements.map(\.startMs) == [1240])
        display = shown("\u{2812}\u{2802}\u{2812}", token: 5)
        step(.keyerClock(atMs: 1240), [keyed(.dash), display.braille, .cancelTimer(.sendingSilence),
                                       .schedule(.keyer, afterSeconds: 0.16), display.schedule], cells: "\u{2812}\u{2802}\u{2812}", token: 5)
        // Both paddles let go during that dah (it sounds 1 240–1 360).
        _ = twin.paddle(.dit, pressed: false, atMs: 1300)
        step(.timedKey(.released("j"), atMs: 1300), [.cancelTimer(.sendingSilence)])
        _ = twin.paddle(.dah, pressed: false, atMs: 1300)
        step(.timedKey(.released("k"), atMs: 1300), [.cancelTimer(.sendingSilence)])
        // Mode B: the dit paddle was down as that dah started, so a dit follows (C, not K).
        #expect(twin.clock().elements.map(\.startMs) == [1400])
        display = shown("\u{2812}\u{2802}\u{2812}\u{2802}", token: 6)
        step(.keyerClock(atMs: 1400), [keyed(.dot), display.braille, .cancelTimer(.sendingSilence),
                                       .schedule(.keyer, afterSeconds: 0.08), display.schedule],
             cells: "\u{2812}\u{2802}\u{2812}\u{2802}", token: 6)
        // Idle at 1 480: the character ends three units after the dit's end (1 440 + 120).
        #expect(twin.clock().elements.isEmpty)
        step(.keyerClock(atMs: 1480), [.schedule(.sendingSilence, afterSeconds: 0.08)])
        let judged = twin.silence()
        let sent = try #require(base.result(judged))
        #expect(sent.keyed == "-.-." && sent.answer == "C" && sent.correct == false && sent.level == .paddles && sent.wpm == 30)
        #expect(sent.marksMs == [120, 40, 120, 40] && sent.gapsMs == [40, 40, 40])
        let next = base.says(judged)
        let session = twin
        store.send(.timer(.sendingSilence), [.sendingAnswered(sent), .recordAttempt(try #require(base.attempt(judged)))]
                   + base.said(next, token: 7)) {
            $0.exercise = .sending(session)
            SendingReducerTests.remembered(next, token: 7)(&$0)
        }
        // The keyer's clock after the keyer is idle does nothing.
        store.send(.keyerClock(atMs: 2000), [])
    }

    /// Free sending, mode A: the first element of a sending cuts speech (the last verdict), a
    /// character keyed after another within the same word does not (it would cut the keyer's
    /// own piece still playing); the word ends seven units after the last mark.
    @Test func onlyASendingsFirstElementCutsSpeech() throws {
        var store = base.commanded("envoi libre", .free) {
            $0.onTerminal = true
            $0.settings.inputMode = .keys
            $0.devices.keyReleases = true
            $0.settings.sendingWPM = 30
            $0.settings.keyer = .iambicA
        }
        var twin = SendingReducerTests.twin(.free, seed: 1, wpm: 30)
        let texts = base.says(twin.start(level: .paddles, note: nil, keyer: .iambicA))
        base.ready(&store, .practiceSeeded(.sending(.free), seed: 1), twin, texts)
        func step(_ action: Action, _ effects: [Effect], cells: String? = nil, token: Int = 0,
                  sourceLocation: SourceLocation = #_sourceLocation) {
            Self.step(&store, twin, action, effects, cells: cells, token: token, sourceLocation: sourceLocation)
        }
        func shown(_ cells: String, token: Int) -> [Effect] {
            [.braille(BrailleLine(text: "Manipulé : " + cells, cursor: 0, kind: .message))]
        }
        // E: the dit paddle tapped; the keyer idle at 1 080, the word's end set for 1 320.
        _ = twin.paddle(.dit, pressed: true, atMs: 1000)
        step(.timedKey(.character("f"), atMs: 1000),
             [.silence, .sidetone(.keyed(.dot, markMs: 40, spaceMs: 40, settings: .default))] + shown("\u{2802}", token: 3)
             + [.cancelTimer(.sendingSilence), .schedule(.keyer, afterSeconds: 0.08), .schedule(.brailleMessage(token: 3), afterSeconds: 4)],
             cells: "\u{2802}", token: 3)
        _ = twin.paddle(.dit, pressed: false, atMs: 1020)
        step(.timedKey(.released("f"), atMs: 1020), [.cancelTimer(.sendingSilence)])
        #expect(twin.clock().elements.isEmpty)
        step(.keyerClock(atMs: 1080), [.schedule(.sendingSilence, afterSeconds: 0.24)])
        // T, 200 ms later, in the same word: no `.silence` this time.
        _ = twin.paddle(.dah, pressed: true, atMs: 1200)
        step(.timedKey(.character("d"), atMs: 1200),
             [.sidetone(.keyed(.dash, markMs: 120, spaceMs: 40, settings: .default))] + shown(twin.keyedCells(), token: 4)
             + [.cancelTimer(.sendingSilence), .schedule(.keyer, afterSeconds: 0.16), .schedule(.brailleMessage(token: 4), afterSeconds: 4)],
             cells: twin.keyedCells(), token: 4)
        #expect(twin.keyedCells() == "\u{2802}\u{2800}\u{2812}")
    }
}
