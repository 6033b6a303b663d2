// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore
import LecteurFiles
import LecteurStore
import LecteurTerminal

/// What `lecteur morse` was asked for, typed: the command line parses it, the root builds from it.
public struct MorseOptions: Sendable {
    public var strings: Strings
    public var text: String
    /// `--wpm`, `--farnsworth`, `--tone`, as typed: checked over the saved settings.
    public var changes: [MorseSettingKey: String]
    /// A WAV file to write instead of playing.
    public var output: String?

    public init(strings: Strings, text: String, changes: [MorseSettingKey: String] = [:], output: String? = nil) {
        self.strings = strings
        self.text = text
        self.changes = changes
        self.output = output
    }
}

/// Why `lecteur morse` stopped, typed; `message` words it.
public enum MorseCommandFailure: Error, Hashable, Sendable {
    case setting(MorseSettingsError)
    case morse(MorseError)
    /// No sound device to play on (a file can be written instead).
    case noAudio

    public func message(_ strings: Strings) -> String {
        switch self {
        case .setting(let error): error.message(strings)
        case .morse(let error): error.message(strings)
        case .noAudio: CLIMessages.noAudio(strings)
        }
    }
}

/// The composition root of `lecteur morse`, as `ReaderEnvironment.live` is the reader's: the
/// user's saved Morse settings with the options over them, then a sound device or a file.
public struct MorseEnvironment: Sendable {
    public let options: MorseOptions
    public let settings: MorseSettings

    public static func live(_ options: MorseOptions) throws(MorseCommandFailure) -> MorseEnvironment {
        let store = ReaderStore(database: .settingsOnly)
        do {
            let settings = try MorseSettings.load { store.value($0) }.settings.applying(options.changes)
            return MorseEnvironment(options: options, settings: settings)
        } catch {
            throw .setting(error)
        }
    }

    /// Writes the WAV file (its progress on standard error for a long one), or plays on the sound
    /// device and waits for the last tone. Characters Morse has no code for are named on
    /// standard error.
    public func run() throws(MorseCommandFailure) {
        let strings = options.strings
        let renderer = MorseRenderer(settings: settings)
        guard let output = options.output else {
            try play(renderer)
            return
        }
        var lastPercent = -1
        do {
            let result = try renderer.writeWAV(text: options.text, toPath: output) { progress in
                guard progress.percent != lastPercent, progress.totalSamples > 10 * renderer.sampleRate else { return }
                lastPercent = progress.percent
                fputs("\r" + progress.message(strings), StandardStream.error)
            }
            if lastPercent >= 0 { fputs("\n", StandardStream.error) }
            if let unknown = result.encoding.unknownMessage(strings) { PrintedLine.toStandardError(unknown, strings) }
        } catch {
            throw .morse(error)
        }
    }

    private func play(_ renderer: MorseRenderer) throws(MorseCommandFailure) {
        let playback: MorsePlayback
        do {
            playback = try renderer.playback(text: options.text)
        } catch {
            throw .morse(error)
        }
        let audio: DeviceAudioOutput
        do {
            audio = try DeviceAudioOutput.open(sampleRate: playback.sampleRate)
        } catch {
            throw .noAudio
        }
        defer { audio.close() }
        if let unknown = playback.unknownMessage(options.strings) { PrintedLine.toStandardError(unknown, options.strings) }
        for chunk in playback.chunks() { audio.play(chunk, sampleRate: playback.sampleRate) }
        // A one-shot command: the process ends with the last tone, so the main thread waits for it.
        _ = audio.waitUntilDrained(timeout: .seconds(Int64(playback.durationMs / 1000) + 5))
    }
}
