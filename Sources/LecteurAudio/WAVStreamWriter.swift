import Foundation
import LecteurCore

/// Writes a 16-bit mono WAV as samples arrive: a header with empty sizes first, the sizes patched
/// at `finish()`. A file left unfinished by a crash still decodes (`WAVFile.decode` takes what
/// follows the data chunk). Not thread-safe: its owner serialises calls.
final class WAVStreamWriter {
    let path: String
    let sampleRate: Int
    private(set) var sampleCount = 0
    private let handle: FileHandle
    private var finished = false

    init(path: String, sampleRate: Int) throws(AudioOutputError) {
        self.path = path
        self.sampleRate = sampleRate
        let url = URL(fileURLWithPath: path)
        guard FileManager.default.createFile(atPath: path, contents: WAVFile.header(sampleRate: sampleRate, sampleCount: 0)) else {
            throw .cannotCreateFile(path: path, detail: String(cString: strerror(errno)))
        }
        do {
            handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
        } catch {
            throw .cannotCreateFile(path: path, detail: error.localizedDescription)
        }
    }

    func append(_ samples: [Int16]) throws(AudioOutputError) {
        guard !finished, !samples.isEmpty else { return }
        var bytes = Data(capacity: samples.count * 2)
        for s in samples { withUnsafeBytes(of: s.littleEndian) { bytes.append(contentsOf: $0) } }
        do { try handle.write(contentsOf: bytes) } catch {
            throw .writeFailed(path: path, detail: error.localizedDescription)
        }
        sampleCount += samples.count
    }

    func finish() throws(AudioOutputError) {
        guard !finished else { return }
        finished = true
        do {
            try handle.seek(toOffset: 0)
            try handle.write(contentsOf: WAVFile.header(sampleRate: sampleRate, sampleCount: sampleCount))
            try handle.close()
        } catch {
            throw .writeFailed(path: path, detail: error.localizedDescription)
        }
    }
}
