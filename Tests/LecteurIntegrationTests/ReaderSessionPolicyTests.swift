// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurApp
import LecteurAudio
import LecteurCore
import LecteurLocales
import Testing
import LecteurDevices
import LecteurStore
import LecteurTestSupport

/// The runtime in process, with fake devices: it carries out what the reducer decided, to the
/// letter — what is said (and whether it cuts), what is shown, what is sounded and saved.
@Suite(.serialized) struct ReaderSessionPolicyTests {
    final class FakeSpeech: SpeechOutput, @unchecked Sendable {
        private let lock = NSLock()
        private(set) var said: [Utterance] = []
        private(set) var stops = 0
        func speak(_ text: String, interrupt: Bool) { Issue.record("the session speaks whole utterances") }
        func speak(_ utterance: Utterance) { lock.withLock { said.append(utterance) } }
        func stop() { lock.withLock { stops += 1 } }
        func afterSpeech(_ body: @escaping @Sendable (Bool) -> Void) { body(true) }
        func whenSpoken(_ done: @escaping @Sendable () -> Void) { done() }
    }

    final class FakeBraille: BrailleSink, @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [BrailleLine] = []
        var shown: [BrailleLine] { lock.withLock { lines } }
        func show(_ line: BrailleLine) -> String? { lock.withLock { lines.append(line) }; return "⠿" }
        func backTranslate(_ cells: [UInt8]) -> String? { nil }
        func release() {}
        func advance() -> BrailleWindow? { nil }
        var hasDisplay: Bool { true }
    }

    final class FakeAudio: AudioOutput, @unchecked Sendable {
        private let lock = NSLock()
        private(set) var samples = 0
        private(set) var flushes = 0
        let sampleRate = 22050
        func play(_ samples: [Int16], sampleRate: Int) { lock.withLock { self.samples += samples.count } }
        func flush() { lock.withLock { flushes += 1 } }
        func waitUntilDrained(timeout: Duration) -> Bool { true }
        func whenDrained(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void) { done() }
        func close() {}
    }

    final class FakeVolume: SettingsDomain {
        func configure(_ key: SettingKey, value: String) -> Result<SettingValue, SettingFault>? {
            guard key == .speechVolume else { return nil }
            return Int(value).map { .success(SettingValue(.speech(String($0)))) } ?? .failure(.notANumber(value: value))
        }
        func reading(_ key: SettingKey) -> SettingReading? {
            key == .speechVolume ? SettingReading(value: "100", range: 0...200) : nil
        }
    }

    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ line: String) { lock.withLock { items.append(line) } }
        var events: [[String: Any]] {
            lock.withLock { items }.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        }
    }

    struct Rig {
        let session: ReaderSession
        let speech = FakeSpeech()
        let braille = FakeBraille()
        let audio = FakeAudio()
        let lines = Lines()
        let folder: URL
        var post: (@Sendable (Action) -> Void)?

        init(status: DeviceStatus = DeviceStatus(sound: .none, speechPending: 0, braille: .off)) {
            let strings = Strings(localeCode: "fr", table: LocaleResources.table(locale: "fr")!)
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-session-\(UUID().uuidString)")
            // The configuration files of this folder only: a developer's ~/.config/lecteur/lecteur.toml
            // (a braille message timeout, a verbosity…) must not change what the session does.
            let configuration = ConfigurationPaths.fromEnvironment(["HOME": folder.path, "XDG_CONFIG_HOME": folder.path + "/config",
                                                                    "XDG_CONFIG_DIRS": folder.path + "/etc-xdg"])
            let store = ReaderStore(url: folder.appendingPathComponent("lecteur.sqlite"), configuration: configuration)
            let lines = self.lines
            let box = PostBox()
            let devices = ReaderDevices(speech: speech, braille: braille, audio: audio, settings: [FakeVolume()],
                                        status: { status }, listen: [{ post in box.post = post }])
            session = ReaderSession(reader: Reader(strings: strings, timeZone: TimeZone(identifier: "Europe/Paris")!),
                                    transcript: Transcript(format: .jsonl, strings: strings, write: { lines.append($0) }),
                                    catalogueSource: LocalCatalogueSource(origin: .builtIn), store: store,
                                    devices: devices, practiceSeed: 1)
            session.start()
            post = box.post
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// The transcript's speech events are exactly what the engine was given.
        func expectTranscriptMatchesTheEngine(sourceLocation: SourceLocation = #_sourceLocation) {
            let transcribed = lines.events.filter { $0["type"] as? String == "speech" }
                .map { Utterance(text: $0["text"] as? String ?? "", interrupt: $0["interrupt"] as? Bool ?? false, priority: .answer) }
            #expect(transcribed.map(\.text) == speech.said.map(\.text), sourceLocation: sourceLocation)
            #expect(transcribed.map(\.interrupt) == speech.said.map(\.interrupt), sourceLocation: sourceLocation)
        }
    }

    final class PostBox: @unchecked Sendable {
        var post: (@Sendable (Action) -> Void)?
    }

    @Test func startUpQueuesEverythingThenACommandInterruptsOnce() {
        let rig = Rig()
        defer { rig.remove() }
        #expect(rig.speech.said.map(\.interrupt) == [false, false])
        #expect(rig.braille.shown.map(\.kind) == [.message], "the focus line waits for the load message")
        rig.session.handle(line: "filtre bureau")
        let answer = rig.speech.said.dropFirst(2)
        #expect(answer.map(\.text) == ["Bureautique : 2 formations", "Bureautique, titre"])
        #expect(answer.map(\.interrupt) == [true, false])
        #expect(answer.map(\.priority) == [.answer, .answer])
        #expect(rig.braille.shown.last == BrailleLine(text: "Bureautique : 2 formations", cursor: 0, kind: .message))
        rig.expectTranscriptMatchesTheEngine()
    }

    @Test func stopSilencesSpeechAndSoundAndSaysNothing() {
        let rig = Rig()
        defer { rig.remove() }
        let said = rig.speech.said.count
        rig.session.handle(line: "stop")
        #expect(rig.speech.stops == 1)
        #expect(rig.audio.flushes == 0, "the speech engine owns the shared output and flushes it when it stops")
        #expect(rig.speech.said.count == said)
        #expect(rig.lines.events.contains { $0["code"] as? String == "stop" })
        // The key or command after a message brings the focused element back to the display.
        #expect(rig.braille.shown.last == BrailleLine(text: "[x] Toutes btn", cursor: 4, kind: .focus))
    }

    @Test func morseAsTheAnswerCutsStaleSpeechThenPlaysEverySample() {
        let rig = Rig()
        defer { rig.remove() }
        rig.session.handle(line: "morse E")
        #expect(rig.speech.stops == 1, "the tones are the answer: stale speech stops for them")
        let report = rig.lines.events.last { $0["type"] as? String == "morse" }
        let duration = report?["duration_ms"] as? Double ?? 0
        // Plus one 5 ms ramp (110 samples): ramps are centred on the edges, so the last fall
        // ends half a ramp after the book's end and everything starts half a ramp later.
        #expect(rig.audio.samples == Int((duration * 22.050).rounded()) + 110, "every sample of the reported duration is played")
    }

    /// Issue 35: the answer (the setting's confirmation) stays until a key; a screen's name
    /// flashes and gives way to the focus when its time is up.
    @Test func aBrailleMessageGivesWayToTheFocusWhenItsTimeIsUp() throws {
        let rig = Rig()
        defer { rig.remove() }
        rig.session.handle(line: "set message-braille 0,2")
        #expect(rig.braille.shown.last?.kind == .message)
        // Five times its 0.2 s: the answer is still there.
        Thread.sleep(forTimeInterval: 1)
        #expect(rig.braille.shown.last == BrailleLine(text: "Messages braille : 0,2 secondes.", cursor: 0, kind: .message))
        rig.session.handle(line: "onglet morse")
        #expect(rig.braille.shown.last == BrailleLine(text: "Apprendre, 54 symboles", cursor: 0, kind: .message),
                "the screen's name first")
        let deadline = TestDeadline(seconds: 5)
        while rig.braille.shown.last?.kind != .focus && !deadline.hasPassed { Thread.sleep(forTimeInterval: 0.02) }
        #expect(rig.braille.shown.last?.kind == .focus)
        #expect(rig.braille.shown.last?.text.hasPrefix("A ") == true, "\(String(describing: rig.braille.shown.last))")
    }

    @Test func deviceEventsAreSaidInTurnAndNeverCut() throws {
        var rig = Rig()
        defer { rig.remove() }
        let post = try #require(rig.post)
        post(.device(.audioRestored))
        rig.session.send(.command(.repeatLast)) // after the posted event, on the same queue
        let restored = try #require(rig.speech.said.first { $0.text == "Le son est rétabli." })
        #expect(restored.interrupt == false)
        #expect(rig.speech.said.last?.interrupt == true)
        rig.post = nil
    }

    @Test func statusAndDeviceSettingsComeBackFromTheDevices() {
        let status = DeviceStatus(sound: .file, speechPending: 2, braille: .connected(columns: 40))
        let rig = Rig(status: status)
        defer { rig.remove() }
        rig.session.handle(line: "état")
        #expect(rig.speech.said.last == Utterance(text: status.message(rig.session.reader.strings), interrupt: true, priority: .answer))
        #expect(rig.lines.events.contains { $0["type"] as? String == "status" && $0["speech_pending"] as? Int == 2 })
        rig.session.handle(line: "set volume 120")
        #expect(rig.speech.said.last == Utterance(text: "Volume : 120.", interrupt: true, priority: .answer))
        rig.session.handle(line: "set volume fort")
        #expect(rig.speech.said.last == Utterance(text: "volume : « fort » n'est pas un nombre.", interrupt: true, priority: .error))
        rig.expectTranscriptMatchesTheEngine()
    }

    @Test func onlyTheSettingThatChangedIsSaved() {
        let rig = Rig()
        defer { rig.remove() }
        rig.session.handle(line: "set vitesse 25")
        #expect(rig.session.store.value("morse.wpm") == "25")
        #expect(rig.session.store.value("morse.tone") == nil, "a reader running beside keeps its own tone")
        #expect(rig.session.store.value("morse.farnsworth") == nil)
    }
}
