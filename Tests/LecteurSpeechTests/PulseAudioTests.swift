// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurApp
import Foundation
import LecteurAudio
import LecteurCore
import LecteurSpeech
import LecteurTestSupport
import Testing
import LecteurTerminal

/// The suites below choose the sound server through the process-wide PULSE_SERVER variable: they
/// run one test at a time.
@Suite(.serialized) enum SoundServerSuites {}

/// Speech through pcaudiolib into a private PulseAudio's null sink, recorded from its monitor.
extension SoundServerSuites {
    @Suite(ConditionTrait.requires(.pulseAudio))
    final class PulseAudioTests {
        let pulse: PrivatePulseServer

        init() throws {
            pulse = try PrivatePulseServer()
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
            // An underrun on a loaded machine would add a gap: allow a little more than played.
            #expect(heardSeconds > playedSeconds - 0.05 && heardSeconds < playedSeconds + 1.0,
                    "heard \(heardSeconds) s, played \(playedSeconds) s")
            #expect(Signal.rms(recording[span]) > 1000)
            // The monitor carries the very samples handed to the output, from start to end.
            let offset = try #require(Signal.locate(played, in: recording), "played samples not found in the recording")
            let (heardBlocks, loudBlocks) = Signal.blocksHeard(of: played, in: recording, from: offset)
            #expect(loudBlocks > 15 && heardBlocks == loudBlocks, "heard \(heardBlocks) of \(loudBlocks) loud quarter-seconds")
            let unbroken = Signal.heardLength(of: played, at: offset, in: recording)
            if unbroken < playedSpan.upperBound - 10 {
                print("NOTE playback gap after \(String(format: "%.2f", Double(unbroken) / 22_050)) s (underrun)")
            }
            #expect(device.statistics.writeErrors == 0)
        }

        static func rateSamples(_ seconds: Double) -> Int { Int(seconds * 22_050) }

        /// Issue 45, item 1: the output says when queued audio has been played (a marker after
        /// it), which is when its last sample reaches the sink, not when it was queued; a flush
        /// drops the marker with the audio (false); with nothing queued it is played at once.
        @Test func aMarkerAfterQueuedAudioIsPassedWhenItsLastSampleIsHeard() throws {
            let device = try DeviceAudioOutput.open()
            defer { device.close() }
            let recorder = try MonitorRecorder(server: pulse.server)
            defer { recorder.stop() }
            final class Reports: @unchecked Sendable {
                let lock = NSCondition()
                var reports: [(played: Bool, at: ContinuousClock.Instant)] = []
                func add(_ played: Bool) { lock.lock(); reports.append((played, .now)); lock.broadcast(); lock.unlock() }
                func wait(for count: Int, timeout: TimeInterval) -> [(played: Bool, at: ContinuousClock.Instant)] {
                    let deadline = Date().addingTimeInterval(timeout)
                    lock.lock()
                    defer { lock.unlock() }
                    while reports.count < count, lock.wait(until: deadline) {}
                    return reports
                }
            }
            let start = recorder.sampleCount
            let queued = ContinuousClock.now
            let tone = AudioSinkTests.tone(seconds: 0.6, frequency: 600)
            let reports = Reports()
            device.play(tone, sampleRate: 22_050)
            device.whenPlayed { reports.add($0) }
            let first = try #require(reports.wait(for: 1, timeout: 5).first, "no report")
            #expect(first.played)
            // The tone's last loud sample at the sink, and when the monitor delivered it.
            _ = recorder.waitForSamples(recorder.sampleCount + Self.rateSamples(0.3), timeout: 2)
            let recording = recorder.samples
            let last = try #require(recording[start...].lastIndex { abs(Int($0)) > 300 }, "the tone was not heard")
            let heardAt = try #require(recorder.arrival(ofSample: last))
            let early = milliseconds(first.at - queued), offset = milliseconds(first.at - heardAt)
            print("AUDIO marker: passed \(Int(early)) ms after 600 ms of tone was queued, \(Int(offset)) ms from its last sample at the sink")
            #expect(early >= 600 - 5, "passed before the tone could have played: \(early) ms")
            #expect(abs(offset) <= 50, "passed \(offset) ms from the tone's end at the sink")

            // Flushed before it played: the marker goes with the audio.
            device.play(AudioSinkTests.tone(seconds: 2, frequency: 600), sampleRate: 22_050)
            let flushedAt = ContinuousClock.now
            device.whenPlayed { reports.add($0) }
            usleep(100_000)
            device.flush()
            let second = try #require(reports.wait(for: 2, timeout: 3).dropFirst().first, "no report after the flush")
            #expect(!second.played && milliseconds(second.at - flushedAt) < 1_000)
            // Nothing queued once that has drained: played at once.
            #expect(device.waitUntilDrained(timeout: .seconds(3)))
            let idle = ContinuousClock.now
            device.whenPlayed { reports.add($0) }
            let third = try #require(reports.wait(for: 3, timeout: 3).dropFirst(2).first)
            #expect(third.played && milliseconds(third.at - idle) < 100)
        }

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
            // The cut is the property; how much was heard before it depends on the sound server's
            // scheduling on a loaded machine (an underrun ends the contiguous match early, even at
            // 49 ms once under a parallel fuzzing run), so the heard part is counted in quarter-second
            // blocks: about 0.8 s of it, never the rest of a ten-second text.
            // Judged against the utterance, not the clock: a cut leaves most of it unheard, where a
            // bound like « under 1.4 s after a 0.8 s sleep » was a hidden 0.6 s limit on scheduling.
            #expect(heardFirstSeconds < playedFirstSeconds / 2, "heard \(heardFirstSeconds) s of the first utterance (\(playedFirstSeconds) s) without a break")
            let (firstBlocks, firstLoud) = Signal.blocksHeard(of: first, in: recording, from: firstAt)
            #expect(firstBlocks >= 1 && firstBlocks < firstLoud / 2 && firstLoud > 20, "heard \(firstBlocks) of \(firstLoud) loud blocks of the first")

            let cut = firstAt + heardFirst
            let secondAt = try #require(Signal.locate(second, in: recording, from: cut - 10), "second utterance not found after the cut")
            let secondSpan = try #require(Signal.soundSpan(second))
            // Heard whole: every loud quarter-second of it is in the recording (a block match, so a
            // playback gap on a loaded machine does not count as a cut).
            let (heardBlocks, loudBlocks) = Signal.blocksHeard(of: second, in: recording, from: secondAt)
            #expect(secondSpan.count > 0 && heardBlocks >= loudBlocks - 1, "heard \(heardBlocks) of \(loudBlocks) loud blocks of the second")
            // Nothing of the first utterance after the second has started, and silence after it.
            // The second ends where its last loud tenth of a second is found, not its length after
            // its start: a playback gap inside it (an underrun beside the daemon group) shifts its
            // end, and its last 10 ms were once taken for sound after it (fresh-clone run 33).
            let lastTenth = Array(second[max(secondSpan.lowerBound, secondSpan.upperBound - 2_205)..<secondSpan.upperBound])
            let secondEnd = Signal.locate(lastTenth, in: recording, from: secondAt).map {
                $0 + lastTenth.count + (second.count - secondSpan.upperBound)
            } ?? (secondAt + second.count)
            let tail = recording[min(secondEnd, recording.count)...]
            #expect(Signal.soundSpan(Array(tail)) == nil, "sound after the second utterance")

            let cutArrival = try #require(recorder.arrival(ofSample: cut))
            let silence = milliseconds(interruptedAt.duration(to: cutArrival))
            print("BENCH interrupting speak → old utterance silent at the monitor: \(String(format: "%.1f", silence)) ms")
            #expect(silence < 1000) // hang guard; the measured figure is printed
        }

        /// The issue's benchmarks, through the same null sink and the same recorder:
        /// speak → first sample handed to the output, speak → first sound at the monitor,
        /// stop → old utterance silent at the monitor, and `espeak-ng -v fr` launch → first sound.
        @Test func latencies() throws {
            let device = try DeviceAudioOutput.open()
            defer { device.close() }
            let tee = TeeOutput(device)
            let engine = try SpeechEngine(output: tee)
            defer { engine.close() }
            let recorder = try MonitorRecorder(server: pulse.server)
            defer { recorder.stop() }
            let text = "Agents i a et automatisation, niveau Expert, durée 3 jours, 1490 euros, bouton"
            let rounds = 15

            var firstSound: [Double] = [], silence: [Double] = []
            for round in 0..<rounds {
                let start = recorder.sampleCount
                let spokeAt = ContinuousClock.now
                engine.speak(text, interrupt: true)
                let onset = try #require(recorder.waitForSound(from: start, timeout: 3), "round \(round) not heard")
                firstSound.append(milliseconds(spokeAt.duration(to: onset.at)))
                Thread.sleep(forTimeInterval: 0.4)
                let stoppedAt = ContinuousClock.now
                engine.stop()
                _ = recorder.waitForSamples(recorder.sampleCount + Self.rateSamples(0.3), timeout: 2)
                let played = tee.segments[round]
                let recording = recorder.samples
                let at = try #require(Signal.locate(played, in: recording, from: start), "round \(round) not found")
                let heard = Signal.heardLength(of: played, at: at, in: recording)
                #expect(heard < played.count - Self.rateSamples(1), "round \(round) was not cut")
                let cutArrival = try #require(recorder.arrival(ofSample: at + heard))
                silence.append(milliseconds(stoppedAt.duration(to: cutArrival)))
            }

            // The espeak-ng command, launched as a user would, into the same sink.
            var commandFirstSound: [Double] = []
            for round in 0..<rounds {
                let start = recorder.sampleCount
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
                process.arguments = ["-v", "fr", text]
                var environment = ProcessInfo.processInfo.environment
                environment["PULSE_LATENCY_MSEC"] = nil
                environment["PULSE_SERVER"] = pulse.server
                process.environment = environment
                process.standardError = FileHandle.nullDevice
                let launchedAt = ContinuousClock.now
                try process.run()
                let onset = try #require(recorder.waitForSound(from: start, timeout: 5), "espeak-ng round \(round) not heard")
                commandFirstSound.append(milliseconds(launchedAt.duration(to: onset.at)))
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                Thread.sleep(forTimeInterval: 0.3)
            }

            let handed = engine.statistics.firstSampleLatencies.map(milliseconds)
            let flushes = device.statistics.flushLatencies.map(milliseconds)
            func line(_ name: String, _ values: [Double]) -> String {
                "\(name): p50 \(String(format: "%.2f", percentile(values, 50))) ms, p95 \(String(format: "%.2f", percentile(values, 95))) ms (n=\(values.count))"
            }
            print("BENCH " + line("speak after 0.7 s idle → first sample handed to the output", handed))
            print("BENCH " + line("speak → first sound at the monitor", firstSound))
            print("BENCH " + line("stop → old utterance silent at the monitor", silence))
            print("BENCH " + line("flush() → device buffer dropped", flushes))
            print("BENCH " + line("espeak-ng -v fr launch → first sound at the monitor", commandFirstSound))
            print("BENCH ratio espeak-ng launch / lecteur speak, first sound p50: \(String(format: "%.1f", percentile(commandFirstSound, 50) / percentile(firstSound, 50)))")
            // With 15 rounds the 95th percentile is the worst case: a thread woken after idling
            // on a loaded machine. The steady figure is `rapidNavigationThroughTheDevice`.
            // Hang guards (the figures are the BENCH lines above).
            #expect(percentile(handed, 95) < 2000, "hang guard")
            #expect(percentile(silence, 95) < 2000, "hang guard")
            // Sound reaching the monitor also waits for the sound server's scheduling, which a loaded
            // machine (or a sanitizer build) stretches: a bound against hangs, the figures are printed.
            #expect(percentile(firstSound, 95) < 2000, "hang guard")
        }

        /// A user moving quickly through the list: each command interrupts the previous label.
        @Test func rapidNavigationThroughTheDevice() throws {
            let device = try DeviceAudioOutput.open()
            defer { device.close() }
            let engine = try SpeechEngine(output: device)
            defer { engine.close() }
            let labels = ["Agents i a et automatisation, niveau Expert, durée 3 jours, 1490 euros, bouton",
                          "Rédiger des prompts efficaces, niveau Débutant, durée 1 jour, 490 euros, bouton",
                          "Formations, onglet", "A, point, trait"]
            for i in 0..<200 {
                engine.speak(labels[i % labels.count], interrupt: true)
                Thread.sleep(forTimeInterval: 0.03)
            }
            #expect(engine.waitUntilIdle(timeout: .seconds(20)))
            let handed = engine.statistics.firstSampleLatencies.map(milliseconds)
            let flushes = device.statistics.flushLatencies.map(milliseconds)
            // An utterance superseded before its thread woke is never synthesised, as it should be:
            // on a loaded machine a few of the 200 can be skipped that way.
            #expect(handed.count >= 180)
            print("BENCH rapid navigation, speak → first sample handed to the device output: p50 \(String(format: "%.2f", percentile(handed, 50))) ms, p95 \(String(format: "%.2f", percentile(handed, 95))) ms (n=\(handed.count)); flush() → device dropped: p50 \(String(format: "%.2f", percentile(flushes, 50))) ms, p95 \(String(format: "%.2f", percentile(flushes, 95))) ms")
            // The 5 ms goal is a figure to report (README), not a pass/fail on a noisy machine:
            // this only guards against a hang.
            #expect(percentile(handed, 95) < 2000, "hang guard")
            #expect(device.statistics.writeErrors == 0)
        }

        /// The server is killed under an open output: one `lost` event, audio asked for meanwhile is
        /// dropped (nothing queues), and once it is started again the output reopens and is heard.
        @Test func aKilledServerIsReportedNothingQueuesAndTheRestartedOneIsUsed() throws {
            let device = try DeviceAudioOutput.open()
            defer { device.close() }
            let events = Inbox<AudioDeviceEvent>()
            device.observe { events.put($0) }
            device.play(AudioSinkTests.tone(seconds: 0.3))
            #expect(device.waitUntilDrained(timeout: .seconds(5)))

            try pulse.kill()
            for _ in 0..<10 {
                device.play(AudioSinkTests.tone(seconds: 1))
                usleep(150_000)
            }
            #expect(device.waitUntilDrained(timeout: .seconds(5)))
            let lost = events.wait(timeout: 5) { if case .lost = $0 { true } else { false } }
            #expect(lost != nil)
            let gone = device.statistics
            #expect(!gone.connected)
            #expect(gone.queuedSamples == 0)
            #expect(gone.droppedSamples >= 9 * 22_050, "dropped \(gone.droppedSamples) samples")
            #expect(gone.largestQueuedSamples <= 2 * 22_050, "at most about one second ever waited")
            #expect(gone.disconnections == 1)

            try pulse.restart()
            let recording = try pulse.record(seconds: 5)
            device.play(AudioSinkTests.tone(seconds: 1))
            #expect(events.wait(after: 1, timeout: 5) { $0 == .restored } != nil)
            #expect(device.waitUntilDrained(timeout: .seconds(5)))
            recording.waitForRecorded(seconds: 0.3)
            recording.stop()
            let heard = MonitorRecording.soundSeconds(recording.samples())
            #expect(heard > 0.8 && heard < 1.3, "heard \(heard) s of a one-second tone")
            #expect(device.statistics.reconnections == 1)
            #expect(events.all.count == 2)
        }

        static func capturingStandardError<T>(_ body: () throws -> T) throws -> (T, String) {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("lecteur-stderr-\(UUID().uuidString)").path
            defer { unlink(file) }
            let capture = open(file, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
            try #require(capture >= 0)
            fflush(StandardStream.error)
            let saved = dup(2)
            dup2(capture, 2)
            close(capture)
            let value: T
            do {
                value = try body()
            } catch {
                fflush(StandardStream.error); dup2(saved, 2); close(saved)
                throw error
            }
            fflush(StandardStream.error)
            dup2(saved, 2)
            close(saved)
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            return (value, text)
        }
    }
}

/// The audio probe when there is no sound server to be had: needs no daemon.
extension SoundServerSuites {
    @Suite struct AudioProbeTests {
        /// Sets PULSE_SERVER; the returned closure puts back what was there.
        static func pointPulseServer(at server: String) -> () -> Void {
            let before = ProcessInfo.processInfo.environment["PULSE_SERVER"]
            setenv("PULSE_SERVER", server, 1)
            return { if let before { setenv("PULSE_SERVER", before, 1) } else { unsetenv("PULSE_SERVER") } }
        }

        @Test func probeFailsFastWithoutAudioServer() throws {
            let restore = Self.pointPulseServer(at: "unix:/nonexistent/lecteur/native")
            defer { restore() }
            let (result, stderr) = try PulseAudioTests.capturingStandardError {
                let started = ContinuousClock.now
                let result = Result { () throws(AudioOutputError) -> DeviceAudioOutput in try DeviceAudioOutput.open() }
                return (result, started.duration(to: .now))
            }
            let (outcome, elapsed) = result
            guard case .failure(.noAudioDevice) = outcome else {
                Issue.record("expected noAudioDevice, got \(outcome)")
                return
            }
            print("BENCH audio probe without a server: \(String(format: "%.1f", milliseconds(elapsed))) ms")
            #expect(elapsed < .seconds(1))
            #expect(!stderr.contains("ALSA lib"), "ALSA noise on stderr: \(stderr)")
            #expect(SpeechError.audio(.noAudioDevice(detail: "x")).notice(Fixtures.french)
                    == "Aucune sortie audio disponible : la lecture continue sans son.")

            // `--speech auto` goes on silently with one problem to report; `--speech on` refuses.
            let stack = try SpeechStack.start(mode: .auto)
            #expect(stack.engine == nil && stack.output is SilentOutput)
            #expect(stack.problems.count == 1)
            if case .audio(.noAudioDevice) = stack.problems.first {} else { Issue.record("unexpected \(stack.problems)") }
            stack.shutdown()
            #expect(throws: SpeechError.self) { try SpeechStack.start(mode: .on) }
        }

        /// A server that accepts the connection and never answers must cost a timeout, not a hang.
        @Test func probeGivesUpOnAServerThatNeverAnswers() throws {
            let dir = try Fixtures.temporaryDirectory("mute-server")
            defer { try? FileManager.default.removeItem(at: dir) }
            let path = dir.appendingPathComponent("native").path
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            defer { close(fd) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (i, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[i] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0 && listen(fd, 8) == 0)

            let restore = Self.pointPulseServer(at: "unix:" + path)
            defer { restore() }
            var options = DeviceAudioOutput.Options()
            options.probeTimeout = .milliseconds(500)
            let started = ContinuousClock.now
            #expect(throws: AudioOutputError.probeTimedOut(milliseconds: 500)) { try DeviceAudioOutput.open(options: options) }
            #expect(started.duration(to: .now) < .seconds(2))
        }
    }
}
