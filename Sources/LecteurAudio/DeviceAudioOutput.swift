// SPDX-License-Identifier: GPL-3.0-or-later
import CPCAudio
import Foundation
import Synchronization
import LecteurCore

/// Plays through pcaudiolib (PulseAudio, else ALSA) on a thread of its own.
///
/// Interruption works by keeping little audio inside the device: samples are written in short
/// pieces and PulseAudio is asked for a short buffer, so a flush waits at most for the piece being
/// written before the device buffer is dropped. espeak-ng synthesises ~1500× faster than real time,
/// so `espeak_Cancel` cannot silence anything: only this flush can.
public final class DeviceAudioOutput: AudioOutput {
    public struct Options: Sendable {
        /// Audio the sound server may hold ahead of the speaker. Bounds the delay of a flush that
        /// arrives while the end of an utterance is draining, and is the time the audio thread
        /// may be kept off the CPU before playback breaks up (60 ms broke up now and then on a
        /// loaded 2-core machine). Used through `PULSE_LATENCY_MSEC` (pcaudiolib passes no buffer
        /// attributes; libpulse reads that variable), and only when the environment does not
        /// already set it.
        public var bufferMilliseconds: Int = 100
        /// Size of each write; bounds the delay of a flush that arrives mid-utterance.
        public var pieceMilliseconds: Int = 20
        /// A sound server that never answers must not hang the reader.
        public var probeTimeout: Duration = .seconds(3)
        public var applicationName = "lecteur"
        /// Device name for pcaudiolib; nil is the default sink / PCM.
        public var device: String?

        public init() {}
    }

    public struct Statistics: Sendable {
        /// From each `flush()` call to the device having dropped its audio.
        public var flushLatencies: [Duration] = []
        public var samplesWritten = 0
        public var writeErrors = 0
        public var lastError: String?
        /// Streams that died (server killed or gone) and streams opened again afterwards.
        public var disconnections = 0
        public var reconnections = 0
        public var failedReconnections = 0
        /// Audio dropped because there was no device to play it on.
        public var droppedSamples = 0
        /// Samples waiting now, and the most ever waiting: a soak shows the queue does not grow.
        public var queuedSamples = 0
        public var largestQueuedSamples = 0
        public var connected = true
        /// An on-demand output (`onDemand`) before its first sound: no stream opened or tried.
        public var notOpenedYet = false
        /// An on-demand output whose first open failed and that has had no stream since.
        public var neverOpened = false
    }

    /// Where an on-demand output stands with its first open.
    private enum FirstOpen {
        case notNeeded
        case waiting(Options)
        case failed
    }

    public let sampleRate: Int
    private let worker: DeviceWorker
    private let firstOpen: Mutex<FirstOpen>

    /// Opens the default device, or throws quickly: this is the start-up probe.
    public static func open(sampleRate: Int = 22_050, options: Options = Options()) throws(AudioOutputError) -> DeviceAudioOutput {
        if getenv("PULSE_LATENCY_MSEC") == nil {
            setenv("PULSE_LATENCY_MSEC", String(options.bufferMilliseconds), 0)
        }
        let handle = try DeviceProbe.open(sampleRate: sampleRate, options: options)
        return DeviceAudioOutput(handle: handle, sampleRate: sampleRate, options: options)
    }

    /// An output that opens the device at its first sound, not now (issue 49): a reader with
    /// `--speech off`, or speaking through speech-dispatcher, needs the device only for Morse,
    /// and a user who never plays any should not pay for the sound server at start-up nor hold
    /// a stream on it. The first `play` opens it on the caller's thread, so what is timed from
    /// the return of that call (a question's tones, the braille rhythm) starts after the open.
    /// If it fails, the audio thread tries once more for that sound and drops it, and each later
    /// sound tries again there, as after a lost server: the caller never waits twice.
    public static func onDemand(sampleRate: Int = 22_050, options: Options = Options()) -> DeviceAudioOutput {
        // Set now, on the thread that starts the reader: setenv is not safe beside other threads.
        if getenv("PULSE_LATENCY_MSEC") == nil {
            setenv("PULSE_LATENCY_MSEC", String(options.bufferMilliseconds), 0)
        }
        return DeviceAudioOutput(handle: nil, sampleRate: sampleRate, options: options)
    }

    private init(handle: DeviceHandle?, sampleRate: Int, options: Options) {
        self.sampleRate = sampleRate
        firstOpen = Mutex(handle == nil ? .waiting(options) : .notNeeded)
        worker = DeviceWorker(device: handle,
                              reopen: { () throws(AudioOutputError) -> DeviceHandle in
                                  try DeviceProbe.open(sampleRate: sampleRate, options: options)
                              },
                              pieceSamples: max(1, sampleRate * options.pieceMilliseconds / 1000), sampleRate: sampleRate)
        let thread = Thread { [worker] in worker.run() }
        thread.name = "lecteur-audio"
        thread.qualityOfService = .userInteractive
        thread.start()
    }

    deinit { worker.close(timeout: .seconds(1)) }

    public func play(_ samples: [Int16], sampleRate rate: Int) {
        guard !samples.isEmpty else { return }
        openIfFirstSound()
        worker.enqueue(PCMConversion.resample(samples, from: rate, to: sampleRate))
    }

    public func flush() { worker.requestFlush() }

    public func waitUntilDrained(timeout: Duration) -> Bool { worker.waitUntilDrained(timeout: timeout) }

    public func whenDrained(deadline: DispatchTime, _ done: @escaping @Sendable () -> Void) {
        worker.whenDrained(deadline: deadline, done)
    }

    public func close() { worker.close(timeout: .seconds(1)) }

    /// At the played position of the last sample queued so far, by the stream's write clock.
    public func whenPlayed(_ done: @escaping @Sendable (_ played: Bool) -> Void) { worker.whenPlayed(done) }

    public var statistics: Statistics {
        var stats = worker.statistics
        switch firstOpen.withLock({ $0 }) {
        case .notNeeded: break
        case .waiting: stats.notOpenedYet = true
        case .failed: stats.neverOpened = !stats.connected && stats.reconnections == 0
        }
        return stats
    }

    /// Opens an on-demand output now if it has not been (a voice about to speak through it must
    /// know whether it will be heard), and says whether a stream is open.
    public func openNow() -> Bool {
        openIfFirstSound()
        return worker.statistics.connected
    }

    /// An on-demand output's first open, once, with the probe's time-out (a caller playing at
    /// the same moment waits for it rather than opening a second stream).
    private func openIfFirstSound() {
        firstOpen.withLock { first in
            guard case .waiting(let options) = first else { return }
            do throws(AudioOutputError) {
                worker.adopt(try DeviceProbe.open(sampleRate: sampleRate, options: options))
                first = .notNeeded
            } catch {
                first = .failed
            }
        }
    }

    /// How long until what was played so far has been heard (queued here, and written to the
    /// stream, timed by the clock as it plays).
    public var pendingPlaybackMs: Double { worker.pendingPlaybackMs }

    /// Called on the audio thread when the sound server is lost and when it is back.
    public func observe(_ observer: (@Sendable (AudioDeviceEvent) -> Void)?) { worker.setObserver(observer) }
}

/// The opened pcaudiolib object (`audio_object`, PulseAudio or ALSA underneath).
/// Unchecked because it is a C pointer Swift cannot see into. It is guarded by ownership: the
/// probe thread opens it and hands it over once (through the probe's `Mutex`), then only
/// DeviceWorker's audio thread calls pcaudiolib with it, and closes it.
struct DeviceHandle: @unchecked Sendable {
    let object: OpaquePointer
}

/// Runs the blocking open on a helper thread so that an unresponsive server costs a timeout,
/// not a hang. A late success after the timeout is closed by the helper itself.
enum DeviceProbe {
    private final class Outcome: Sendable {
        let done = DispatchSemaphore(value: 0)
        let state = Mutex(State())

        struct State {
            var result: Result<DeviceHandle, AudioOutputError>?
            var abandoned = false
        }
    }

    static func open(sampleRate: Int, options: DeviceAudioOutput.Options) throws(AudioOutputError) -> DeviceHandle {
        let outcome = Outcome()
        let device = options.device, name = options.applicationName
        let thread = Thread {
            let result = attempt(device: device, applicationName: name, sampleRate: sampleRate)
            let abandoned = outcome.state.withLock { state in
                if !state.abandoned { state.result = result }
                return state.abandoned
            }
            if abandoned, case .success(let handle) = result {
                audio_object_close(handle.object)
                audio_object_destroy(handle.object)
            }
            outcome.done.signal()
        }
        thread.name = "lecteur-audio-probe"
        thread.start()
        let milliseconds = Int(options.probeTimeout.components.seconds * 1000)
            + Int(options.probeTimeout.components.attoseconds / 1_000_000_000_000_000)
        let waited = outcome.done.wait(timeout: .now() + .milliseconds(milliseconds))
        let result = outcome.state.withLock { state in
            guard waited == .success, let result = state.result else {
                state.abandoned = true
                return Result<DeviceHandle, AudioOutputError>.failure(.probeTimedOut(milliseconds: milliseconds))
            }
            return result
        }
        return try result.get()
    }

    private static func attempt(device: String?, applicationName: String, sampleRate: Int) -> Result<DeviceHandle, AudioOutputError> {
        _ = lecteur_silence_alsa_errors()
        guard let object = create_audio_device_object(device, applicationName, "Lecteur") else {
            return .failure(.noAudioDevice(detail: "no PulseAudio, ALSA or OSS backend"))
        }
        let status = audio_object_open(object, AUDIO_OBJECT_FORMAT_S16LE, UInt32(sampleRate), 1)
        guard status == 0 else {
            let detail = audio_object_strerror(object, status).map { String(cString: $0) } ?? "error \(status)"
            audio_object_destroy(object)
            return .failure(.noAudioDevice(detail: detail))
        }
        return .success(DeviceHandle(object: object))
    }
}
