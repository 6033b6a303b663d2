// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore

/// `--speech auto|on|off`.
public enum SpeechMode: String, Hashable, Sendable, CaseIterable {
    /// Speak when espeak-ng and an audio output are available; otherwise go on silently with
    /// one notice per problem.
    case auto
    /// Speak or fail: any problem is thrown.
    case on
    /// Never speak. The sound output is still used, when there is one, opened at the first
    /// sound: Morse is heard whatever the voice (a learner who reads with Orca practises with
    /// `--speech off`).
    case off
}

/// The reader's audio output and speech engine, chosen from the command-line options.
/// Built once at start-up by the runtime; `shutdown` at exit.
public final class SpeechStack: Sendable {
    /// Where all sound goes (speech and Morse): the device, the `--audio-out` WAV file, or silence.
    public let output: AudioOutput
    /// nil when speech is off or could not start.
    public let engine: SpeechEngine?
    /// What kept speech from being as asked (`auto` only), and start-up issues such as a saved
    /// voice that no longer exists. Show each `notice(_:)` once.
    public let problems: [SpeechError]

    init(output: AudioOutput, engine: SpeechEngine?, problems: [SpeechError]) {
        self.output = output
        self.engine = engine
        self.problems = problems
    }

    /// - Parameters:
    ///   - audioOut: `--audio-out FILE.wav`: write everything to this file instead of a device.
    ///   - onError: synthesis errors after start-up, on the synthesis thread.
    public static func start(mode: SpeechMode, audioOut: String? = nil, settings: SpeechSettings = .default,
                             dataPath: String? = nil, deviceOptions: DeviceAudioOutput.Options = .init(),
                             onError: (@Sendable (SpeechError) -> Void)? = nil) throws(SpeechError) -> SpeechStack {
        var problems: [SpeechError] = []
        let output: AudioOutput
        var deviceMissing = false
        if let audioOut {
            do { output = try WAVFileOutput(path: audioOut) } catch { throw .audio(error) }
        } else if mode == .off {
            // No voice, but the tones still need the sound device: opened at the first sound
            // (issue 49), so a reader that plays no Morse never opens it. Without one the tones
            // are silent and the status says so (no notice: the user asked for no speech, not
            // for no sound).
            output = DeviceAudioOutput.onDemand(options: deviceOptions)
        } else {
            do {
                output = try DeviceAudioOutput.open(options: deviceOptions)
            } catch {
                if mode == .on { throw .audio(error) }
                problems.append(.audio(error))
                output = SilentOutput()
                deviceMissing = true
            }
        }
        guard mode != .off, !deviceMissing else { return SpeechStack(output: output, engine: nil, problems: problems) }
        do {
            let engine = try SpeechEngine(output: output, settings: settings, dataPath: dataPath, onError: onError)
            return SpeechStack(output: output, engine: engine, problems: problems + engine.startupIssues)
        } catch {
            if mode == .on { output.close(); throw error }
            return SpeechStack(output: output, engine: nil, problems: problems + [error])
        }
    }

    /// Lets the last words finish (up to `drainTimeout`), then stops the engine and closes the
    /// output (which finishes the WAV file).
    public func shutdown(drainTimeout: Duration = .seconds(10)) {
        if let engine {
            _ = engine.waitUntilIdle(timeout: drainTimeout)
            engine.close()
        } else {
            _ = output.waitUntilDrained(timeout: drainTimeout)
        }
        output.close()
    }
}
