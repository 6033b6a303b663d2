// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// `--speech-backend speechd` through the real binary and a real private speech-dispatcher whose
/// espeak-ng module plays into the private PulseAudio null sink (issue 15).
@Suite(.serialized, .requires(.pulseAudio, .speechDispatcher))
struct SpeechDispatcherTests {
    func env(_ extra: [String: String] = [:]) -> [String: String] {
        let home = NSTemporaryDirectory() + "lecteur-speechd-\(UUID().uuidString)"
        return ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config", "DBUS_SESSION_BUS_ADDRESS": "",
                "LECTEUR_PROBE_ROOT": home + "/root"].merging(extra) { $1 }
    }

    @Test func speechGoesThroughSpeechDispatcherAndIsHeard() throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let speechd = try PrivateSpeechDispatcher(pulse: pulse)
        defer { speechd.stop() }
        let recording = try pulse.record(seconds: 8)
        let out = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--speech-backend", "speechd", "--braille", "off"],
                                         input: "suivant\n",
                                         environment: env(["PULSE_SERVER": pulse.server, "SPEECHD_ADDRESS": speechd.address]))
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.events("speech").map { $0["text"] as? String ?? "" }.last == "Accessibilité, non sélectionné, bouton, filtre 2 sur 7")
        let heard = MonitorRecording.soundSeconds(recording.samples())
        #expect(heard > 0.8 && heard < 8, "heard \(heard) s")
    }

    @Test func anInterruptingCommandCutsTheOldUtteranceLikeTheEspeakPath() throws {
        let pulse = try PrivatePulseServer()
        defer { pulse.stop() }
        let speechd = try PrivateSpeechDispatcher(pulse: pulse)
        defer { speechd.stop() }
        let recording = try pulse.record(seconds: 11)
        let catalogue = try LongSpeech.catalogue()
        defer { try? FileManager.default.removeItem(atPath: catalogue) }
        let reader = try InteractiveLecteur(["--transcript", "jsonl", "--speech", "on", "--speech-backend", "speechd", "--braille", "off",
                                             "--catalog", catalogue],
                                            environment: env(["PULSE_SERVER": pulse.server, "SPEECHD_ADDRESS": speechd.address]))
        _ = try reader.next("focus")
        for line in LongSpeech.script { reader.send(line) } // a description of about a minute
        _ = try reader.next("speech") { ($0["text"] as? String)?.hasPrefix(LongSpeech.sentence) == true }
        usleep(2_500_000)
        let interruptAt = recording.elapsed
        reader.send("précédent")      // interrupts it
        _ = try reader.next("speech") { $0["text"] as? String == LongSpeech.title + ", titre" }
        usleep(6_000_000)
        reader.send("quitter")
        #expect(reader.finish() == 0)
        let samples = recording.samples()
        let before = MonitorRecording.soundSeconds(samples, to: interruptAt)
        let after = MonitorRecording.soundSeconds(samples, from: interruptAt + 0.3, to: interruptAt + 3)
        // The new element (the title) lasts about two seconds at speech-dispatcher's default
        // rate: the description's rest would come after it.
        let tail = MonitorRecording.soundSeconds(samples, from: interruptAt + 4.5, to: interruptAt + 7.5)
        #expect(before > 0.5, "the description was being spoken: \(before) s")
        #expect(after > 0.5, "the new element was heard: \(after) s")
        #expect(tail < 0.1, "the rest of the description never came: \(tail) s of sound")
    }
}

/// Exit codes, the saved speech backend, `--version` and the top-level help (issue 15).
@Suite struct CommandLineEnvironmentTests {
    let home = NSTemporaryDirectory() + "lecteur-cli-\(UUID().uuidString)"
    var env: [String: String] { ["XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache", "XDG_CONFIG_HOME": home + "/config",
                                 "DBUS_SESSION_BUS_ADDRESS": "", "LECTEUR_PROBE_ROOT": home + "/root"] }

    /// Needs no daemon: both sockets lead nowhere.
    @Test func theBackendIsSavedAndAMissingDaemonAskedWithOnExitsWith69() throws {
        let environment = env.merging(["SPEECHD_ADDRESS": "unix_socket:/nonexistent/speechd.sock", "PULSE_SERVER": "unix:/nonexistent"]) { $1 }
        let set = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "off", "--braille", "off"],
                                         input: "régler synthèse speechd\n", environment: environment)
        #expect(set.status == 0)
        #expect(set.stdout.contains("Synthèse vocale : speechd"), "\(set.stdout)")
        // The next run uses the saved backend: speech asked for with `on`, no daemon: 69.
        let next = try LecteurProcess.run(["--transcript", "jsonl", "--speech", "on", "--braille", "off"], input: "",
                                          environment: environment)
        #expect(next.status == 69)
        #expect(next.stderr.contains("speech-dispatcher ne répond pas"), "\(next.stderr)")
        // With `auto` the reader falls back to espeak-ng (here without a sound device) and goes on.
        let auto = try LecteurProcess.run(["--transcript", "jsonl", "--braille", "off"], input: "", environment: environment)
        #expect(auto.status == 0)
        #expect(auto.stdout.contains("la lecture continue avec espeak-ng"))
    }

    @Test func speechAskedWithOnAndNoSoundDeviceExitsWith69() throws {
        let out = try LecteurProcess.run(["--speech", "on", "--braille", "off"], input: "",
                                         environment: env.merging(["PULSE_SERVER": "unix:/nonexistent/socket"]) { $1 })
        #expect(out.status == 69)
        #expect(out.stderr.contains("--speech on"))
        #expect(!out.stderr.contains("la lecture continue"), "\(out.stderr)")
        let say = try LecteurProcess.run(["say", "bonjour"], input: "",
                                         environment: env.merging(["PULSE_SERVER": "unix:/nonexistent/socket"]) { $1 })
        #expect(say.status == 69)
    }

    @Test func brailleAskedWithOnAndNoBrlttyExitsWith69() throws {
        let out = try LecteurProcess.run(["--speech", "off", "--braille", "on", "--brlapi-host", ":97"], input: "suivant\n",
                                         environment: env)
        #expect(out.status == 69)
        #expect(out.stderr.contains("--braille on"), "\(out.stderr)")
        let auto = try LecteurProcess.run(["--speech", "off", "--braille", "auto", "--brlapi-host", ":97"], input: "", environment: env)
        #expect(auto.status == 0)
    }

    @Test func versionAndTopLevelHelp() throws {
        let version = try LecteurProcess.run(["--version"], environment: env)
        #expect(version.status == 0)
        // The GNU form (issue 29): name and version first, then copyright and licence.
        #expect(version.stdout.range(of: #"^lecteur \(Lecteur\) \d+\.\d+\.\d+\n"#, options: .regularExpression) != nil,
                "\(version.stdout)")
        let help = try LecteurProcess.run(["--help"], environment: env)
        #expect(help.status == 0)
        for option in ["--speech ", "--speech-backend", "--braille ", "--braille-table", "--transcript", "audit"] {
            #expect(help.stdout.contains(option), "\(option) missing from --help")
        }
    }
}
