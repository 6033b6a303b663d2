// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore

/// Where BrlAPI is and how to authenticate: the usual `BRLAPI_HOST` / `BRLAPI_AUTH` environment
/// variables unless an option overrides them. nil leaves BrlAPI's own default (`:0`, the key file).
public struct BrlAPISettings: Hashable, Sendable {
    /// Which part of BrlAPI's tty tree the reader takes (`--braille-tty`).
    public enum TtyMode: String, Hashable, Sendable, CaseIterable {
        /// The reader's own terminal, as brltty and Orca expect of a program in a terminal: the X
        /// window (`WINDOWID`) under the session's VT (`WINDOWPATH`/`XDG_VTNR`), or the console's VT
        /// (`CONTROLVT`, the controlling tty). The screen reader keeps the display everywhere else.
        /// Where no terminal can be found (a pipe, a service), the root, as `root`.
        case tty
        /// The root of the tree: the display whatever has focus.
        case root
    }

    public var host: String?
    public var auth: String?
    public var ttyMode: TtyMode

    public init(host: String? = nil, auth: String? = nil, ttyMode: TtyMode = .tty) {
        self.host = host
        self.auth = auth
        self.ttyMode = ttyMode
    }

    /// The environment's settings, each overridden by a non-empty option.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment,
                                       host: String? = nil, auth: String? = nil, ttyMode: TtyMode = .tty) -> BrlAPISettings {
        func pick(_ option: String?, _ variable: String) -> String? {
            if let option, !option.isEmpty { return option }
            if let value = environment[variable], !value.isEmpty { return value }
            return nil
        }
        return BrlAPISettings(host: pick(host, "BRLAPI_HOST"), auth: pick(auth, "BRLAPI_AUTH"), ttyMode: ttyMode)
    }

    /// The host as messages name it: `BRLAPI_HOST` and `--brlapi-host` come from outside, so
    /// an escape sequence in them never reaches the terminal or the speech engine.
    public var hostDescription: String { host.map { URLRedaction.forDisplay($0) } ?? ":0" }
}
