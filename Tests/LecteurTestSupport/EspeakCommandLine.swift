// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// The espeak-ng command line, as a reference independent of the reader's own binding of the
/// library: what `espeak-ng -v VOICE -w FILE TEXT` writes.
public enum EspeakCommandLine {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Samples up to the last audible one (louder than 200 of 32767): the command line ends each
    /// text with a pause of silence that the reader does not play, so lengths are compared on
    /// what is heard.
    public static func audibleSamples(_ text: String, voice: String = "fr") throws -> Int {
        let samples = try synthesize(text, voice: voice)
        guard let last = samples.lastIndex(where: { abs(Int($0)) > 200 }) else {
            throw Failure(description: "espeak-ng -v \(voice) produced only silence for « \(text) »")
        }
        return last + 1
    }

    /// The 16-bit mono samples of the WAV file espeak-ng writes (its `data` chunk).
    public static func synthesize(_ text: String, voice: String = "fr") throws -> [Int16] {
        guard let program = Probe.path(of: "espeak-ng") else { throw Failure(description: "espeak-ng is not on PATH") }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("espeak-ng-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["-v", voice, "-w", file.path, "--", text]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "espeak-ng exited with \(process.terminationStatus)") }
        return try samples(ofWAV: Data(contentsOf: file))
    }

    /// The 16-bit samples of a WAV file's `data` chunk, read without the reader's own decoder.
    public static func samples(ofWAV data: Data) throws -> [Int16] {
        guard data.prefix(4) == Data("RIFF".utf8), let marker = data.range(of: Data("data".utf8)),
              marker.upperBound + 4 <= data.count else {
            throw Failure(description: "not a WAV file with a data chunk (\(data.count) bytes)")
        }
        let body = data[(marker.upperBound + 4)...]
        return stride(from: body.startIndex, to: body.endIndex - 1, by: 2).map {
            Int16(bitPattern: UInt16(body[$0]) | UInt16(body[$0 + 1]) << 8)
        }
    }
}
