// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurTestSupport
import Testing

/// Speech through the real binary (issue 3).
@Suite(.serialized) struct SpeechSessionTests {
    func env(_ extra: [String: String] = [:]) -> [String: String] {
        let home = NSTemporaryDirectory() + "lecteur-speech-\(UUID().uuidString)"
        return ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config"].merging(extra) { $1 }
    }

    /// The focus change's own utterance is what is heard after the command: the load's notice
    /// is let finish first, and the sound after `suivant` has the length of « Accessibilité, non
    /// sélectionné, bouton, filtre 2 sur 7 » as espeak-ng's command line speaks it, not of the
    /// notice (« heard more than 0.8 s » passed with the load notice alone).
    @Test(.requires(.pulseAudio)) func aFocusChangeIsHeardOnTheSoundServer() throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 20)
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "on", "--braille", "off"],
                                            environment: env(["PULSE_SERVER": pulse.server]))
        _ = try reader.next("speech") { $0["text"] as? String == "Toutes, sélectionné, bouton, filtre 1 sur 7" }
        // The load's two utterances played out: half a second of silence at the monitor (hang
        // guard of 10 s).
        let quietBy = Date().addingTimeInterval(10)
        repeat { usleep(100_000) } while Date() < quietBy
            && (recording.elapsed < 2 || MonitorRecording.soundSeconds(recording.samples(untilEnd: false), from: recording.elapsed - 0.5) > 0)
        let mark = recording.elapsed
        let answer = "Accessibilité, non sélectionné, bouton, filtre 2 sur 7"
        reader.send("suivant")
        _ = try reader.next("speech") { $0["text"] as? String == answer }
        usleep(5_000_000)
        reader.send("quitter")
        #expect(reader.finish() == 0)
        #expect(reader.seen("error").isEmpty)
        let heard = MonitorRecording.soundSeconds(recording.samples(), from: mark)
        let expected = MonitorRecording.soundSeconds(try EspeakCommandLine.synthesize(answer))
        let notice = MonitorRecording.soundSeconds(try EspeakCommandLine.synthesize("14 formations chargées."))
        print("BENCH focus change heard: \(heard) s of sound; espeak-ng -v fr: the answer \(expected) s, the notice \(notice) s")
        #expect(abs(heard - expected) < 0.25 * expected, "heard \(heard) s after the command; the answer is \(expected) s")
        #expect(abs(heard - expected) < abs(heard - notice), "heard \(heard) s: the answer is \(expected) s, the notice \(notice) s")
    }

    @Test(.requires(.pulseAudio)) func anInterruptingCommandCutsTheOldUtteranceAndTheNewOneIsHeard() throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let recording = try pulse.record(seconds: 9)
        let catalogue = try LongSpeech.catalogue()
        defer { try? FileManager.default.removeItem(atPath: catalogue) }
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "on", "--braille", "off", "--catalog", catalogue],
                                            environment: env(["PULSE_SERVER": pulse.server]))
        _ = try reader.next("focus")
        for line in LongSpeech.script { reader.send(line) } // a description of about a minute
        _ = try reader.next("speech") { ($0["text"] as? String)?.hasPrefix(LongSpeech.sentence) == true }
        usleep(2_000_000)
        let interruptAt = recording.elapsed
        reader.send("précédent")      // interrupts it
        _ = try reader.next("speech") { $0["text"] as? String == LongSpeech.title + ", titre" }
        usleep(4_500_000)
        #expect(reader.finish() == 0)
        let samples = recording.samples()
        let before = MonitorRecording.soundSeconds(samples, to: interruptAt)
        let after = MonitorRecording.soundSeconds(samples, from: interruptAt + 0.2, to: interruptAt + 3)
        let tail = MonitorRecording.soundSeconds(samples, from: interruptAt + 3.5, to: interruptAt + 6)
        #expect(before > 0.5, "the description was being spoken: \(before) s")
        #expect(after > 0.5, "the new element was heard: \(after) s")
        #expect(tail < 0.1, "the rest of the description never came: \(tail) s of sound")
    }

    @Test func audioOutAndSayWriteWAVFilesOfTheExpectedLength() throws {
        let dir = URL(fileURLWithPath: NSTemporaryDirectory() + "lecteur-wav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = dir.appendingPathComponent("session.wav").path
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off", "--audio-out", session],
                                         input: "", environment: env(["PULSE_SERVER": "unix:/nonexistent"]))
        let spoken = out.events("speech").map { $0["text"] as? String ?? "" }
        #expect(spoken == ["14 formations chargées.", "Toutes, sélectionné, bouton, filtre 1 sur 7"])
        let sessionWAV = try WAVFile.decode(Data(contentsOf: URL(fileURLWithPath: session)))
        // The reference is the espeak-ng command line (voice fr) on the same texts, up to the last
        // audible sample of each, not the reader's own `say`.
        var expected = 0.0
        for text in spoken {
            expected += Double(try EspeakCommandLine.audibleSamples(text, voice: "fr")) / 22050
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
