// swift-tools-version:6.1
// SPDX-License-Identifier: GPL-3.0-or-later
import PackageDescription

// The pure core (LecteurCore) knows nothing of C libraries or I/O; adapters wrap one device each;
// LecteurApp wires them to the navigator; `lecteur` is the command-line entry point. Every target,
// tests included, is in Swift 6 language mode: data races are compile errors.
let package = Package(
    name: "Lecteur",
    // macOS 15: Synchronization's Mutex (the reader itself runs on Linux).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "lecteur", targets: ["lecteur"]),
        // For the benchmarks package under Benchmarks/.
        .library(name: "LecteurCore", targets: ["LecteurCore"]),
        .library(name: "MorseKit", targets: ["MorseKit"]),
        .library(name: "LecteurApp", targets: ["LecteurApp"]),
        .library(name: "LecteurAudit", targets: ["LecteurAudit"]),
        // The locale files and the pronunciation lexicon's builder, which the benchmarks load.
        .library(name: "LecteurLocales", targets: ["LecteurLocales"]),
        // The loaders' decoder (TwoCoreCatalogueDecoder), which the benchmarks time.
        .library(name: "LecteurNetwork", targets: ["LecteurNetwork"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.3.3"),
        // The plain-text configuration (lecteur.toml) is parsed and written with TOMLKit (toml++).
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
    ],
    targets: [
        // System libraries (Debian packages), one module map each.
        .systemLibrary(name: "CEspeakNG", path: "Modules/CEspeakNG", pkgConfig: "espeak-ng",
                       providers: [.apt(["libespeak-ng-dev"])]),
        .systemLibrary(name: "CPCAudio", path: "Modules/CPCAudio",
                       providers: [.apt(["libpcaudio-dev"])]),
        .systemLibrary(name: "CBrlAPI", path: "Modules/CBrlAPI",
                       providers: [.apt(["libbrlapi-dev"])]),
        // Not linked: opened when the first transfer starts (Modules/CCurl/shim.h says why), so
        // no pkgConfig, whose `-lcurl` would link it.
        .systemLibrary(name: "CCurl", path: "Modules/CCurl",
                       providers: [.apt(["libcurl4-openssl-dev"])]),
        // No pkgConfig: speech-dispatcher.pc adds glib's flags, and the binary then links
        // libglib-2.0 that it never calls; the shim includes the header by its full path.
        .systemLibrary(name: "CSpeechd", path: "Modules/CSpeechd",
                       providers: [.apt(["libspeechd-dev"])]),
        .systemLibrary(name: "CLouis", path: "Modules/CLouis", pkgConfig: "liblouis",
                       providers: [.apt(["liblouis-dev"])]),
        // The command line on a terminal (BSD licence).
        .systemLibrary(name: "CEdit", path: "Modules/CEdit", pkgConfig: "libedit",
                       providers: [.apt(["libedit-dev"])]),

        // String catalogues and pronunciation lexicons, embedded as resources.
        // Read at run time from the installed data folder, or from Locales/ in a checkout
        // (LocaleResources.swift says why there is no resource bundle).
        // The lexicon's builder (`PronunciationResources`) is here too: the reader and the audit
        // both load it, and the reader does not link the audit.
        .target(name: "LecteurLocales", dependencies: ["LecteurCore"], path: "Locales",
                exclude: ["fr", "en"]),

        // The Morse alphabet, timing, keyer, tones, band model, sending decoder and the trainer's
        // plain values: no dependency, nothing of the reader's (the core imports it and re-exports it).
        // Optimised in the debug build too: its band model renders hiss, static, fading and other
        // stations sample by sample in real time, which -Onone made the tests' heaviest CPU load
        // (issue 51: BandConditionsTests 20.7 s of CPU in process, the copy sessions through the
        // binary 28 s). Release builds use -O already; its tests still see its internals
        // (-enable-testing is kept).
        .target(name: "MorseKit", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "LecteurCore", dependencies: ["MorseKit"]),
        // Children with a parent-death signal and the terminal given back on a fatal signal:
        // code that must run between fork and exec, or in a signal handler (async-signal-safe).
        .target(name: "CLecteurSpawn"),
        // Reading and writing the files the user names (input limits, WAV) and the one atomic
        // replacement (`FileReplacement`) every target that replaces a file uses; kept out of the pure core.
        .target(name: "LecteurFiles", dependencies: ["LecteurCore"]),
        // Everything audit (walk, rules, engine, formats, output): pure but for the locale files, so
        // the audit benchmarks link no speech, braille, network or database library.
        .target(name: "LecteurAudit", dependencies: ["LecteurCore", "LecteurLocales"]),
        // State the adapters' threads share, with waiting, checked by the compiler (Monitor).
        .target(name: "LecteurThreads"),
        .target(name: "LecteurAudio", dependencies: ["CPCAudio", "LecteurCore", "LecteurFiles", "LecteurThreads"]),
        .target(name: "LecteurSpeech", dependencies: ["CEspeakNG", "CSpeechd", "LecteurAudio", "LecteurCore", "LecteurFiles", "LecteurThreads"]),
        .target(name: "LecteurBraille", dependencies: ["CBrlAPI", "CLouis", "LecteurCore", "LecteurThreads"]),
        .target(name: "LecteurStorage", dependencies: [.product(name: "GRDB", package: "GRDB.swift"),
                                                       "LecteurCore"]),
        .target(name: "LecteurNetwork", dependencies: ["CCurl", "LecteurCore", "LecteurFiles"]),
        // The app's rooms (issue 47, item 5), each a target so that the compiler keeps the walls;
        // none depends on LecteurApp, the runtime that wires them.
        // The terminal: the line prompt (libedit), single keys, the terminal's modes, the command
        // history, standard output and the signals that end the process. It knows the running
        // reader only as `TerminalSession` (typed actions in, `RuntimeFacts` out).
        .target(name: "LecteurTerminal", dependencies: ["LecteurCore", "LecteurFiles", "LecteurThreads", "CEdit", "CLecteurSpawn"]),
        // The screen readers' signs (/proc, /sys, GNOME's switch on the session bus), read and
        // reported as values; the core decides what they mean.
        .target(name: "LecteurScreenReaderWatch", dependencies: ["LecteurCore", "CLecteurSpawn"]),
        // The user's saved data: lecteur.toml (read, checked, written) and the practice database.
        .target(name: "LecteurStore", dependencies: ["LecteurCore", "LecteurFiles", "LecteurSpeech", "LecteurBraille", "LecteurStorage",
                                                     .product(name: "TOMLKit", package: "TOMLKit")]),
        // The devices as the runtime drives them: the voice (espeak-ng or speech-dispatcher, and
        // which one), Morse's tones, their settings; the braille display's glue is still the app's.
        .target(name: "LecteurDevices", dependencies: ["LecteurCore", "LecteurAudio", "LecteurSpeech", "LecteurStore",
                                                       "LecteurScreenReaderWatch"]),
        // The runtime (`ReaderSession`), the transcript, the catalogue's sources, the braille
        // display's glue and the wiring of the rooms above.
        .target(name: "LecteurApp",
                dependencies: ["LecteurCore", "LecteurLocales", "LecteurFiles", "LecteurAudio", "LecteurSpeech",
                               "LecteurBraille", "LecteurNetwork", "LecteurThreads", "LecteurTerminal",
                               "LecteurScreenReaderWatch", "LecteurStore", "LecteurDevices"]),
        .executableTarget(name: "lecteur",
                          dependencies: ["LecteurApp", "LecteurAudit", "LecteurFiles", "LecteurNetwork", "LecteurSpeech", "LecteurAudio", "LecteurBraille",
                                         "LecteurTerminal", "LecteurStore", "LecteurDevices",
                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        .testTarget(name: "LecteurCoreTests", dependencies: ["LecteurCore", "LecteurLocales", "LecteurTestSupport",
                                                             .product(name: "CustomDump", package: "swift-custom-dump")],
                    // The goldens are read from the source tree, never bundled.
                    exclude: ["Golden"]),
        // The audit's walk, rules and engine, in process (the CLI's reports are LecteurIntegrationTests').
        .testTarget(name: "LecteurAuditTests", dependencies: ["LecteurAudit", "LecteurCore", "LecteurLocales", "LecteurTestSupport"],
                    exclude: ["Golden"]),
        .testTarget(name: "LecteurSpeechTests", dependencies: ["LecteurSpeech", "LecteurAudio", "LecteurCore", "LecteurLocales", "LecteurTestSupport",
                                                               "LecteurApp", "LecteurTerminal"]),
        // Drives the private daemons the tests use (brltty with the test display); never shipped.
        // Optimised in the debug build too (issue 51): its ears (`MorseListener`, `bandSNRDecibels`)
        // read minutes of samples a run, 17 s of the suite's CPU at -Onone.
        .target(name: "LecteurTestSupport", dependencies: ["LecteurCore"], path: "Tests/LecteurTestSupport",
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .testTarget(name: "LecteurBrailleTests", dependencies: ["LecteurBraille", "LecteurCore", "LecteurLocales", "LecteurTestSupport",
                                                                "LecteurApp"]),
        .testTarget(name: "LecteurMorseTests", dependencies: ["LecteurCore", "LecteurFiles", "LecteurStorage", "LecteurLocales", "LecteurTestSupport",
                                                              "LecteurApp", "LecteurStore",
                                                              // An old-schema database written as an older release left it.
                                                              .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "LecteurThreadsTests", dependencies: ["LecteurThreads"]),
        .testTarget(name: "MorseKitTests", dependencies: ["MorseKit"]),
        .testTarget(name: "LecteurNetworkTests", dependencies: ["LecteurNetwork", "LecteurCore", "LecteurLocales"],
                    exclude: ["Server"]),
        .testTarget(name: "LecteurIntegrationTests",
                    dependencies: ["LecteurCore", "LecteurLocales", "LecteurApp", "LecteurAudit", "LecteurSpeech", "LecteurTestSupport",
                                   "LecteurScreenReaderWatch", "LecteurStore", "LecteurDevices"],
                    // Audit goldens, fixtures and the Chromium probe are read from the source tree.
                    exclude: ["Golden", "Fixtures", "AuditTools"]),
    ]
)
