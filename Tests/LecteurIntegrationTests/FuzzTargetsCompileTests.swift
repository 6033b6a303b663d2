// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Issue 51: the fuzz targets (Tests/Fuzz) are built only by scripts/fuzz.sh, with libFuzzer and
/// ASan, so a change to the core that broke one went unnoticed until a CI run's background fuzz
/// step, ten minutes later (after a merge, the core importing MorseKit). Here every target is
/// type-checked, as fuzz.sh compiles it (its file, FuzzSupport.swift and its `fuzz-build`
/// sources), against the modules of the build this test runs from (`scripts/fuzz.sh --check`):
/// no libFuzzer, no ASan, a few seconds a target, in the first test run of CI and in every
/// `swift test`.
@Suite struct FuzzTargetsCompileTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func everyFuzzTargetTypeChecksAgainstThisBuild() throws {
        // The test binary sits beside the build's Modules folder (.build/<triple>/debug).
        let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("LecteurCore.swiftmodule").path),
                     "no LecteurCore.swiftmodule in \(modules.path)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.root.appendingPathComponent("scripts/fuzz.sh").path, "--check", modules.path]
        process.currentDirectoryURL = Self.root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        // A hang guard: ten targets type-check in about a minute on a loaded 2-core machine.
        if ended.wait(timeout: .now() + 600) == .timedOut {
            process.terminate()
            Issue.record("scripts/fuzz.sh --check did not end within 600 s: \(text)")
            return
        }
        #expect(process.terminationStatus == 0, "a fuzz target does not compile against this build:\n\(text)")
        print("FUZZ targets: \(text.split(separator: "\n").last ?? "")")
    }
}
