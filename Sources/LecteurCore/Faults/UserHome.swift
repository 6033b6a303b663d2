// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
import Glibc
#endif

/// The user's home folder, decided in one place for every file the reader keeps (settings,
/// practice database, command history, catalogue copy), so that they all go to the same place.
/// `$HOME` when it is an absolute path; otherwise the account's home from the password database,
/// and what was wrong with `$HOME` is said once at start in the user's language. A relative
/// `HOME` is not used as it is: it would put the files under whatever folder the reader was
/// started in.
public struct UserHome: Hashable, Sendable {
    /// nil only when neither `$HOME` nor the account names an absolute folder.
    public let path: String?
    public let problem: HomeProblem?

    /// Where files go without any home: a folder that cannot exist, so saving fails with the
    /// storage's own French message instead of writing under the current folder.
    public static let nowhere = "/nonexistent/lecteur-no-home"

    public static func resolve(_ environment: [String: String],
                               accountHome: () -> String? = UserHome.accountHome) -> UserHome {
        let value = environment["HOME"]
        if let value, value.hasPrefix("/") { return UserHome(path: value, problem: nil) }
        let account = accountHome().flatMap { $0.hasPrefix("/") ? $0 : nil }
        let problem: HomeProblem
        switch value {
        case nil, ""?: problem = .unset(fallback: account)
        case let relative?: problem = .relative(relative, fallback: account)
        }
        return UserHome(path: account, problem: problem)
    }

    /// The home the password database gives this user (getpwuid_r: no static buffer shared
    /// between threads).
    public static func accountHome() -> String? {
        var entry = passwd()
        var found: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(getuid(), &entry, &buffer, buffer.count, &found) == 0, found != nil, let dir = entry.pw_dir else { return nil }
        return String(cString: dir)
    }
}

/// What was wrong with `$HOME`; `fallback`: the account's home used instead (nil: none, and
/// nothing is saved).
public enum HomeProblem: Hashable, Sendable {
    case unset(fallback: String?)
    case relative(String, fallback: String?)
}
