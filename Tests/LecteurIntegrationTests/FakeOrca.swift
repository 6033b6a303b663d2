// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A process of this user that stands for Orca: a copy of `sleep` named `orca`, so its
/// `/proc/PID/comm` is what Orca names itself with prctl, and the reader finds it as it finds
/// Orca. The reader reads a private probe root (`LECTEUR_PROBE_ROOT`, a debug build's only)
/// whose /proc holds this process's entry alone (a link to the real one): a stand-in of another
/// test running in parallel, or left by another run, is not this test's Orca. No variable names
/// Orca's process any more (issue 50, item 10: `LECTEUR_ORCA_PROCESS=bash` made an installed
/// reader take the user's shell for Orca).
final class FakeOrca {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lecteur-fake-orca-\(UUID().uuidString.prefix(8))")
    var program: String { folder.path + "/orca" }
    var pidFile: String { folder.path + "/pid" }
    /// The private /proc (and /sys, /etc: empty) the reader is shown.
    var probeRoot: String { folder.path + "/root" }
    /// What the reader needs to see this process, and only it.
    var environment: [String: String] { ["LECTEUR_PROBE_ROOT": probeRoot] }
    private var process: Process?

    /// `running` false: only the program is made; `startCommand` starts it later (a step of a
    /// pseudo-terminal run).
    init(running: Bool = true) throws {
        try FileManager.default.createDirectory(atPath: probeRoot + "/proc", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: program)
        guard running else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["600"]
        try process.run()
        self.process = process
        try FileManager.default.createSymbolicLink(atPath: probeRoot + "/proc/\(process.processIdentifier)",
                                                   withDestinationPath: "/proc/\(process.processIdentifier)")
    }

    // SIGKILL, not SIGTERM: the test runner blocks SIGTERM and its children (through Process and
    // Python's subprocess) inherit that mask, so a SIGTERM stays pending and `sleep` lives on.

    /// Starts Orca, its pid noted for `stopCommand` and shown in the probe root (`exec` keeps it).
    var startCommand: [String] {
        ["/bin/sh", "-c", "echo $$ > '\(pidFile)'; ln -s /proc/$$ '\(probeRoot)/proc/'$$; exec '\(program)' 600"]
    }
    /// Quits the Orca `startCommand` started.
    var stopCommand: [String] { ["/bin/sh", "-c", "kill -KILL $(cat '\(pidFile)')"] }

    func stop() {
        if let process, process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if let pid = try? String(contentsOfFile: pidFile, encoding: .utf8), let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(number, SIGKILL)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
