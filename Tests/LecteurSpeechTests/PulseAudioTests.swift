import Foundation
import LecteurAudio
import LecteurCore
import LecteurSpeech
import Testing

/// Speech through pcaudiolib into a private PulseAudio's null sink, recorded from its monitor.
/// Serialized: the sound server is chosen through the process-wide PULSE_SERVER variable.
@Suite(.serialized, .enabled(if: PrivatePulse.binariesPresent, "pulseaudio, pactl or parec is not installed"))
final class PulseAudioTests {
    let pulse: PrivatePulse

    init() throws {
        pulse = try PrivatePulse()
        setenv("PULSE_SERVER", pulse.server, 1)
    }

    deinit { pulse.stop() }

    static let longText = "Agents i a et automatisation, niveau Expert, durée 3 jours, 1490 euros, bouton. Ouvre la fiche de cette formation pour en lire la description complète et les prochaines sessions."

    @Test func speechIsHeardWhole() throws {
        let device = try DeviceAudioOutput.open()
        defer { device.close() }
        let tee = TeeOutput(device)
        let engine = try SpeechEngine(output: tee)
        defer { engine.close() }
        let recorder = try MonitorRecorder(server: pulse.server)
        defer { recorder.stop() }

        let start = recorder.sampleCount
        engine.speak("Formations, onglet. Starter Pack, i a Générative, niveau Débutant, durée 2 jours, 990 euros.", interrupt: true)
        #expect(engine.waitUntilIdle(timeout: .seconds(15)))
        _ = recorder.waitForSamples(recorder.sampleCount + Self.rateSamples(0.3), timeout: 2)
        recorder.stop()

        let played = try #require(tee.segments.first)
        let recording = Array(recorder.samples[start...])
        let span = try #require(Signal.soundSpan(recording), "nothing was heard")
        let heardSeconds = Double(span.count) / 22_050
        let playedSpan = try #require(Signal.soundSpan(played))
        let playedSeconds = Double(playedSpan.count) / 22_050
        #expect(abs(heardSeconds - playedSeconds) < 0.05, "heard \(heardSeconds) s, played \(playedSeconds) s")
        #expect(Signal.rms(recording[span]) > 1000)
        // The monitor carries the very samples handed to the output, from start to end.
        let offset = try #require(Signal.locate(played, in: recording), "played samples not found in the recording")
        let heard = Signal.heardLength(of: played, at: offset, in: recording)
        #expect(heard >= playedSpan.upperBound - 10, "heard \(heard) of \(played.count) samples")
        #expect(device.statistics.writeErrors == 0)
    }

    static func rateSamples(_ seconds: Double) -> Int { Int(seconds * 22_050) }

    @Test func interruptingSpeechCutsTheFirstUtteranceAndPlaysTheSecond() throws {
        let device = try DeviceAudioOutput.open()
        defer { device.close() }
        let tee = TeeOutput(device)
        let engine = try SpeechEngine(output: tee)
        defer { engine.close() }
        let recorder = try MonitorRecorder(server: pulse.server)
        defer { recorder.stop() }

        let start = recorder.sampleCount
        engine.speak(Self.longText, interrupt: true)
        _ = try #require(recorder.waitForSound(from: start, timeout: 3), "the first utterance was not heard")
        Thread.sleep(forTimeInterval: 0.8)
        let interruptedAt = ContinuousClock.now
        engine.speak("Retour, bouton.", interrupt: true)
        #expect(engine.waitUntilIdle(timeout: .seconds(10)))
        _ = recorder.waitForSamples(recorder.sampleCount + Self.rateSamples(0.3), timeout: 2)
        recorder.stop()

        let segments = tee.segments
        try #require(segments.count == 2, "expected two utterances handed to the output, got \(segments.count)")
        let first = segments[0], second = segments[1]
        let recording = recorder.samples
        let firstAt = try #require(Signal.locate(first, in: recording, from: start), "first utterance not found")
        let heardFirst = Signal.heardLength(of: first, at: firstAt, in: recording)
        let heardFirstSeconds = Double(heardFirst) / 22_050
        let playedFirstSeconds = Double(first.count) / 22_050
        // Cut short: about 0.8 s of a ~10 s utterance was heard.
        #expect(playedFirstSeconds > 5)
        #expect(heardFirstSeconds > 0.6 && heardFirstSeconds < 1.4, "heard \(heardFirstSeconds) s of the first utterance")

        let cut = firstAt + heardFirst
        let secondAt = try #require(Signal.locate(second, in: recording, from: cut - 10), "second utterance not found after the cut")
        let secondSpan = try #require(Signal.soundSpan(second))
        let heardSecond = Signal.heardLength(of: second, at: secondAt, in: recording)
        #expect(heardSecond >= secondSpan.upperBound - 10, "heard \(heardSecond) of \(second.count) samples of the second")
        // Nothing of the first utterance after the second has started, and silence after it.
        let tail = recording[(secondAt + second.count)...]
        #expect(Signal.soundSpan(Array(tail)) == nil, "sound after the second utterance")

        let cutArrival = try #require(recorder.arrival(ofSample: cut))
        let silence = milliseconds(interruptedAt.duration(to: cutArrival))
        print("BENCH interrupting speak → old utterance silent at the monitor: \(String(format: "%.1f", silence)) ms")
        #expect(silence < 150)
    }
}
