// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurTestSupport
import Testing

/// scripts/install-deps.sh never removes a package and never starts apt for a user who cannot run
/// it (issue 15). The machine's own tools are replaced by small stand-ins on PATH only where the
/// situation cannot be produced for real here (a PipeWire desktop, a user without sudo); every
/// stand-in that matters records whether it was called.
@Suite struct InstallDepsTests {
    static let script = BrlttyRig.root.appendingPathComponent("scripts/install-deps.sh").path

    /// A folder of executable stand-ins, put first on PATH.
    struct FakeTools {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory())
            .appendingPathComponent("lecteur-fake-tools-\(UUID().uuidString)")
        var log: URL { directory.appendingPathComponent("calls.log") }

        init(_ tools: [String: String]) throws {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, body) in tools {
                let url = directory.appendingPathComponent(name)
                try ("#!/bin/sh\necho \"\(name) $*\" >> \(log.path)\n" + body + "\n").writeWhole(to: url)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
            }
        }

        var calls: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

        func run(_ arguments: [String]) throws -> LecteurProcess.Output {
            var env = ProcessInfo.processInfo.environment
            env["PATH"] = directory.path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
            env["LECTEUR_PRIVATE_PULSE"] = directory.appendingPathComponent("private-pulse").path
            return try LecteurProcess.execute(URL(fileURLWithPath: "/bin/bash"), [InstallDepsTests.script] + arguments,
                                              input: "", environment: env, timeout: 60)
        }
    }

    static let pipewirePactl = #"[ "$1" = info ] && echo "Server Name: PulseAudio (on PipeWire 0.3.65)""#

    @Test func onAPipeWireDesktopThePlanLeavesPulseAudioOutAndNeverRemoves() throws {
        // Every package reported missing, so the plan shows all of them.
        let tools = try FakeTools(["pactl": Self.pipewirePactl, "dpkg-query": "exit 1"])
        let out = try tools.run(["test", "--print"])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("serveur de son : pipewire"))
        let plan = out.stdout.split(separator: "\n").first { $0.hasPrefix("commande :") }.map(String.init) ?? ""
        let words = Set(plan.split(separator: " ").map(String.init))
        #expect(words.contains("--no-remove"))
        #expect(words.contains("speech-dispatcher") && words.contains("pulseaudio-utils"))
        #expect(!words.contains("pulseaudio"), "\(plan)")
        #expect(!tools.calls.contains("apt-get"))
    }

    @Test func withoutPipeWireTheTestPlanHasPulseAudio() throws {
        let tools = try FakeTools(["pactl": "exit 1", "dpkg-query": "exit 1"])
        let out = try tools.run(["test", "--print"])
        #expect(out.stdout.contains("serveur de son : pulseaudio"))
        let plan = out.stdout.split(separator: "\n").first { $0.hasPrefix("commande :") } ?? ""
        #expect(plan.split(separator: " ").contains("pulseaudio"), "\(plan)")
    }

    @Test func aUserWithoutSudoIsToldTheCommandAndNothingRuns() throws {
        let tools = try FakeTools([
            "pactl": "exit 1",
            "dpkg-query": #"[ "$3" = libspeechd-dev ] && exit 1; echo "install ok installed""#,
            "id": #"case "$1" in -u) echo 1000 ;; -un) echo lea ;; *) /usr/bin/id "$@" ;; esac"#,
            "sudo": "echo 'lea is not in the sudoers file.' >&2; exit 1",
            "apt-get": "exit 0",
        ])
        let out = try tools.run(["run"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("Demandez à un administrateur"))
        #expect(out.stderr.contains("DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends --no-remove libspeechd-dev"),
                "\(out.stderr)")
        #expect(out.stderr.contains("Rien n'a été modifié"))
        #expect(!tools.calls.contains("apt-get"), "\(tools.calls)")
    }

    @Test func sudoKeepsDebianFrontendAndAConflictStopsBeforeInstalling() throws {
        // apt's simulation reports that it would have to remove a package: nothing is installed.
        let tools = try FakeTools([
            "pactl": "exit 1",
            "dpkg-query": #"[ "$3" = libspeechd-dev ] && exit 1; echo "install ok installed""#,
            "id": #"case "$1" in -u) echo 1000 ;; -un) echo lea ;; *) /usr/bin/id "$@" ;; esac"#,
            "sudo": #"[ "$1" = -n ] && exit 0; exec "$@""#,
            "apt-get": #"case "$*" in *" -s "*) echo "E: Packages need to be removed but remove is disabled."; exit 100 ;; esac; exit 0"#,
        ])
        let out = try tools.run(["run"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("sans retirer d'autres paquets"), "\(out.stderr)")
        let calls = tools.calls.split(separator: "\n").map(String.init)
        #expect(calls.contains("sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq --error-on=any"), "\(calls)")
        #expect(calls.contains { $0.hasPrefix("apt-get install -s --no-install-recommends --no-remove libspeechd-dev") })
        #expect(!calls.contains { $0.hasPrefix("apt-get install -y") })
    }

    @Test func anUnreachablePackageIndexSaysSoAndInstallsNothing() throws {
        let tools = try FakeTools([
            "pactl": "exit 1",
            "dpkg-query": #"[ "$3" = libspeechd-dev ] && exit 1; echo "install ok installed""#,
            "apt-get": #"[ "$1" = update ] && { echo "E: Failed to fetch http://deb.debian.org/debian/dists/bookworm/InRelease  Could not resolve 'deb.debian.org'" >&2; exit 100; }; exit 0"#,
        ])
        let out = try tools.run(["run"])
        #expect(out.status == 1)
        #expect(out.stderr.contains("hors ligne"))
        #expect(out.stderr.contains("Could not resolve"))
        #expect(!tools.calls.contains("apt-get install"))
    }
}
