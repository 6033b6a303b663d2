// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurAudio
import LecteurCore

extension DeviceStatus {
    func add(to line: inout JSONLine) {
        switch sound {
        case .device(let connected, let queued, let largest, let dropped):
            line.add("sound", connected ? "connected" : "lost")
            line.add("sound_queued_ms", queued)
            line.add("sound_largest_queued_ms", largest)
            line.add("sound_dropped_ms", dropped)
        case .notOpenedYet: line.add("sound", "not_opened")
        case .file: line.add("sound", "file")
        case .none: line.add("sound", "none")
        }
        line.add("speech_pending", speechPending)
        switch braille {
        case .connected(let columns):
            line.add("braille", "connected")
            line.add("braille_columns", columns)
        case .waiting: line.add("braille", "waiting")
        case .off: line.add("braille", "off")
        }
    }
}

extension DeviceStatus.Sound {
    /// The state of whichever output the reader plays through.
    public init(_ output: AudioOutput) {
        switch output {
        case let device as DeviceAudioOutput:
            let stats = device.statistics
            // Opened at the first sound (`--speech off`, speech-dispatcher): before it, nothing
            // is known of the server; a first open that failed is no sound, as a device missing
            // at start-up was.
            if stats.notOpenedYet { self = .notOpenedYet; return }
            if stats.neverOpened { self = .none; return }
            let ms = { (samples: Int) in samples * 1000 / device.sampleRate }
            self = .device(connected: stats.connected, queuedMs: ms(stats.queuedSamples),
                           largestQueuedMs: ms(stats.largestQueuedSamples), droppedMs: ms(stats.droppedSamples))
        case is WAVFileOutput: self = .file
        default: self = .none
        }
    }
}
