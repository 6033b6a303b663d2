import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// The Morse trainer through the real binary (issue 26): tones heard with the voice off,
/// questions that give nothing away on any channel (checked against the tones themselves, read
/// back from the `--audio-out` WAV), a Koch window that survives a restart, and the time to
/// answer. Tests that play at a sound server read which character was asked from a
/// deterministic source and ask the server only whether the tones were audible (docs/testing.md,
/// « The tests' ear »).
@Suite(.serialized) struct MorseTrainerTests {
    let quiet = ["--transcript", "jsonl", "--speech", "off", "--braille", "off"]
    let alphabet = MorseAlphabet.standard

    /// `--speech off` silences the voice, never the tones: `morse SOS` is heard at the sink.
    /// What was played is read from deterministic sources (the transcript's pattern, and the same
    /// command written to `--audio-out`, read back by ear); the sink only has to have sounded SOS's
    /// tones, tolerantly (`AudibleTones`), and nothing else.
    @Test(.requires(.pulseAudio)) func morseIsHeardWithTheVoiceOff() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 20)
        let out = try LecteurProcess.run(quiet, input: "morse SOS\n",
                                         environment: home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 })
        #expect(out.status == 0)
        // The reader waits for the tones to be heard before it leaves; the monitor trails a little.
        recording.waitForRecorded(seconds: 0.5)
        recording.stop()
        let played = try #require(out.events("morse").first)
        #expect(played["pattern"] as? String == "... --- ...", "\(played)")
        let wav = home.root.appendingPathComponent("sos.wav")
        let written = try LecteurProcess.run(quiet + ["--audio-out", wav.path], input: "morse SOS\n", environment: home.environment)
        #expect(written.status == 0)
        #expect(MorseListener.patterns(try WAVFile.decode(Data(contentsOf: wav)).samples) == ["...", "---", "..."])
        let samples = recording.samples(untilEnd: false)
        let pitch = played["tone_hz"] as? Double ?? 600
        let heard = AudibleTones.seconds(atPitch: pitch, in: samples)
        let book = AudibleTones.bookSeconds(["...", "---", "..."], wpm: played["wpm"] as? Double ?? 20)
        let sound = MonitorRecording.soundSeconds(samples)
        print("EAR morse SOS at the sink: \(heard) s of tone at \(pitch) Hz for \(book) s by the book, \(sound) s of sound")
        #expect(AudibleTones.audible(heard: heard, book: book), "\(heard) s of tone for \(book) s")
        // Edges aside (a 10 ms window each), every sound at the sink was the tone: no voice.
        #expect(sound - heard < 0.3, "\(sound) s of sound, \(heard) s of it the tone")
    }

    /// Lines a practice run sends, answering `answers(n)` to question n, with a replay (empty
    /// line) before every seventh answer. The input simply ends: « stop » would silence the
    /// tones a script this fast has queued, as it would on a speaker; at the end of the input
    /// the reader lets them all be heard (written to the WAV) before it leaves.
    func script(_ prefix: [String], questions: Int, answer: (Int) -> String) -> String {
        var lines = prefix
        for n in 1...questions {
            if n % 7 == 0 { lines.append("") }
            lines.append(answer(n))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Between a question and its answer, the transcript holds only the question's number (its
    /// `morse` event, without text or pattern, and « Question N » on the display, after the last
    /// verdict); nothing is spoken. The WAV, read back by ear, holds exactly the expected
    /// characters, once per play. Returns the expected characters, in order.
    @discardableResult
    func checkNothingGivenAway(_ out: LecteurProcess.Output, wav: URL, questions: Int,
                               sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let events = out.events
        let results = events.filter { $0["type"] as? String == "practice" }
        #expect(results.count == questions, sourceLocation: sourceLocation)
        var heardExpected: [String] = []
        // A question's `morse` event has its number; a wrong answer's correction (the right
        // character and the one typed, sounded after the answer) names them.
        func nextQuestion(after start: Int) -> Int {
            events[start...].firstIndex { $0["type"] as? String == "morse" && $0["question"] != nil } ?? events.count
        }
        var index = nextQuestion(after: 0)
        // The first question follows the introduction on the display.
        var lastVerdict = events[..<index].last { $0["type"] as? String == "notice" }?["message"] as? String
        for result in results {
            let n = try #require(result["question"] as? Int)
            let expected = try #require(result["expected"] as? String)
            let pattern = try #require(alphabet.symbol(for: Character(expected))).pattern
            // The braille line just before the question: its number, then the last verdict in
            // brackets (the question first, on window 1).
            let shown = events[..<index].last { $0["type"] as? String == "braille" }?["text"] as? String
            let label = "Question \(n)"
            if n == 1 {
                // The introduction is said whole; the display has its short line.
                #expect(shown?.hasPrefix(label + " (") == true, sourceLocation: sourceLocation)
            } else {
                #expect(shown == (lastVerdict.map { "\(label) (\($0))" } ?? label), sourceLocation: sourceLocation)
            }
            var plays = 0
            while index < events.count, events[index]["type"] as? String != "practice" {
                let event = events[index]
                switch event["type"] as? String {
                case "morse":
                    let number = event["question"] as? Int
                    let hidden = event["text"] == nil && event["pattern"] == nil
                    #expect(number == n && hidden, "\(event)", sourceLocation: sourceLocation)
                    plays += 1
                case "braille":
                    #expect(event["text"] as? String == label, "\(event)", sourceLocation: sourceLocation)
                default:
                    Issue.record("between question \(n) and its answer: \(event)", sourceLocation: sourceLocation)
                }
                index += 1
            }
            #expect(plays == 1 + (result["replays"] as? Int ?? -1), sourceLocation: sourceLocation)
            heardExpected += Array(repeating: pattern, count: plays)
            if result["correct"] as? Bool == false {
                // After a wrong answer, before its verdict: the right character, then the one typed.
                let typed = (result["answer"] as? String).flatMap { $0.first }.flatMap { alphabet.symbol(for: $0) }
                let correction = events[index...].first { $0["type"] as? String == "morse" && $0["question"] == nil }
                let sounded = [pattern] + (typed.map { [$0.pattern] } ?? [])
                #expect(correction?["pattern"] as? String == sounded.joined(separator: " / "), sourceLocation: sourceLocation)
                heardExpected += sounded
            }
            // The verdict follows the truth: spoken, written, and brailled in front of the next question.
            let verdict = events[index...].first { $0["type"] as? String == "notice" }
            lastVerdict = verdict?["message"] as? String
            index = nextQuestion(after: min(index + 1, events.count - 1))
        }
        // The WAV also ends with the question asked after the last answer, never answered.
        let heard = MorseListener.patterns(try WAVFile.decode(Data(contentsOf: wav)).samples)
        #expect(Array(heard.dropLast()) == heardExpected, sourceLocation: sourceLocation)
        #expect(heard.count == heardExpected.count + 1, sourceLocation: sourceLocation)
        return results.compactMap { $0["expected"] as? String }
    }

    @Test func koch200QuestionsGiveNothingAwayAndAFreshUserHearsOnlyKAndM() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("koch.wav")
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path],
                                         input: script(["entraînement"], questions: 200) { $0 % 3 == 0 ? "M" : "K" },
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "26"]) { $1 })
        #expect(out.status == 0)
        let asked = try checkNothingGivenAway(out, wav: wav, questions: 200)
        #expect(asked.prefix(50).allSatisfy { $0 == "K" || $0 == "M" }, "\(asked.prefix(50))")
        #expect(out.events("practice").allSatisfy { $0["mode"] as? String == "koch" })
    }

    @Test func weakSymbols200QuestionsGiveNothingAway() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("weak.wav")
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path],
                                         input: script(["entraînement faibles"], questions: 200) { $0 % 2 == 0 ? "M" : "K" },
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "7"]) { $1 })
        let asked = try checkNothingGivenAway(out, wav: wav, questions: 200)
        #expect(Set(asked) == ["K", "M"], "only what Koch has taught a beginner")
    }

    @Test func symbolCard200QuestionsGiveNothingAway() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("card.wav")
        let card = ["onglet morse", "activer", "suivant", "suivant", "suivant", "suivant", "activer"]
        let out = try LecteurProcess.run(quiet + ["--audio-out", wav.path],
                                         input: script(card, questions: 200) { ["A", "N", "W", "E"][$0 % 4] },
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "3"]) { $1 })
        let asked = try checkNothingGivenAway(out, wav: wav, questions: 200)
        #expect(asked.contains("A") && Set(asked).count == 4, "A against its three closest rivals: \(Set(asked))")
    }

    /// The readable transcript: « ♪ Question N », never the character or its pattern.
    @Test func theTextTranscriptPrintsOnlyTheQuestionNumber() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let out = try LecteurProcess.run(["--transcript", "text", "--speech", "off", "--braille", "off"],
                                         input: script(["entraînement"], questions: 30) { _ in "K" }, environment: home.environment)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        let questions = lines.filter { $0.hasPrefix("♪ Question") }
        // After a wrong answer (K for M), the right character and the one typed are sounded:
        // the answer is given by then, so they are named.
        let corrections = lines.filter { $0.hasPrefix("♪") && !$0.hasPrefix("♪ Question") }
        #expect(!corrections.isEmpty && corrections.allSatisfy { $0 == "♪ M, puis K" }, "\(corrections)")
        var expected: [String] = []
        // The 31st is asked after the 30th answer, before « stop ».
        for n in 1...31 { expected += Array(repeating: "♪ Question \(n)", count: n % 7 == 0 ? 2 : 1) }
        #expect(questions == expected)
    }

    /// Question `n` of a practice played at the sink. Which character it asks is read from the
    /// brailled pattern that ends the display's line (`question-braille motif`: what the core
    /// decided, the same whatever the machine's load); the sound server only has to prove its
    /// tones were audible (`AudibleTones`) before the test answers, as a learner would, once
    /// they are over. (A live ear judged the character until issue 39: a gap the server plays
    /// inside a tone on a loaded machine made it unsure or, lenient, wrong.)
    func answer(_ reader: InteractiveLecteur, _ recording: MonitorRecording, question n: Int,
                sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let from = recording.sampleCount
        let asked = try reader.next("morse") { $0["question"] as? Int == n }
        let patterns = try brailledPatterns(reader, question: n)
        let symbol = try #require(patterns.count == 1 ? alphabet.symbol(pattern: patterns[0]) : nil,
                                  "question \(n) brailled \(patterns)", sourceLocation: sourceLocation)
        expectAudible(recording, from: from, patterns: patterns, asked: asked, quiet: 0.3, "question \(n)",
                      sourceLocation: sourceLocation)
        return String(symbol.character)
    }

    /// The patterns that end the braille line asking question (or copy round) `n`: the cells
    /// after « Question N », one blank between characters, three between words. Called once the
    /// question's `morse` event is read: the line comes just before it, so the last such line
    /// is this question's (a second copying session asks its « Question 1 » again).
    func brailledPatterns(_ reader: InteractiveLecteur, question n: Int) throws -> [String] {
        let label = "Question \(n) "
        let cells: Set<Character> = [MorseBraille.dit, MorseBraille.dah, MorseBraille.blank]
        func pattern(of line: String) -> Substring? {
            guard let end = line.range(of: label, options: .backwards)?.upperBound else { return nil }
            // What was said before the question follows it in brackets.
            var rest = line[end...]
            if let bracket = rest.range(of: " (") { rest = rest[..<bracket.lowerBound] }
            return !rest.isEmpty && rest.allSatisfy(cells.contains) ? rest : nil
        }
        let shown = try #require(reader.seen("braille").compactMap { ($0["text"] as? String).flatMap(pattern(of:)) }.last,
                                 "question \(n) brailled with its pattern")
        return shown.split(separator: MorseBraille.blank)
            .map { $0.map { $0 == MorseBraille.dit ? "." : "-" }.joined() }
    }

    /// Waits until the tones played since sample `from` have been heard at the sink and `quiet`
    /// seconds without the tone followed (`timeout` at most), then checks that the tone sounded
    /// for about as long as `patterns` last by the book.
    func expectAudible(_ recording: MonitorRecording, from: Int, patterns: [String], asked: [String: Any], quiet: Double,
                       timeout: TimeInterval = 20, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let pitch = asked["tone_hz"] as? Double ?? 600, wpm = asked["wpm"] as? Double ?? 20
        let book = AudibleTones.bookSeconds(patterns, wpm: wpm)
        let quietSamples = Int(quiet * Double(PrivatePulseServer.sampleRate))
        let deadline = TestDeadline(seconds: timeout)
        var heard = 0.0
        repeat {
            usleep(100_000)
            let samples = Self.samples(recording, from: from)
            heard = AudibleTones.seconds(atPitch: pitch, in: samples)
            if heard >= book * AudibleTones.tolerance.lowerBound, samples.count >= quietSamples,
               AudibleTones.seconds(atPitch: pitch, in: samples.suffix(quietSamples)) == 0 { break }
        } while !deadline.hasPassed
        print("EAR \(what): \(String(format: "%.2f", heard)) s of tone at \(Int(pitch)) Hz heard at the sink, "
              + "\(String(format: "%.2f", book)) s by the book")
        #expect(AudibleTones.audible(heard: heard, book: book), "\(what): \(heard) s of tone for \(book) s",
                sourceLocation: sourceLocation)
    }

    /// The recording from sample `from` on, read from its file's offset (not the whole file each time).
    static func samples(_ recording: MonitorRecording, from: Int) -> [Int16] {
        guard let handle = try? FileHandle(forReadingFrom: recording.file) else { return [] }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(from * 2))) != nil, let data = try? handle.readToEnd() else { return [] }
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)).map { Int16(littleEndian: $0) } }
    }

    /// The time to answer follows the learner's real delay (counted from the end of the tones):
    /// answering two seconds later reads about two seconds more.
    @Test func latencyTracksTheRealDelay() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("latency.wav")
        let reader = try InteractiveLecteur(quiet + ["--audio-out", wav.path], environment: home.environment)
        reader.send("entraînement")
        var latencies: [Int] = []
        for (n, delay) in [(1, 0.3), (2, 2.3)] {
            _ = try reader.next("morse") { $0["question"] as? Int == n }
            usleep(UInt32(delay * 1_000_000))
            reader.send("K")
            latencies.append(try #require(try reader.next("practice")["latency_ms"] as? Int))
        }
        reader.send("stop")
        #expect(reader.finish() == 0)
        // Each is the delay less the tones still sounding (at most ~1 s), never more than the delay.
        #expect(latencies[0] >= 0 && latencies[0] <= 1_300, "\(latencies)")
        #expect(latencies[1] <= 3_300 && latencies[1] - latencies[0] > 1_300 && latencies[1] - latencies[0] < 2_700, "\(latencies)")
    }

    /// `répéter message` repeats the last verdict; `où` says the question, score and lesson;
    /// `régler koch N` starts the next practice at LCWO's lesson N.
    @Test func verdictRepeatedWhereAmIAndKochLessonSet() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let out = try LecteurProcess.run(quiet, input: "régler koch 5\nentraînement\nK\nrépéter message\noù\nstop\n",
                                         environment: home.environment)
        let notices = out.events("notice").compactMap { $0["message"] as? String }
        #expect(notices.first { $0.hasPrefix("Leçon") } == "Leçon Koch 5 : K, M, U, R, E, S ; elle vaut dès le prochain entraînement.")
        #expect(notices.contains { $0.hasPrefix("Entraînement Koch, 6 symboles : K, M, U, R, E, S.") })
        let verdict = try #require(notices.first { $0.hasPrefix("Juste") || $0.hasPrefix("Faux") })
        let after = try #require(notices.firstIndex(of: verdict))
        #expect(notices[after + 1] == verdict, "« répéter message » says the verdict again")
        #expect(notices[after + 2].hasPrefix("Question 2 ; "), "\(notices[after + 2])")
        #expect(notices[after + 2].contains("Leçon Koch 5, 6 symboles."))
        #expect(out.events("practice").first?["mode"] as? String == "koch")
    }

    /// `statistiques` after a session: per symbol, the recent accuracy, and the confusions, in
    /// the transcript, the voice and on the display alike. Too long for a message (issue 35),
    /// it opens the « Statistiques » screen, read line by line like « Aide ».
    @Test func statisticsAreSaidAndBrailled() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let out = try LecteurProcess.run(quiet, input: "stats\n" + script(["entraînement"], questions: 12) { _ in "K" }
                                             + "stop\nstatistiques\nsuivant\nsuivant\nsuivant\nsuivant\nsuivant\n",
                                         environment: home.environment.merging(["LECTEUR_PRACTICE_SEED": "11"]) { $1 })
        let messages = out.events("notice").filter { $0["code"] as? String == "stats" }.compactMap { $0["message"] as? String }
        #expect(messages == ["Aucune réponse enregistrée : lancez « entraînement »."])
        let results = out.events("practice")
        let kRight = results.filter { $0["expected"] as? String == "K" }.count
        let mWrong = results.count - kRight
        let lines = out.events("focus").filter { $0["screen"] as? String == "statistics" }.compactMap { $0["label"] as? String }
        #expect(lines.first == "Statistiques sur les 20 dernières réponses de chaque symbole.", "\(lines)")
        #expect(lines.contains { $0.hasPrefix("K : 100 % sur \(kRight) réponse") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("M : 0 % sur \(mWrong) réponse") }, "\(lines)")
        #expect(lines.contains("Confusions : M pris pour K (\(mWrong))."), "\(lines)")
        // The screen's name and size, said and shown, then each line said and on the display.
        let said = out.events("speech").compactMap { $0["text"] as? String }
        #expect(said.contains { $0.hasPrefix("Statistiques, ") && $0.hasSuffix(" lignes") }, "\(said)")
        #expect(said.contains { $0.hasPrefix("Statistiques sur les 20 dernières réponses") })
        #expect(out.events("braille").contains { $0["kind"] as? String == "focus" && ($0["text"] as? String)?.hasPrefix("K : 100 %") == true })
    }

    /// Sending `n` of a copying session played at the sink: the group is read from the brailled
    /// patterns (`brailledPatterns`), and the sink must have sounded them (`expectAudible`; done
    /// once two seconds without the tone follow, longer than Farnsworth's word gap).
    func copyRound(_ reader: InteractiveLecteur, _ recording: MonitorRecording, round n: Int) throws -> [String] {
        let from = recording.sampleCount
        let question = try reader.next("morse") { $0["question"] as? Int == n }
        #expect(question["text"] == nil && question["pattern"] == nil)
        let patterns = try brailledPatterns(reader, question: n)
        expectAudible(recording, from: from, patterns: patterns, asked: question, quiet: 2, timeout: 60, "copy round \(n)")
        return patterns.map { pattern in alphabet.symbol(pattern: pattern).map { String($0.character) } ?? "?" }
    }

    /// Callsigns: a wrong copy slows the next one by 1 WPM, a right one speeds it up. Words: only
    /// what has been learnt; none for a beginner.
    @Test func callsignsMoveTheSpeedAndWordsUseTheLearntCharacters() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let out = try LecteurProcess.run(quiet, input: "entraînement mots\nrégler question-braille motif\nentraînement indicatifs 3\nQ\nQ\n\nQ\n",
                                         environment: home.environment)
        #expect(out.events("notice").contains {
            $0["message"] as? String == "Aucun mot de la liste ne s'écrit avec les caractères appris (K, M) : continuez l'entraînement Koch."
        })
        let speeds = out.events("morse").compactMap { $0["wpm"] as? Double }
        #expect(speeds == [20, 19, 18, 18], "two wrong copies, then a replay at the same speed: \(speeds)")
        let results = out.events("copy_result")
        #expect(results.count == 3 && results.allSatisfy { $0["mode"] as? String == "callsigns" && $0["typed"] as? String == "Q" })
        // By touch, each sending ends the display's line with its number and its pattern, never its text.
        let lines = out.events("braille").compactMap { $0["text"] as? String }
        for (round, result) in results.enumerated() {
            let sent = try #require(result["sent"] as? String)
            let shown = try #require(lines.first { $0.hasPrefix("Question \(round + 1) " + MorseBraille.cells(MorseAlphabet.standard.encode(sent))) })
            #expect(!shown.contains(sent), "\(shown)")
        }
        #expect(out.events("notice").contains { ($0["message"] as? String)?.hasPrefix("Copie terminée : ") == true })

        let words = try LecteurProcess.run(quiet, input: "régler koch 19\nentraînement mots 4\nMUR\n", environment: home.environment)
        let result = try #require(words.events("copy_result").first)
        let learnt = Set(MorseAlphabet.kochOrder.prefix(20))
        let sent = try #require(result["sent"] as? String)
        #expect(sent.split(separator: " ").count == 4 && sent.filter { $0 != " " }.allSatisfy { learnt.contains($0) }, "\(sent)")
        #expect(words.events("morse").first?["text"] == nil)
    }

    /// `<SK>` is one character, in the WAV `lecteur morse` writes (read back by ear: no gap of
    /// two units or more inside it) and in the reader's `morse` event.
    @Test func prosignsAreSentAsOneCharacter() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let wav = home.root.appendingPathComponent("sk.wav")
        let written = try LecteurProcess.run(["morse", "<SK> 73", "--output", wav.path], environment: home.environment)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
        #expect(MorseListener.patterns(try WAVFile.decode(Data(contentsOf: wav)).samples) == ["...-.-", "--...", "...--"])
        let out = try LecteurProcess.run(quiet, input: "morse <SK> 73\n", environment: home.environment)
        #expect(out.events("morse").first?["pattern"] as? String == "...-.- / --... ...--")
    }

    /// A whole Koch session by touch, with the voice off, on brltty's test display: each question
    /// ends the display's line with its number and its pattern (⠂ a dit, ⠒ a dah), after the last
    /// verdict, and nothing else of the answer; the learner reads the pattern (panning to the end
    /// of the line), answers, and unlocks U after 20 right answers.
    @Test(.requires(.brltty)) func aKochSessionDoneByTouch() throws {
        let rig = try BrlttyRig.start(cells: 40)
        defer { rig.stop() }
        let home = ReaderHome()
        defer { home.remove() }
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "off", "--braille", "on"],
                                            environment: home.environment.merging(["BRLAPI_HOST": rig.host, "BRLAPI_AUTH": "none"]) { $1 })
        defer { _ = reader.finish() }
        // The display is connected once a line reaches it with its cells.
        _ = try reader.next("braille") { $0["cells"] is String }
        reader.send("régler question-braille motif")
        _ = try reader.next("notice") { ($0["message"] as? String)?.hasPrefix("Questions en braille : le numéro et le motif") == true }
        // Display events counted before each line that brings a question.
        var seen = rig.brailleEvents().count
        reader.send("entraînement")
        var asked: [String] = []
        for n in 1...21 {
            let event = try reader.next("braille") { ($0["text"] as? String)?.contains("Question \(n) ") == true }
            // The display shows the line's first window, which begins with the question's pattern.
            let symbol = try BrailledQuestion.symbol(event, question: n, on: rig, after: seen)
            let text = try #require(event["text"] as? String)
            #expect(text.hasPrefix("Question \(n) " + MorseBraille.cells(symbol.pattern)), "the question first: \(text)")
            seen = rig.brailleEvents().count
            reader.send(String(symbol.character))
            let result = try reader.next("practice") { $0["question"] as? Int == n }
            #expect(result["correct"] as? Bool == true, "\(result)")
            asked.append(String(symbol.character))
        }
        #expect(Set(asked.prefix(20)).isSubset(of: ["K", "M"]) && asked.last == "U", "\(asked)")
        #expect(reader.seen("notice").contains { ($0["message"] as? String)?.contains("Nouveau symbole : U") == true })
        reader.send("stop")
    }
}

/// Issue 26, copying sessions at volume: 40 group sessions (200 characters sent, a random seed
/// each) copied through the binary; before each copy nothing in the transcript holds the group
/// sent, its spaced form or its patterns. (The tones themselves are read back by ear in
/// `aGroupCopyIsScoredAndItsMistakesNamed`: here a piped copy arrives before the group has
/// sounded and, as a typed answer, cuts what is left of it.)
@Suite struct CopySessionsGiveNothingAwayTests {
    let alphabet = MorseAlphabet.standard

    @Test func twoHundredCopiedCharactersGiveNothingAway() throws {
        let home = ReaderHome()
        defer { home.remove() }
        var script = ["régler koch 10"]
        for _ in 0..<40 { script += ["entraînement groupes 1", "KMKMK"] }
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                         input: script.joined(separator: "\n") + "\n", environment: home.environment)
        #expect(out.status == 0)
        let lines = out.stdout.split(separator: "\n").map(String.init)
        let results = out.events("copy_result")
        #expect(results.count == 40)
        var start = 0
        var groups = Set<String>()
        for result in results {
            let sent = try #require(result["sent"] as? String).filter { $0 != " " }
            #expect(sent.count == 5)
            groups.insert(sent)
            let end = try #require(lines[start...].firstIndex { $0.contains("\"copy_result\"") && $0.contains("\"\(result["sent"] as? String ?? "")\"") })
            let patterns = sent.compactMap { alphabet.symbol(for: $0)?.pattern }
            for line in lines[start..<end] {
                #expect(!line.contains(sent) && !line.contains(sent.map(String.init).joined(separator: " ")), "gave away \(sent): \(line)")
                #expect(!line.contains("\"pattern\"") && !line.contains(patterns.joined(separator: " ")), "pattern before the copy: \(line)")
                if line.contains("\"type\":\"morse\"") { #expect(!line.contains("\"text\""), "\(line)") }
            }
            start = end + 1
        }
        #expect(groups.count > 30, "the groups differ from session to session: \(groups.count)")
    }
}
