// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing

/// Every reader a test starts has a practice seed, printed as a `SEED` line (issue 39): an
/// unseeded practice draws its questions from the system's randomness, so a test that failed
/// on one draw could not be run again on the same one.
///
/// A test that names its own `LECTEUR_PRACTICE_SEED` keeps it. The others share one seed per
/// test process: random, so the runs of the suite try different draws, unless
/// `LECTEUR_TEST_SEED` is set, which is how a printed failure is replayed:
/// `LECTEUR_TEST_SEED=N swift test --skip-build --filter 'TheSuite'`.
enum PracticeSeed {
    static let name = "LECTEUR_PRACTICE_SEED"
    static let replayName = "LECTEUR_TEST_SEED"

    /// This test process's seed for readers whose test did not choose one.
    static let shared: UInt64 = ProcessInfo.processInfo.environment[replayName].flatMap(UInt64.init)
        ?? UInt64.random(in: 1...UInt64(UInt32.max))

    /// The seed a reader started with `overrides` gets, printed with the test that starts it.
    static func seed(for overrides: [String: String]) -> String {
        let test = Test.current.map { " in \($0.name)" } ?? ""
        if let chosen = overrides[name] {
            print("SEED \(chosen)\(test) (chosen by the test)")
            return chosen
        }
        print("SEED \(shared)\(test) (replay: \(replayName)=\(shared))")
        return String(shared)
    }
}
