// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Writing Morse to a file is I/O, so it lives here, outside the pure core that renders the tones.
extension MorseRenderer {
    /// Streams `text` as a WAV file: the header first (the length is known from the timeline),
    /// then chunks, so memory stays flat however long the text. `progress` is called after each
    /// chunk on the caller's thread. Unknown characters are skipped and listed in the result.
    @discardableResult
    public func writeWAV(text: String, to url: URL, chunkSamples: Int = 1 << 16,
                         progress: ((MorseWriteProgress) -> Void)? = nil) throws(MorseError) -> MorseWriteResult {
        try writeWAV(text: text, toPath: url.path, chunkSamples: chunkSamples, progress: progress)
    }

    /// The same to a path as the user typed it: `-` is standard output (`OutputFile`).
    public func writeWAV(text: String, toPath path: String, chunkSamples: Int = 1 << 16,
                         progress: ((MorseWriteProgress) -> Void)? = nil) throws(MorseError) -> MorseWriteResult {
        let playback = try playback(text: text, characterLimit: .max)
        let (encoding, timeline, tones) = (playback.encoding, playback.timeline, playback.tones)
        let silence = timeline.trailingSilenceSamples
        let total = timeline.sampleCount + silence
        guard total <= WAVFile.maximumSampleCount else { throw .tooLongForWAV(durationMs: timeline.durationMs) }
        do throws(OutputFileError) {
            // A regular file is replaced only once complete; a FIFO or a device is written through.
            // The file ends with a word gap of silence (see `trailingSilenceSamples`), so a decoder
            // gets the last character.
            let file = try OutputFile(path: path, policy: .replace)
            defer { file.discard() }
            try file.write(WAVFile.header(sampleRate: sampleRate, sampleCount: total))
            var chunks = tones.chunks(of: chunkSamples)
            while let chunk = chunks.next() {
                try file.write(Self.littleEndianBytes(chunk))
                progress?(MorseWriteProgress(samplesWritten: chunks.position, totalSamples: total,
                                             sampleRate: sampleRate))
            }
            // The last tone's fall runs half a ramp past the timeline: the silence is what is left.
            try file.write(Data(count: (total - tones.sampleCount) * MemoryLayout<Int16>.size))
            progress?(MorseWriteProgress(samplesWritten: total, totalSamples: total, sampleRate: sampleRate))
            try file.finish()
        } catch {
            throw .cannotWrite(error)
        }
        return MorseWriteResult(encoding: encoding, timeline: timeline)
    }
}
