import Testing
import LecteurCore

/// Copying sessions (issue 26): the copy is aligned with what was sent and every difference is
/// named; callsigns move the speed; words use only the characters learnt.
@Suite struct CopyTests {
    let alphabet = MorseAlphabet.standard

    @Test func aPerfectCopyScoresAHundred() {
        let (score, mistakes) = CopyScoring.score(sent: "KMRSU EANTP", typed: "kmrsu eantp", alphabet: alphabet)
        #expect(score == 100 && mistakes.isEmpty)
        #expect(CopyMessages(strings: french).verdict(score: score, mistakes: mistakes) == "100 % : copie parfaite.")
    }

    @Test func mistakesAreAlignedAndNamedOnceWithTheirCount() {
        // Sent 25 characters; H read as S twice, 5 missed: 3 edits, 88 %.
        let sent = "HAT5H KMRSU EANTP LWIJZ OYFGV"
        let typed = "SATS KMRSU EANTP LWIJZ OYFGV"
        let (score, mistakes) = CopyScoring.score(sent: sent, typed: typed, alphabet: alphabet)
        #expect(mistakes == [CopyMistake(position: 1, sent: "H", typed: "S"), CopyMistake(position: 4, sent: "5", typed: ""),
                             CopyMistake(position: 5, sent: "H", typed: "S")])
        #expect(score == 88)
        #expect(CopyMessages(strings: french).verdict(score: score, mistakes: mistakes)
                == "88 % ; H lu S 2 fois ; 5 manqué.")
        let extra = CopyScoring.score(sent: "KM", typed: "K.M", alphabet: alphabet)
        #expect(extra.mistakes == [CopyMistake(position: 2, sent: "", typed: ".")])
        #expect(CopyMessages(strings: french).verdict(score: extra.score, mistakes: extra.mistakes)
                == "50 % ; point final en trop.")
    }

    /// A prosign is one character, as it is heard: typed `<SK>` in any case, or as the character
    /// sent with the same code (`(` for KN, `+` for AR); missed, it is one mistake, named by its
    /// letters. It counted as four characters (`<`, `K`, `N`, `>`) before.
    @Test func aProsignIsOneCharacterTypedBetweenBracketsOrAsItsCode() {
        #expect(CopyScoring.tokens("TU <SK> E E", alphabet: alphabet).map(\.text) == ["T", "U", "<SK>", "E", "E"])
        #expect(CopyScoring.score(sent: "TU <SK> E E", typed: "tu <sk> e e", alphabet: alphabet).score == 100)
        #expect(CopyScoring.score(sent: "HW? <KN>", typed: "HW? (", alphabet: alphabet).score == 100)
        #expect(CopyScoring.score(sent: "73 <AR>", typed: "73 +", alphabet: alphabet).score == 100)
        let missed = CopyScoring.score(sent: "K <KN>", typed: "K", alphabet: alphabet)
        #expect(missed.score == 50 && missed.mistakes == [CopyMistake(position: 2, sent: "<KN>", typed: "")])
        #expect(CopyMessages(strings: french).verdict(score: missed.score, mistakes: missed.mistakes)
                == "50 % ; prosigne K N manqué.")
        // Typed in lower case, a prosign is not taken for markup on its way in (`<sk>` was removed).
        #expect(TextSanitizer.clean("tu <sk> e e <b>x</b>") == "tu <sk> e e x")
        // KN typed as two letters is not KN: one substituted, one in excess.
        let letters = CopyScoring.score(sent: "<KN>", typed: "KN", alphabet: alphabet)
        #expect(letters.score == 0 && letters.mistakes.count == 2)
    }

    @Test func callsignsGoFasterAfterARightCopyAndSlowerAfterAWrongOne() throws {
        var session = CopySession(kind: .callsigns, count: 3, learnt: alphabet.kochSymbols, words: [], settings: .default,
                                  random: SeededRandom(seed: 4))
        let start = session.start()
        guard case .send(let first, 1, let settings)? = start.last else { Issue.record("\(start)"); return }
        #expect(settings.wpm == 20)
        let right = session.handle(first.lowercased())
        #expect(right.contains { if case .send(_, 2, let s) = $0 { s.wpm == 21 } else { false } })
        #expect(right.contains(.verdict(score: 100, mistakes: [], speed: 21)))
        #expect(CopyMessages(strings: french).verdict(score: 100, mistakes: [], speed: 21)
                == "100 % : copie parfaite. Vitesse : 21 mots par minute.")
        let wrong = session.handle("Q")
        #expect(wrong.contains { if case .send(_, 3, let s) = $0 { s.wpm == 20 } else { false } })
        _ = session.handle("")
        let last = session.handle("Q")
        #expect(last.last == .ended)
        #expect(!session.isActive)
    }

    @Test func wordsAndGroupsUseOnlyWhatWasLearnt() {
        let learnt = Array(alphabet.kochSymbols.prefix(20))
        let letters = Set(learnt.map(\.character))
        var words = CopySession(kind: .words, count: 4, learnt: learnt, words: french(.morseTrainerWords).split(separator: " ").map(String.init),
                                settings: .default, random: SeededRandom(seed: 8))
        guard case .send(let text, _, let settings)? = words.start().last else { Issue.record("no words"); return }
        #expect(text.split(separator: " ").count == 4)
        #expect(text.filter { $0 != " " }.allSatisfy { letters.contains($0) }, "\(text)")
        #expect(settings.farnsworthWPM == 10, "Farnsworth spacing at half the character speed")
        var beginner = CopySession(kind: .words, count: 4, learnt: Array(learnt.prefix(2)), words: ["mer", "kiwi"],
                                   settings: .default, random: SeededRandom(seed: 8))
        #expect(beginner.start() == [.refuse(.noWords(learnt: Array(learnt.prefix(2)))), .ended])
        #expect(CopyMessages(strings: french).refusal(.noWords(learnt: Array(learnt.prefix(2))))
                == "Aucun mot de la liste ne s'écrit avec les caractères appris (K, M) : continuez l'entraînement Koch.")
        var groups = CopySession(kind: .groups, count: 3, learnt: Array(learnt.prefix(2)), words: [], settings: .default,
                                 random: SeededRandom(seed: 8))
        guard case .send(let sent, _, _)? = groups.start().last else { Issue.record("no groups"); return }
        #expect(sent.split(separator: " ").map(\.count) == [5, 5, 5])
        #expect(sent.filter { $0 != " " }.allSatisfy { $0 == "K" || $0 == "M" })
    }
}
