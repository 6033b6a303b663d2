// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// The sound server dies under the real binary (issue 8): PulseAudio is killed with SIGKILL in
/// the middle of a long utterance, then started again on the same socket.
@Suite(.serialized, .requires(.pulseAudio)) struct SoundServerFaultTests {
    let speaking = ["--transcript", "jsonl", "--speech", "on", "--braille", "off"]

    /// The reader says the sound is cut (in the transcript, for the braille or text user), keeps
    /// answering, and the first announcement after the server is back is heard on it.
    @Test func pulseAudioKilledMidUtteranceAndRestarted() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let before = try pulse.record(seconds: 30)
        let catalogue = try LongSpeech.catalogue()
        defer { try? FileManager.default.removeItem(atPath: catalogue) }
        let reader = try InteractiveLecteur(speaking + ["--catalog", catalogue],
                                            environment: home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 })
        defer { reader.kill() }
        _ = try reader.next("focus")
        for line in LongSpeech.script { reader.send(line) } // a description of about a minute
        _ = try reader.next("speech") { ($0["text"] as? String)?.hasPrefix(LongSpeech.sentence) == true }
        // Kill only once the description is really sounding on the server.
        let deadline = TestDeadline(seconds: 10)
        while MonitorRecording.soundSeconds(before.samples(untilEnd: false)) < 0.5 && !deadline.hasPassed { usleep(50_000) }
        #expect(MonitorRecording.soundSeconds(before.samples(untilEnd: false)) >= 0.5, "the description was heard before the kill")

        try pulse.kill()
        // Without a server the reader goes on: commands are answered, in text. The loss is told
        // when a write fails: at once if the description was still queued, else (under a
        // sanitizer, synthesis can trail playback) with this next announcement.
        reader.send("précédent")
        _ = try reader.next("focus", timeout: 10) { $0["label"] as? String == LongSpeech.title }
        let lost = try #require(reader.wait(timeout: 10) { $0["code"] as? String == "audio.lost" })
        #expect(lost["message"] as? String
                == "Le son est coupé : le serveur de son ne répond plus. Le texte reste affiché ; le lecteur rétablit le son dès que le serveur revient.")
        reader.send("où")
        _ = try reader.next("notice", timeout: 10) { $0["code"] as? String == "where" }
        usleep(500_000) // the audio thread tries the server for what "où" said, then drops it
        reader.send("état")
        let gone = try reader.next("status", timeout: 10)
        #expect(gone["sound"] as? String == "lost")
        // Speech asked for meanwhile was dropped, not kept for later; at most the chunks of the
        // last announcement can be in flight when the status is taken.
        #expect((gone["sound_dropped_ms"] as? Int ?? 0) > 500, "\(gone)")
        #expect((gone["sound_queued_ms"] as? Int ?? .max) < 2000, "\(gone)")
        #expect((gone["message"] as? String)?.hasPrefix("Son : coupé, le serveur de son ne répond pas.") == true)

        try pulse.restart()
        let after = try pulse.record(seconds: 8)
        let sentAt = after.elapsed
        reader.send("suivant")
        _ = try reader.next("focus", timeout: 10) { ($0["label"] as? String)?.hasPrefix(LongSpeech.sentence) == true }
        _ = try reader.next("notice", timeout: 10) { $0["code"] as? String == "audio.restored" }
        usleep(2_500_000) // let the description be heard before the status announcement cuts it
        let statusAt = after.elapsed
        reader.send("état")
        #expect(try reader.next("status", timeout: 10)["sound"] as? String == "connected")
        #expect(reader.finish() == 0)
        // The description, cut by `état` after about 2.5 s: that much voice on the new server.
        let heard = MonitorRecording.soundSeconds(after.samples(), from: sentAt, to: statusAt)
        #expect(heard > 0.8 && heard < 4, "heard \(heard) s after the restart")
    }

    /// A server that is gone for good: one notice, no retry storm, no growing queue, exit 0.
    @Test func pulseAudioKilledForGoodLeavesAReaderThatStillAnswers() throws {
        let home = ReaderHome()
        defer { home.remove() }
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let reader = try InteractiveLecteur(speaking, environment: home.environment.merging(["PULSE_SERVER": pulse.server]) { $1 })
        defer { reader.kill() }
        _ = try reader.next("focus")
        try pulse.kill()
        for _ in 0..<20 { reader.send("suivant") }
        reader.send("où")
        _ = try reader.next("notice", timeout: 20) { $0["code"] as? String == "where" }
        let start = Date()
        #expect(reader.finish() == 0)
        #expect(Date().timeIntervalSince(start) < 5, "leaving does not wait for audio that cannot play")
        let notices = reader.seen("notice").filter { $0["code"] as? String == "audio.lost" }
        #expect(notices.count == 1)
    }
}
