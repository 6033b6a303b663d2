// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation

/// A process of this user that stands for Orca (its `/proc/PID/comm`, as Orca names itself with
/// prctl): a copy of `sleep`. Its name is private (`orca-` and 8 hex digits, within the kernel's
/// 15 characters of comm) and the reader is told it with `LECTEUR_ORCA_PROCESS`: a stand-in of
/// another test running in parallel, or left by another run, is not this test's Orca.
final class FakeOrca {
    let name = "orca-" + UUID().uuidString.prefix(8).lowercased()
    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("lecteur-fake-orca-\(UUID().uuidString.prefix(8))")
    var program: String { folder.path + "/" + name }
    var pidFile: String { folder.path + "/pid" }
    /// What the reader needs to take this process for Orca.
    var environment: [String: String] { ["LECTEUR_ORCA_PROCESS": name] }
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

    // SIGKILL, not SIGTERM: the test runner blocks SIGTERM and its children (through Process and
    // Python's subprocess) inherit that mask, so a SIGTERM stays pending and `sleep` lives on.

    /// Starts Orca, its pid noted for `stopCommand`.
    var startCommand: [String] { ["/bin/sh", "-c", "echo $$ > '\(pidFile)'; exec '\(program)' 600"] }
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
