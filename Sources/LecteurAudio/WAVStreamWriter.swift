// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurFiles

/// Writes a 16-bit mono WAV as samples arrive: a header with empty sizes first, the sizes patched
/// at `finish()`. A file left unfinished by a crash still decodes (`WAVFile.decode` takes what
/// follows the data chunk). A FIFO or a device is written through, never replaced (its header
/// cannot be patched: it says "unknown length"). Past the format's 4 GiB limit nothing more is
/// written and `append` throws `.fileTooLong` once. Not thread-safe: its owner serialises calls.
final class WAVStreamWriter {
    let path: String
    let sampleRate: Int
    private(set) var sampleCount = 0
    private let file: OutputFile
    private var finished = false
    private var full = false

    init(path: String, sampleRate: Int) throws(AudioOutputError) {
        self.path = path
        self.sampleRate = sampleRate
        do {
            // In place: a session's recording must survive a crash of the session.
            file = try OutputFile(path: path, policy: .inPlace)
            let unknown = file.isSeekable ? 0 : Int.max
            try file.write(WAVFile.header(sampleRate: sampleRate, sampleCount: unknown))
        } catch {
            throw .file(error)
        }
    }

    func append(_ samples: [Int16]) throws(AudioOutputError) {
        guard !finished, !full, !samples.isEmpty else { return }
        let room = WAVFile.maximumSampleCount - sampleCount
        let kept = samples.count <= room ? samples[...] : samples[..<room]
        #if _endian(little)
        let bytes = kept.withUnsafeBytes { Data($0) }
        #else
        let bytes = kept.map(\.littleEndian).withUnsafeBytes { Data($0) }
        #endif
        do { try file.write(bytes) } catch { throw .file(error) }
        sampleCount += kept.count
        if kept.count < samples.count {
            full = true
            throw .fileTooLong(path: path)
        }
    }

    func finish() throws(AudioOutputError) {
        guard !finished else { return }
        finished = true
        do {
            if file.isSeekable {
                try file.overwrite(WAVFile.header(sampleRate: sampleRate, sampleCount: sampleCount), at: 0)
            }
            try file.finish()
        } catch {
            throw .file(error)
        }
    }
}
