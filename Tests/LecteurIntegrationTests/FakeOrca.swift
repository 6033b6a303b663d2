// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A process of this user named `orca` (its `/proc/PID/comm`), as Orca names itself with prctl:
/// a copy of `sleep` called `orca`. What the reader looks for, without a desktop.
final class FakeOrca {
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lecteur-fake-orca-\(UUID().uuidString.prefix(8))")
    var program: String { folder.path + "/orca" }
    var pidFile: String { folder.path + "/pid" }
    private var process: Process?

    /// `running` false: only the program is made; `startCommand` starts it later (a step of a
    /// pseudo-terminal run).
    init(running: Bool = true) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: program)
        guard running else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["600"]
        try process.run()
        self.process = process
    }

    /// Starts Orca, its pid noted for `stopCommand`.
    var startCommand: [String] { ["/bin/sh", "-c", "echo $$ > '\(pidFile)'; exec '\(program)' 600"] }
    /// Quits the Orca `startCommand` started.
    var stopCommand: [String] { ["/bin/sh", "-c", "kill $(cat '\(pidFile)')"] }

    func stop() {
        if let process, process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        if let pid = try? String(contentsOfFile: pidFile, encoding: .utf8), let number = Int32(pid.trimmingCharacters(in: .whitespacesAndNewlines)) {
            kill(number, SIGKILL)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
