import Foundation
import LecteurCore
import Testing

/// A private PulseAudio (scripts/pulse-test.sh) whose null sink's monitor is recorded while the
/// real `lecteur` speaks into it.
final class PulseCapture {
    let directory: URL
    let server: String
    private var recorder: Process?
    private var rawFile: URL { directory.appendingPathComponent("monitor.raw") }

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    init() throws {
        directory = URL(fileURLWithPath: "/tmp/lecteur-it-pulse-\(getpid())-\(UUID().uuidString.prefix(8))")
        let out = try Shell.run(Self.repository.appendingPathComponent("scripts/pulse-test.sh").path, ["start", directory.path])
        server = out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts recording; `timeout -s KILL` bounds parec even if it ignores SIGTERM.
    func startRecording(seconds: Int) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["-s", "KILL", String(seconds), "parec", "-d", "cap.monitor", "--rate=22050", "--channels=1",
                       "--format=s16le", "--latency-msec=20", rawFile.path]
        var env = ProcessInfo.processInfo.environment
        env["PULSE_SERVER"] = server
        env.removeValue(forKey: "PULSE_LATENCY_MSEC")
        p.environment = env
        try p.run()
        recorder = p
        usleep(300_000) // parec connects before the reader starts speaking
    }

    func samples() -> [Int16] {
        recorder?.waitUntilExit()
        let data = (try? Data(contentsOf: rawFile)) ?? Data()
        return data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    }

    /// Seconds of sound (10 ms windows louder than a whisper).
    static func soundSeconds(_ samples: [Int16], from: Double = 0, to: Double = .infinity) -> Double {
        let window = 220
        var loud = 0
        var i = Int(from * 22050)
        let end = min(samples.count, to == .infinity ? samples.count : Int(to * 22050))
        while i + window <= end {
            var sum = 0.0
            for s in samples[i..<i + window] { sum += Double(s) * Double(s) }
            if (sum / Double(window)).squareRoot() > 200 { loud += 1 }
            i += window
        }
        return Double(loud) * Double(window) / 22050
    }

    deinit {
        recorder?.terminate()
        _ = try? Shell.run(Self.repository.appendingPathComponent("scripts/pulse-test.sh").path, ["stop", directory.path])
        try? FileManager.default.removeItem(at: directory)
    }
}

enum Shell {
    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Speech through the real binary (issue 3).
@Suite(.serialized) struct SpeechSessionTests {
    func env(_ extra: [String: String] = [:]) -> [String: String] {
        let home = NSTemporaryDirectory() + "lecteur-speech-\(UUID().uuidString)"
        return ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache"].merging(extra) { $1 }
    }

    @Test func aFocusChangeIsHeardOnTheSoundServer() throws {
        let pulse = try PulseCapture()
        try pulse.startRecording(seconds: 8)
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off"],
                                         input: "suivant\n", environment: env(["PULSE_SERVER": pulse.server]))
        #expect(out.status == 0)
        #expect(out.events("error").isEmpty)
        let recording = pulse.samples()
        let heard = PulseCapture.soundSeconds(recording)
        // "Accessibilité, non sélectionné, bouton" at 175 words a minute: a second or two of voice.
        #expect(heard > 0.8 && heard < 6, "heard \(heard) s")
    }

    @Test func anInterruptingCommandCutsTheOldUtteranceAndTheNewOneIsHeard() throws {
        let pulse = try PulseCapture()
        try pulse.startRecording(seconds: 9)
        let start = Date()
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "on", "--braille", "off"],
                                            environment: env(["PULSE_SERVER": pulse.server]))
        _ = try reader.next("focus")
        reader.send("aide")           // the whole help: well over 30 s of speech
        usleep(2_000_000)
        let interruptAt = Date().timeIntervalSince(start) + 0.3 // parec started 0.3 s before `start`
        reader.send("suivant")        // interrupts it
        _ = try reader.next("speech") { $0["text"] as? String == "Accessibilité, non sélectionné, bouton" }
        usleep(4_500_000)
        #expect(reader.finish() == 0)
        let recording = pulse.samples()
        let before = PulseCapture.soundSeconds(recording, to: interruptAt)
        let after = PulseCapture.soundSeconds(recording, from: interruptAt + 0.2, to: interruptAt + 3)
        let tail = PulseCapture.soundSeconds(recording, from: interruptAt + 3.5, to: interruptAt + 6)
        #expect(before > 0.5, "the help was being spoken: \(before) s")
        #expect(after > 0.5, "the new element was heard: \(after) s")
        #expect(tail < 0.1, "the rest of the help never came: \(tail) s of sound")
    }

    @Test func audioOutAndSayWriteWAVFilesOfTheExpectedLength() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory() + "lecteur-wav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = dir.appendingPathComponent("session.wav").path
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off", "--audio-out", session],
                                         input: "", environment: env(["PULSE_SERVER": "unix:/nonexistent"]))
        let spoken = out.events("speech").map { $0["text"] as? String ?? "" }
        #expect(spoken == ["14 formations chargées.", "Toutes, sélectionné, bouton"])
        let sessionWAV = try WAVFile.decode(Data(contentsOf: URL(fileURLWithPath: session)))
        var expected = 0.0
        for (i, text) in spoken.enumerated() {
            let file = dir.appendingPathComponent("say\(i).wav").path
            let say = try LecteurProcess.run(["say", text, "--output", file], environment: env())
            #expect(say.status == 0)
            expected += try WAVFile.decode(Data(contentsOf: URL(fileURLWithPath: file))).durationSeconds
        }
        #expect(sessionWAV.sampleRate == 22050)
        #expect(abs(sessionWAV.durationSeconds - expected) < 0.1 * expected,
                "session \(sessionWAV.durationSeconds) s, utterances \(expected) s")
    }

    @Test func withoutASoundServerTheReaderSaysWhyOnceAndGoesOn() throws {
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off"], input: "suivant\nsuivant\n",
                                         environment: env(["PULSE_SERVER": "unix:/nonexistent/socket"]))
        #expect(out.status == 0)
        let startup = out.events("notice").filter { $0["code"] as? String == "startup" }
        #expect(startup.count == 1)
        #expect(startup.first?["message"] as? String == "Aucune sortie audio disponible : la lecture continue sans son.")
        #expect(out.events("focus").count == 3)
        #expect(!out.stderr.contains("ALSA"))
    }
}
