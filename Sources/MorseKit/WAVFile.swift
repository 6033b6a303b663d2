// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// 16-bit PCM mono WAV, the format speech and Morse are written to and read back in tests.
public struct WAVFile: Hashable, Sendable {
    public let sampleRate: Int
    public var samples: [Int16]

    public init(sampleRate: Int, samples: [Int16]) {
        self.sampleRate = sampleRate
        self.samples = samples
    }

    public var durationSeconds: Double { Double(samples.count) / Double(sampleRate) }

    /// The most 16-bit mono samples a WAV can hold: its RIFF size (data + 36 header bytes) is a
    /// 32-bit count. About 27 hours at 22 050 Hz; writers refuse to go past it.
    public static let maximumSampleCount = (Int(UInt32.max) - 36) / 2

    /// A 44-byte header. A count past `maximumSampleCount` saturates both sizes at 0xFFFFFFFF
    /// (the "unknown length" of a stream) instead of wrapping.
    public static func header(sampleRate: Int, sampleCount: Int) -> Data {
        let dataBytes = UInt32(clamping: min(max(sampleCount, 0), Int(UInt32.max)) * 2)
        var d = Data(capacity: 44)
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(UInt32(clamping: Int(dataBytes) + 36))
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16); u16(1); u16(1)
        u32(UInt32(sampleRate)); u32(UInt32(sampleRate * 2)); u16(2); u16(16)
        d.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        return d
    }

    public func encoded() -> Data {
        var d = Self.header(sampleRate: sampleRate, sampleCount: samples.count)
        samples.withUnsafeBufferPointer { buffer in
            for s in buffer { withUnsafeBytes(of: s.littleEndian) { d.append(contentsOf: $0) } }
        }
        return d
    }

    public enum DecodeError: Error, Equatable { case notWAV, unsupportedFormat, truncated }

    /// Reads PCM 16-bit mono or stereo (left channel kept), skipping chunks it does not need.
    public static func decode(_ data: Data) throws(DecodeError) -> WAVFile {
        let b = [UInt8](data)
        guard b.count >= 12, String(decoding: b[0..<4], as: UTF8.self) == "RIFF",
              String(decoding: b[8..<12], as: UTF8.self) == "WAVE" else { throw .notWAV }
        func u32(_ i: Int) -> Int { Int(b[i]) | Int(b[i+1]) << 8 | Int(b[i+2]) << 16 | Int(b[i+3]) << 24 }
        func u16(_ i: Int) -> Int { Int(b[i]) | Int(b[i+1]) << 8 }
        var i = 12
        var rate = 0, channels = 0, bits = 0
        while i + 8 <= b.count {
            let id = String(decoding: b[i..<i+4], as: UTF8.self)
            var size = u32(i + 4)
            let body = i + 8
            if id == "fmt " {
                guard body + 16 <= b.count else { throw .truncated }
                guard u16(body) == 1 else { throw .unsupportedFormat }
                channels = u16(body + 2); rate = u32(body + 4); bits = u16(body + 14)
            } else if id == "data" {
                guard bits == 16, channels >= 1, rate > 0 else { throw .unsupportedFormat }
                // A stream written live may carry a 0 or 0xFFFFFFFF size: take what is there.
                if size == 0 || size > b.count - body { size = b.count - body }
                let frame = 2 * channels
                var samples = [Int16]()
                samples.reserveCapacity(size / frame)
                var k = body
                while k + frame <= body + size {
                    samples.append(Int16(bitPattern: UInt16(b[k]) | UInt16(b[k+1]) << 8))
                    k += frame
                }
                return WAVFile(sampleRate: rate, samples: samples)
            }
            i = body + size + (size & 1)
        }
        throw .truncated
    }
}
