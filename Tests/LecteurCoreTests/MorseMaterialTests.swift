// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// Issue 37 item 8, real material: QSOs, the user's own text, group lengths, Koch orders and
/// the « Progrès » screen, through the reducer (`ReaderTestStore`) and the pure sessions.
@Suite struct MorseMaterialTests {
    let alphabet = MorseAlphabet.standard
    let frenchWords = Fixture.fr(.morseTrainerWords).split(separator: " ").map(String.init)

    // MARK: Settings

    @Test func groupLengthIsOneLengthOrARangeAndBadValuesAreRefused() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        var token = store.state.display.token
        let range = "Groupes de 3 à 7 caractères, la longueur tirée au hasard pour chacun."
        store.send(.command(.set(name: "longueur-groupes", value: "3 à 7")),
                   [.persist(["morse.group-length": "3-7"])] + store.said("setting", range, interrupt: true)) {
            $0.settings.groupLength = 3...7
            ReaderTestStore.remembered("setting", range, stays: true, token: token + 1)(&$0)
        }
        token += 1
        let one = "Groupes de 1 caractère."
        store.send(.command(.set(name: "group-length", value: "1")),
                   [.persist(["morse.group-length": "1"])] + store.said("setting", one, interrupt: true)) {
            $0.settings.groupLength = 1...1
            ReaderTestStore.remembered("setting", one, stays: true, token: token + 1)(&$0)
        }
        token += 1
        let bad = "Longueur-groupes invalide : « 11 ». Choisissez une valeur de 1 à 10 (ou deux, comme 3-7)."
        store.send(.command(.set(name: "longueur-groupes", value: "11")),
                   store.said("setting", bad, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", bad, isError: true, stays: true, token: token + 1))
        #expect(GroupLength.parse("7-3") == nil && GroupLength.parse("0") == nil && GroupLength.parse("abc") == nil)
        #expect(GroupLength.parse("10") == 10...10 && GroupLength.parse("2..4") == 2...4 && GroupLength.parse("2 to 9") == 2...9)
        let (restored, _) = ReaderSettings.restore { $0 == "morse.group-length" ? "3-7" : nil }
        #expect(restored.groupLength == 3...7)
    }

    @Test func theKochOrderIsASettingThatKeepsTheLevel() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.settings.kochLevel = 4
        let token = store.state.display.token
        let said = "Ordre Koch LICW ; leçon 3 : R, E, A, T."
        store.send(.command(.set(name: "ordre-koch", value: "licw")),
                   [.persist(["morse.koch.order": "licw"])] + store.said("setting", said, interrupt: true)) {
            $0.settings.kochOrder = .licw
            ReaderTestStore.remembered("setting", said, stays: true, token: token + 1)(&$0)
        }
        let bad = "Ordre Koch « morse » inconnu : donnez LCWO, G4FON ou LICW."
        store.send(.command(.set(name: "ordre-koch", value: "morse")),
                   store.said("setting", bad, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("setting", bad, isError: true, stays: true, token: token + 2))
        // `régler koch` counts the lessons of the order chosen: LICW has 42 symbols, 41 lessons.
        let lesson = "Koch : 3 ; de 1 à 41."
        store.send(.command(.showSetting(name: "koch")),
                   store.said("setting", lesson, interrupt: true),
                   state: ReaderTestStore.remembered("setting", lesson, stays: true, token: token + 3))
        let (restored, _) = ReaderSettings.restore { $0 == "morse.koch.order" ? "g4fon" : nil }
        #expect(restored.kochOrder == .g4fon)
    }

    /// The orders as their trainers publish them (sources in docs/morse-material.md).
    @Test func theThreeOrdersAreTheTrainersOwn() {
        func text(_ order: KochOrder) -> String { String(order.symbols(alphabet).map(\.character)) }
        #expect(text(.lcwo) == "KMURESNAPTLWI.JZ=FOY,VG5/Q92H38B?47C1D60X")
        #expect(text(.g4fon) == "KMRSUAPTLOWI.NJEF0Y,VG5/Q9ZH38B?427C1D6X")
        #expect(text(.licw) == "REATINPGSLCDHOFUWBKMY59,QXV73?+=16.ZJ/2840")
        for order in KochOrder.allCases {
            // Every character has its symbol, none twice, and every letter and digit is taught.
            let symbols = order.symbols(alphabet)
            #expect(symbols.count == order.characters.count && Set(symbols).count == symbols.count)
            #expect(Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789").isSubset(of: Set(symbols.map(\.character))))
        }
        #expect(KochLesson.lessons(order: .lcwo) == 1...40 && KochLesson.lessons(order: .g4fon) == 1...39
                && KochLesson.lessons(order: .licw) == 1...41)
    }

    @Test func kochPracticeDrawsFromTheChosenOrder() {
        var session = PracticeSession(mode: .koch(level: 3), progress: [:], random: SeededRandom(seed: 5),
                                      options: PracticeOptions(kochOrder: .g4fon))
        #expect(session.pool.map(\.character) == ["K", "M", "R"])
        var asked = Set<Character>()
        _ = session.start()
        for _ in 0..<60 {
            if let current = session.current { asked.insert(current.character) }
            _ = session.handle(String(session.current!.character))
        }
        // 60 right answers unlock the order's next symbols: S, then U…, never LCWO's U before S.
        #expect(asked.isSuperset(of: ["K", "M", "R", "S"]), "\(asked)")
        #expect(session.pool.map(\.character).starts(with: ["K", "M", "R", "S"]))
        let licw = PracticeSession(mode: .koch(level: 2), progress: [:], random: SeededRandom(seed: 5),
                                   options: PracticeOptions(kochOrder: .licw))
        #expect(licw.pool.map(\.character) == ["R", "E"])
    }

    @Test func copyAndListeningRequestsUseTheOrderOfTheState() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.state.settings.kochOrder = .licw
        store.state.settings.kochLevel = 3
        store.send(.command(.practice(koch: false)), [.preparePractice(.listening(.weakSymbols(pool: ["52", "45", "41"])))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        // The request's pool is the point.
        store.leaveUnanswered([.preparePractice(.listening(.weakSymbols(pool: ["52", "45", "41"])))])
    }

    // MARK: Group length

    @Test func groupsFollowTheLengthSetting() {
        func groups(_ length: ClosedRange<Int>, seed: UInt64) -> [String] {
            var session = CopySession(kind: .groups, count: 40, learnt: Array(alphabet.kochSymbols.prefix(10)), words: [],
                                      settings: .default, random: SeededRandom(seed: seed), groupLength: length)
            guard case .send(let text, 1, _)? = session.start().last else { return [] }
            return text.split(separator: " ").map(String.init)
        }
        let ranged = groups(3...7, seed: 9)
        #expect(ranged.count == 40 && ranged.allSatisfy { (3...7).contains($0.count) })
        #expect(Set(ranged.map(\.count)) == [3, 4, 5, 6, 7], "every length of the range is drawn: \(ranged)")
        #expect(groups(1...1, seed: 9).allSatisfy { $0.count == 1 })
        #expect(groups(10...10, seed: 9).allSatisfy { $0.count == 10 })
        // Five, the default, draws no length: a seed sends what it sent before the setting existed.
        var before = CopySession(kind: .groups, count: 40, learnt: Array(alphabet.kochSymbols.prefix(10)), words: [],
                                 settings: .default, random: SeededRandom(seed: 9))
        guard case .send(let text, 1, _)? = before.start().last else { Issue.record("no sending"); return }
        #expect(text.split(separator: " ").map(String.init) == groups(5...5, seed: 9))
        // The introduction says the length when it is not five.
        var session = CopySession(kind: .groups, count: 2, learnt: Array(alphabet.kochSymbols.prefix(2)), words: [],
                                  settings: .default, random: SeededRandom(seed: 1), groupLength: 3...7)
        guard case .introduce(let introduction)? = session.start().first else { Issue.record("no introduction"); return }
        let intro = CopyMessages(strings: Fixture.fr).introduction(introduction)
        #expect(intro == "Copie de 2 groupes de 3 à 7 caractères parmi K, M, envoyés d'une traite. Écoutez tout, puis tapez votre copie en une ligne. Ligne vide pour réécouter, « stop » pour finir.")
    }

    // MARK: QSO

    func qso(_ strings: Strings, seed: UInt64) -> [String] {
        var random = SeededRandom(seed: seed)
        return QSOText(strings: strings).qso(using: &random)
    }

    @Test func aQSOHasItsFiveOversWithRSTNameQTHRigAnd73() throws {
        for (strings, words) in [(Fixture.fr, ["QTH", "RST", "73"]), (Fixture.en, ["TNX", "QTH", "RST"])] {
            var seen = Set<String>()
            for seed in 1...30 as ClosedRange<UInt64> {
                let overs = qso(strings, seed: seed)
                #expect(overs.count == 5)
                let cq = overs[0].split(separator: " ").map(String.init)
                #expect(cq.starts(with: ["CQ", "CQ"]) && cq.contains("DE") && cq.last == "K", "\(overs[0])")
                let caller = cq[cq.firstIndex(of: "DE")! + 1]
                let answer = overs[1].split(separator: " ").map(String.init)
                #expect(answer.first == caller && answer.contains("DE"), "\(overs[1])")
                // A report is three digits: readability 4–5, strength 3–9, tone 9.
                let reports = overs[2].split(separator: " ").filter { $0.count == 3 && $0.allSatisfy(\.isNumber) }
                #expect(!reports.isEmpty && reports.allSatisfy { "45".contains($0.first!) && $0.last == "9" }, "\(overs[2])")
                #expect(overs[2].contains("QTH") || overs[2].contains(" A ") || overs[2].contains("ICI"), "\(overs[2])")
                let whole = overs.joined(separator: " ")
                #expect(words.allSatisfy { whole.contains($0) } && overs[4].contains("73"), "\(whole)")
                // The rig with a power it has (issue 48: « KX3 400W » once): the locale gives
                // each rig's most watts, `FT817:5`.
                let rigs = Dictionary(uniqueKeysWithValues: strings(.morseMaterialQsoRigs).split(separator: " ")
                    .map { $0.split(separator: ":").map(String.init) }.map { ($0[0], Int($0[1])!) })
                let reply = overs[3].split(separator: " ").map(String.init)
                let rigAt = try #require(reply.firstIndex { rigs[$0] != nil }, "\(overs[3])")
                let watts = reply[(rigAt + 1)...].first { $0.hasSuffix("W") && Int($0.dropLast()) != nil }.flatMap { Int($0.dropLast()) }
                #expect(watts.map { $0 >= 1 && $0 <= rigs[reply[rigAt]]! } == true, "\(overs[3])")
                // Only characters Morse sends (the ITU alphabet and four prosigns), upper case, single spaces.
                let encoded = alphabet.encode(whole)
                #expect(encoded.unknown.isEmpty && encoded.words.joined().allSatisfy { !$0.isExtension }, "\(whole)")
                let prosigns = Set(encoded.words.joined().compactMap(\.prosign))
                #expect(prosigns.isSubset(of: ["AR", "KN", "BK", "SK"]), "\(prosigns)")
                // Where real QSOs have them: the answer ends with AR or KN, each over after it
                // with KN or BK (the turn-over), the last has SK (end of contact).
                #expect(["<AR>", "<KN>"].contains { overs[1].hasSuffix($0) }, "\(overs[1])")
                #expect(overs[2...3].allSatisfy { over in ["<KN>", "<BK>"].contains { over.hasSuffix($0) } }, "\(overs)")
                #expect(overs[4].contains(" <SK> "), "\(overs[4])")
                #expect(!whole.contains("  ") && whole == whole.uppercased() && !whole.contains("{"), "\(whole)")
                seen.insert(whole)
            }
            #expect(seen.count == 30, "every seed a different QSO")
        }
        // The same seed, the same QSO; each language its own words.
        #expect(qso(Fixture.fr, seed: 3) == qso(Fixture.fr, seed: 3))
        #expect(!qso(Fixture.fr, seed: 3).joined(separator: " ").contains("NAME"))
        #expect(!qso(Fixture.en, seed: 3).joined(separator: " ").contains("MERCI"))
    }

    /// Issue 48, item 4: each station's QTH is a town of its callsign's country (« PA4N QTH
    /// DALLAS » and « G… QTH DALLAS » once), over 20 QSOs a language. The countries are written
    /// here, apart from the locale's data.
    @Test func eachStationsQTHIsInItsCallsignsCountry() throws {
        let countries: [(prefixes: [String], towns: Set<String>)] = [
            (["F"], ["LYON", "NANTES", "BREST", "DIJON", "REIMS", "LILLE", "ROUEN", "NICE", "TOULON", "GRENOBLE", "LIMOGES",
                     "METZ", "ANGERS", "RENNES", "PAU", "ORLEANS", "CAEN", "TOURS"]),
            (["G", "M"], ["LEEDS", "YORK", "BRISTOL", "OXFORD", "LONDON", "EXETER", "NORWICH"]),
            (["K", "W", "N"], ["DENVER", "BOSTON", "DALLAS", "OMAHA", "AUSTIN", "SEATTLE", "TULSA"]),
            (["VE"], ["TORONTO", "OTTAWA", "CALGARY", "HALIFAX", "WINNIPEG"]),
            // English QSOs' stations of other countries (issue 48): each QTH in its own.
            (["DL", "DK"], ["BERLIN", "MUNICH", "HAMBURG", "COLOGNE", "BONN", "DRESDEN"]),
            (["EA"], ["MADRID", "SEVILLA", "VALENCIA", "BILBAO", "MALAGA"]),
            (["ON"], ["GENT", "LIEGE", "NAMUR", "ANTWERP", "BRUGES"]),
            (["I", "IK"], ["ROMA", "MILANO", "TORINO", "NAPOLI", "BOLOGNA"]),
            (["OH"], ["HELSINKI", "TAMPERE", "TURKU", "OULU"]),
            (["PA"], ["UTRECHT", "DELFT", "LEIDEN", "GOUDA", "ZWOLLE"]),
            (["HB"], ["BERN", "ZURICH", "BASEL", "LUZERN"]),
        ]
        let every = countries.reduce(Set<String>()) { $0.union($1.towns) }
        func country(_ call: String) -> Set<String>? {
            countries.filter { $0.prefixes.contains { call.hasPrefix($0) } }.max { a, b in
                (a.prefixes.first { call.hasPrefix($0) }?.count ?? 0) < (b.prefixes.first { call.hasPrefix($0) }?.count ?? 0)
            }?.towns
        }
        for strings in [Fixture.fr, Fixture.en] {
            for seed in 101...120 as ClosedRange<UInt64> {
                let overs = qso(strings, seed: seed)
                let cq = overs[0].split(separator: " ").map(String.init)
                let a = cq[cq.firstIndex(of: "DE")! + 1]
                let b = try #require(overs[1].split(separator: " ").map(String.init).last { $0 != a && Callsign.isPlausible($0) })
                // The report is a's (its QTH), the reply b's.
                for (over, call) in [(overs[2], a), (overs[3], b)] {
                    let towns = Set(over.split(separator: " ").map(String.init)).intersection(every)
                    let home = try #require(country(call), "\(call)")
                    #expect(!towns.isEmpty && towns.isSubset(of: home), "\(call): \(over)")
                    // The operator named as the call's country names people (English QSOs
                    // have stations of many countries; a French QSO's are all French).
                    let words = over.split(separator: " ").map(String.init)
                    let named = words.indices.filter { ["NAME", "OP", "NOM"].contains(words[$0]) && $0 + 1 < words.count }.map { words[$0 + 1] }
                    let material = QSOMaterial(strings: strings)
                    let names = QSOText.byPrefix(call, material.namesByPrefix, else: material.names)
                    #expect(!named.isEmpty && named.allSatisfy(names.contains), "\(call): \(named) not of \(names)")
                }
            }
        }
    }

    @Test func aQSOIsCopiedOverByOverAndScoredLikeGroups() throws {
        var session = CopySession(kind: .qso, count: 1, learnt: [], words: [], settings: .default, random: SeededRandom(seed: 4),
                                  qso: QSOMaterial(strings: Fixture.fr))
        let overs = qso(Fixture.fr, seed: 4)
        let start = session.start()
        guard case .introduce(let introduction)? = start.first, case .send(let first, 1, let settings)? = start.last else {
            Issue.record("a QSO starts with its introduction, then its first over")
            return
        }
        let messages = CopyMessages(strings: Fixture.fr)
        #expect(messages.introduction(introduction) == "Copie de 1 QSO, 5 passages envoyés un à un. Écoutez chaque passage, puis tapez votre copie sur une ligne. Ligne vide pour réécouter, « stop » pour finir.")
        #expect(first == overs[0])
        // Sent like groups: the characters at their speed, spaced out (Farnsworth at half speed).
        #expect(settings.wpm == 20 && settings.farnsworthWPM == 10)
        // A perfect copy scores 100 and the next over follows; a copy missing a word names it.
        let perfect = session.handle(overs[0].lowercased())
        #expect(perfect.contains(.scored(CopyResult(mode: .qso, round: 1, sent: overs[0], typed: overs[0].lowercased(), score: 100,
                                                     mistakes: []))))
        // The answer comes from the other station, at its own speed and pitch (issue 48, item 4).
        let answering = try #require(session.answering)
        #expect(perfect.last == .send(overs[1], round: 2, settings: answering))
        #expect(answering.wpm != settings.wpm && answering.toneHz != settings.toneHz && answering.farnsworthWPM == 10)
        let words = overs[1].split(separator: " ")
        let partial = words.dropLast().joined(separator: " ")
        let missed = session.handle(partial)
        guard case .scored(let result)? = missed.first else { Issue.record("no score"); return }
        // The last word may be a prosign: one character missed, not four.
        #expect(result.mode == .qso && result.mistakes.map(\.sent) == CopyScoring.tokens(String(words.last!), alphabet: alphabet).map(\.text)
                && result.score < 100, "\(result)")
        _ = session.handle(overs[2])
        _ = session.handle(overs[3])
        let end = session.handle(overs[4])
        #expect(end.last == .ended && session.round == 5 && !session.isActive)
        #expect(end.contains { if case .summary(let average?, 5) = $0 { messages.summary(average: average, count: 5).hasPrefix("Copie terminée : ")
                                   && messages.summary(average: average, count: 5).hasSuffix(" sur 5 envois.") } else { false } })
    }

    @Test func qsoIsACopyCommandInBothLanguages() {
        let parser = CommandParser()
        var english = CommandParser()
        english.localeCode = "en"
        #expect(parser.parse("entraînement qso") == .command(.copyPractice(.qso, count: nil)))
        #expect(english.parse("practice qso 2") == .command(.copyPractice(.qso, count: 2)))
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.copyPractice(.qso, count: nil)), [.preparePractice(.copy(.qso, count: 1))]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        // The request's length is the point.
        store.leaveUnanswered([.preparePractice(.copy(.qso, count: 1))])
    }

    // MARK: The user's own text

    @Test func hostileTextIsCleanedBeforeItIsSent() {
        let hostile = "Bonjour <b onclick=\"x\">le</b> monde&amp;\u{1B}[31m rouge\u{1B}[0m être à Noël\u{7} 73\u{202E} ½ 日本"
        #expect(CopyText.material(hostile).rounds == ["BONJOUR LE MONDE ROUGE ETRE A NOEL 73"])
        #expect(CopyText.material("Élève, l’été ? 5/9=").rounds == ["ÉLEVE, L'ÉTÉ ? 5/9="])
        // Cut on words into lines of at most 40 characters; a run longer than a line is cut in it.
        let long = String(repeating: "A", count: 100)
        #expect(CopyText.material("ab cd " + long).rounds == ["AB CD", String(repeating: "A", count: 40),
                                                              String(repeating: "A", count: 40), String(repeating: "A", count: 20)])
        #expect(CopyText.material("\u{1B}]0;title\u{7}<p></p>&nbsp;").rounds == [])
        // A prosign is kept as one character (any case), a tag of other letters is markup.
        #expect(CopyText.material("tnx qso 73<sk> e e <kn><b>x</b> <zz>").rounds == ["TNX QSO 73 <SK> E E <KN> X"])
        #expect(CopyScoring.tokens("TNX QSO 73 <SK> E E <KN> X", alphabet: alphabet).count == 13)
        // At most 50 copies: what is left is counted, not sent.
        let book = Array(repeating: "TEST", count: 1_000).joined(separator: " ")
        let material = CopyText.material(book)
        #expect(material.rounds.count == 50 && material.rounds.allSatisfy { $0.count <= 40 })
        #expect(material.leftOut == 1_000 * 4 - material.rounds.joined().filter { $0 != " " }.count)
        // What is left is counted as Morse sends it: a prosign is one character, not four.
        let signs = CopyText.material(Array(repeating: "<kn>", count: 1_000).joined(separator: " "))
        let sent = signs.rounds.joined(separator: " ").split(separator: " ")
        #expect(sent.count < 1_000 && sent.allSatisfy { $0 == "<KN>" })
        #expect(signs.leftOut == 1_000 - sent.count)
    }

    @Test func theTextCommandKeepsThePathAsTyped() {
        let parser = CommandParser()
        var english = CommandParser()
        english.localeCode = "en"
        #expect(parser.parse("entraînement texte ~/Mes Textes/Été.txt") == .command(.copyText(path: "~/Mes Textes/Été.txt")))
        #expect(english.parse("practice text /tmp/a.txt") == .command(.copyText(path: "/tmp/a.txt")))
        #expect(parser.parse("entraînement texte") == .command(.copyText(path: "")))
        #expect(parser.parse("progrès") == .command(.progress) && english.parse("progress") == .command(.progress))
    }

    /// The usage line after a wrong `entraînement` argument names every kind, and each word it
    /// names in quotes is one the command takes (it said only « rien, « koch » ou « faibles »).
    @Test func thePracticeUsageNamesEveryKindItTakes() {
        let parser = CommandParser()
        var english = CommandParser()
        english.localeCode = "en"
        for (parser, strings, command, open, close) in [(parser, Fixture.fr, "entraînement", "« ", " »"),
                                                        (english, Fixture.en, "practice", "“", "”")] {
            let usage = strings(.usagePractice)
            #expect(parser.parse("\(command) n'importe") == .failure(.badArgument(command: command, argument: "n'importe",
                                                                                  usage: .usagePractice)))
            let quoted = usage.split(separator: open).dropFirst().compactMap { $0.components(separatedBy: close).first }
            #expect(quoted.count == 12, "\(quoted)")
            for word in quoted {
                guard case .command = parser.parse("\(command) \(word)") else {
                    Issue.record("« \(word) » is named but not taken: \(parser.parse("\(command) \(word)"))")
                    continue
                }
            }
            for kind in CopyKind.allCases {
                #expect(quoted.contains { parser.parse("\(command) \($0)") == .command(kind == .text ? .copyText(path: "")
                                                                                         : .copyPractice(kind, count: nil)) },
                        "\(kind) not named: \(usage)")
            }
        }
    }

    @Test func aTextFileIsReadThenCopiedLineByLineAndItsErrorsAreSaid() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        store.send(.command(.copyText(path: "~/qso.txt")), [.readCopyText(path: "~/qso.txt")]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        let token = store.state.display.token
        let missing = "Impossible de lire le texte « ~/qso.txt » : fichier introuvable."
        store.receive(.copyTextRead(path: "~/qso.txt", .failure(.notFound)),
                   store.said("copy.text", missing, isError: true, interrupt: true, .error)) {
            ReaderTestStore.remembered("copy.text", missing, isError: true, stays: true, token: token + 1)(&$0)
            $0.announcement.answerPending = false
        }
        // Each case from a fresh start: the load's message is still on the display, what comes
        // unasked waits behind it; the path is cleaned of its escape sequence.
        store = ReaderTestStore(state: Fixture.loadedState())
        let nothing = "Rien à copier dans « /tmp/x » : aucun caractère que le Morse transmet."
        store.send(.copyTextRead(path: "/tmp/x\u{1B}[2J", .success("日本語 ½")), store.saidBehind("copy.text", nothing, isError: true, .error),
                   state: ReaderTestStore.rememberedBehind("copy.text", nothing, isError: true))
        store = ReaderTestStore(state: Fixture.loadedState())
        let noPath = "Quel fichier ? Tapez « entraînement texte » suivi de son chemin, par exemple « entraînement texte ~/qso.txt »."
        store.send(.command(.copyText(path: "")),
                   store.said("copy.text", noPath, isError: true, interrupt: true, .error),
                   state: ReaderTestStore.remembered("copy.text", noPath, isError: true, stays: true, token: token + 1))
        store = ReaderTestStore(state: Fixture.loadedState())
        // Read: the copy starts, one line at a time, scored like groups.
        let intro = "Copie de votre texte, 2 lignes envoyées une à une. Écoutez chacune, puis tapez votre copie sur une ligne. Ligne vide pour réécouter, « stop » pour finir."
        let shown = "Copie en une ligne ; ligne vide : réécouter, stop : finir."
        #expect(Fixture.fr(.morseTrainerCopyBrailleIntro) == shown)
        var twin = CopySession(kind: .text, count: 2, learnt: Array(alphabet.kochSymbols.prefix(2)), words: frenchWords,
                               settings: ReaderSettings().morse, random: SeededRandom(seed: 0),
                               text: ["LE VENT SE LEVE IL FAUT TENTER DE VIVRE.", "PAUL VALÉRY"])
        _ = twin.start()
        let settings = twin.settings
        store.send(.copyTextRead(path: "/tmp/v.txt", .success("Le vent se lève !… il faut tenter de vivre.\n— Paul Valéry")), [
            .notice(code: "copy", message: intro, braille: shown), .speak(Utterance(text: Fixture.reader.navigator.spoken(intro), interrupt: false, priority: .answer)),
            .morseQuestion(MorseQuestionReport(question: 1, wpm: 20, toneHz: 600)),
            .playQuestion(text: "LE VENT SE LEVE IL FAUT TENTER DE VIVRE.", settings: settings, question: 1),
        ]) {
            $0.exercise = .copying(twin)
            ReaderTestStore.rememberedBehind("copy", intro)(&$0)
            $0.display.queued = ["Question 1 (" + shown + ")"]
        }
        #expect(store.state.exercise?.copyingSession?.sent == "LE VENT SE LEVE IL FAUT TENTER DE VIVRE.")
    }

    // MARK: Progress

    let days = [PracticeDay(day: "2026-11-20", answers: 40, correct: 28, medianWPM: 15, medianLatencyMs: 1_800),
                PracticeDay(day: "2026-11-28", answers: 1, correct: 1, medianWPM: 20, medianLatencyMs: nil),
                PracticeDay(day: "2026-12-01", answers: 50, correct: 45, medianWPM: 20, medianLatencyMs: 1_200)]

    @Test func progressSaysTheChangeThenEachDayNewestFirst() {
        #expect(PracticeProgress.lines(days, Fixture.fr) == [
            "Sur 3 jours, du 20 novembre 2026 au 1er décembre 2026 : de 70 % à 90 % de bonnes réponses. Vitesse : de 15 à 20 mots par minute.",
            "1er décembre 2026 : 50 réponses, 90 % de bonnes. 20 mots par minute. Réponse en 1,2 seconde (médiane).",
            "28 novembre 2026 : 1 réponse, 100 % de bonnes. 20 mots par minute.",
            "20 novembre 2026 : 40 réponses, 70 % de bonnes. 15 mots par minute. Réponse en 1,8 seconde (médiane).",
        ])
        #expect(PracticeProgress.lines([days[1]], Fixture.en) == ["November 28, 2026: 1 answer, 100% right. 20 words per minute."])
        #expect(PracticeProgress.lines([], Fixture.fr) == ["Aucune réponse enregistrée : le progrès se lit après un premier entraînement."])
    }

    /// Copies scored that day follow the answers; a day of copies alone has its own line and
    /// stays out of the listening trend.
    @Test func progressSaysEachDaysCopies() {
        let copied = [PracticeDay(day: "2026-11-20", answers: 40, correct: 28, medianWPM: 15, medianLatencyMs: nil,
                                  copies: 3, copyAccuracy: 84),
                      PracticeDay(day: "2026-11-25", answers: 0, correct: 0, medianWPM: nil, medianLatencyMs: nil,
                                  copies: 1, copyAccuracy: 60),
                      PracticeDay(day: "2026-12-01", answers: 50, correct: 45, medianWPM: 20, medianLatencyMs: nil)]
        #expect(PracticeProgress.lines(copied, Fixture.fr) == [
            "Sur 2 jours, du 20 novembre 2026 au 1er décembre 2026 : de 70 % à 90 % de bonnes réponses. Vitesse : de 15 à 20 mots par minute.",
            "1er décembre 2026 : 50 réponses, 90 % de bonnes. 20 mots par minute.",
            "25 novembre 2026 : copie de 1 envoi, 60 % de caractères justes.",
            "20 novembre 2026 : 40 réponses, 70 % de bonnes. 15 mots par minute. Copie : 3 envois, 84 % de caractères justes.",
        ])
        #expect(PracticeProgress.lines([copied[1]], Fixture.en) == ["November 25, 2026: copy of 1 sending, 60% of characters right."])
    }

    @Test func progressOpensAScreenOfElementsOrSaysThereIsNone() {
        var store = ReaderTestStore(state: Fixture.loadedState())
        let lines = PracticeProgress.lines(days, Fixture.fr)
        let title = "Progrès, 4 lignes"
        let open: (inout ReaderState) -> Void = {
            $0.lists.progressEntries = lines
            $0.announcement.answerPending = false
            $0.navigation.stacks[.formations] = [.formations, .progress]
            $0.navigation.focus[.progress] = 0
            $0.announcement.history.append(lines[0])
            $0.display.message = title
            $0.display.token = 2
        }
        store.send(.command(.progress), [.loadProgress]) {
            $0.announcement.answerPending = true
            $0.display.message = nil
        }
        store.receive(.progressReady(days), store.screenShown(title, store.after(open), saying: lines[0], token: 2, role: nil), state: open)
        #expect(Fixture.reader.builder.screen(for: store.state).elements.map(\.label) == lines)
        #expect(Fixture.reader.builder.screen(for: store.state).code == "progress")
        // The name's time is up: the first line comes back and stays.
        store.send(.timer(.brailleMessage(token: 2)), [store.focusLine(store.state, 0, shows: "Sur 3 jours, du 20 novembre 2026 au 1er décembre 2026 : de 70 % à 90 % de bonnes réponses. Vitesse : de 15 à 20 mots par minute.")]) { $0.display.message = nil }
        let none = "Aucune réponse enregistrée : le progrès se lit après un premier entraînement."
        store.send(.command(.progress), [.loadProgress]) { $0.announcement.answerPending = true }
        store.receive(.progressReady([]), store.said("progress", none, interrupt: true)) {
            ReaderTestStore.remembered("progress", none, stays: true, token: 3)(&$0)
            $0.announcement.answerPending = false
        }
    }
}
