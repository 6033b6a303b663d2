// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Synchronization
import LecteurBraille
import LecteurCore
import LecteurFiles
import LecteurSpeech
import TOMLKit

/// Where the plain-text configuration lives (XDG Base Directory): the user's
/// `$XDG_CONFIG_HOME/lecteur/lecteur.toml` (default `~/.config`), then `lecteur/lecteur.toml` in
/// each folder of `$XDG_CONFIG_DIRS` (default `/etc/xdg`), the first one winning.
public struct ConfigurationPaths: Sendable {
    public var userFolder: URL
    public var systemFolders: [URL]
    public static let fileName = "lecteur.toml"

    public var userFile: URL { userFolder.appendingPathComponent(Self.fileName) }
    public var systemFiles: [URL] { systemFolders.map { $0.appendingPathComponent(Self.fileName) } }

    public init(userFolder: URL, systemFolders: [URL]) {
        self.userFolder = userFolder
        self.systemFolders = systemFolders
    }

    /// Relative paths are ignored, as the specification asks.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ConfigurationPaths {
        let base: URL
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = UserHome.resolve(environment).path ?? UserHome.nowhere
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        }
        var dirs = (environment["XDG_CONFIG_DIRS"] ?? "").split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        if dirs.isEmpty { dirs = ["/etc/xdg"] }
        return ConfigurationPaths(
            userFolder: base.appendingPathComponent("lecteur", isDirectory: true),
            systemFolders: dirs.map { URL(fileURLWithPath: $0, isDirectory: true).appendingPathComponent("lecteur", isDirectory: true) })
    }
}

/// The settings' keys as the reader names them (`morse.wpm`) and what a valid value is: the
/// same checks the settings' users make, so a bad value in the file is reported once, with its
/// file and line, and the default is used instead.
enum ConfigurationKeys {
    /// `speech.settings` is one JSON object for the reader; in the file it is the fields of
    /// `[speech]` (`rate`, `pitch`, `volume`, `voice`).
    static let speechSettings = ReaderStore.speechSettingsKey
    static let speechFields = SpeechSetting.allCases.map(\.rawValue)

    static func validator(for key: String) -> ((String) -> Bool)? {
        switch key {
        case ReaderSettings.verbosityKey: return { Verbosity(rawValue: $0) != nil }
        case ReaderSettings.brailleMessageKey:
            return { Double($0).map { ReaderSettings.brailleMessageRange.contains($0) } ?? false }
        case ReaderSettings.brailleScrollKey:
            return { Double($0).map { ReaderSettings.brailleScrollRange.contains($0) } ?? false }
        case ReaderSettings.positionKey: return { $0 == "on" || $0 == "off" }
        case PunctuationLevel.storageKey: return { PunctuationLevel(stored: $0) != nil }
        case ReaderSettings.alphabetKey: return { ReaderSettings.alphabet(stored: $0) != nil }
        case ReaderSettings.echoKey: return { TypingEcho(rawValue: $0) != nil }
        case ReaderSettings.inputModeKey: return { InputMode(rawValue: $0) != nil }
        case ReaderSettings.kochTimeKey:
            return { Int($0).map { $0 >= 0 && Double($0) <= ReaderSettings.kochTimeRange.upperBound * 1000 } ?? false }
        case ReaderSettings.questionBrailleKey: return { QuestionBraille(rawValue: $0) != nil }
        case ReaderSettings.sendingWPMKey: return { ReaderSettings.sendingWPM(stored: $0) != nil }
        case ReaderSettings.keyerKey: return { KeyerMode(rawValue: $0) != nil }
        case ReflexSettings.pauseKey: return { Int($0).map { ReflexSettings.pauseRange.contains(Double($0) / 1000) } ?? false }
        case ReflexSettings.limitKey: return { Int($0).map { ReflexSettings.limitRange.contains(Double($0) / 1000) } ?? false }
        case ReflexSettings.touchLimitKey:
            return { Int($0).map { ReflexSettings.touchLimitRange.contains(Double($0) / 1000) } ?? false }
        case ReflexSettings.wpmKey: return { Int($0).map { ReflexSettings.wpmRange.contains($0) } ?? false }
        case PracticePace.storageKey: return { PracticePace(stored: $0) != nil }
        case PracticeMode.kochLevelStorageKey:
            // The longest order's count: LICW's 42 levels are valid whichever order is read first.
            let most = KochOrder.allCases.map(\.characters.count).max() ?? MorseAlphabet.kochOrder.count
            return { Int($0).map { (1...most).contains($0) } ?? false }
        case PracticeMode.kochLessonStorageKey:
            // The longest order's lessons, whichever order is read first.
            let most = KochOrder.allCases.map { KochLesson.lessons(order: $0).upperBound }.max() ?? 1
            return { Int($0).map { (1...most).contains($0) } ?? false }
        case KochOrder.storageKey: return { KochOrder(rawValue: $0) != nil }
        case GroupLength.storageKey: return { GroupLength.parse($0) != nil }
        case SpeechBackend.storageKey: return { SpeechBackend(rawValue: $0) != nil }
        case DeviceSettingStorage.brailleTable: return { BrailleTable(name: $0) != nil && TextSanitizer.clean($0) == $0 }
        default: break
        }
        if let morse = MorseSettingKey.allCases.first(where: { $0.storageKey == key }) {
            return { value in (try? MorseSettings.default.setting(morse, to: value)) != nil }
        }
        if key.hasPrefix("speech."), let setting = SpeechSetting(rawValue: String(key.dropFirst("speech.".count))) {
            if setting == .voice {
                // A voice name reaches espeak-ng and the screen: plain letters, digits and - _ + / only.
                return { value in
                    !value.isEmpty && value.count <= 64 && value.unicodeScalars.allSatisfy {
                        $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_+/.".unicodeScalars.contains($0))
                    }
                }
            }
            return { value in (try? SpeechSettings.default.setting(setting, to: value)) != nil }
        }
        return nil
    }

    /// Every key the reader reads, as flat dotted keys of the file: one per declared setting.
    static var fileKeys: [String] { SettingDeclaration.all.map(\.fileKey) }
}

/// One TOML file read: its values flattened to dotted keys as strings, and what was wrong in it.
struct ConfigurationFile {
    let url: URL
    var values: [String: String] = [:]
    var problems: [ConfigurationFault] = []
    /// The parsed document, for `save` to change and write back; nil when the file has none or is broken.
    var table: TOMLTable?
    var exists = false
    /// The bytes the document was parsed from: `save` parses again only when the file's content
    /// differs (an edit of the same size within the same second included).
    var content: Data?

    /// A missing file is no problem; a broken one is reported and none of its values are used.
    static func read(_ url: URL) -> ConfigurationFile {
        var file = ConfigurationFile(url: url)
        let data: Data
        do {
            data = try InputFile.read(url.path, limit: ConfigurationLimits.fileBytes)
        } catch {
            if error == .notFound { return file }
            file.exists = true
            file.problems.append(ConfigurationFault(kind: .unreadable(error), line: nil, key: nil))
            return file
        }
        file.exists = true
        return parse(data, into: file)
    }

    /// The document in `data`, checked before TOMLKit sees it.
    static func parse(_ data: Data, into file: ConfigurationFile) -> ConfigurationFile {
        var file = file
        file.content = data
        guard let text = String(data: data, encoding: .utf8) else {
            file.problems.append(ConfigurationFault(kind: .notUTF8, line: nil, key: nil))
            return file
        }
        if let line = TOMLNesting.firstLine(over: ConfigurationLimits.nestingPerLine, in: text) {
            file.problems.append(ConfigurationFault(kind: .tooNested, line: line, key: nil))
            return file
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            file.problems.append(ConfigurationFault(kind: .syntax, line: line, key: Self.keyOnLine(text, line)))
            return file
        } catch {
            file.problems.append(ConfigurationFault(kind: .syntax, line: nil, key: nil))
            return file
        }
        file.interpret(table, text: text)
        return file
    }

    /// The values of a parsed document, checked, with the line of each problem in `text`.
    mutating func interpret(_ table: TOMLTable, text: String) {
        var file = self
        file.table = table
        file.values = [:]
        file.problems = []
        let lines = KeyLines(text)
        let flat = Self.flatten(table)
        var unknown = 0
        for leaf in flat.leaves {
            let key = leaf.key
            let line = lines.line(of: key)
            if leaf.tooDeep {
                file.problems.append(ConfigurationFault(kind: .tooDeep, line: line, key: String(key.prefix(40))))
                continue
            }
            if key.count > ConfigurationLimits.keyLength {
                file.problems.append(ConfigurationFault(kind: .keyTooLong, line: line, key: nil))
                continue
            }
            guard let validate = ConfigurationKeys.validator(for: key) else {
                unknown += 1
                if unknown <= ConfigurationLimits.unknownKeysShown {
                    file.problems.append(ConfigurationFault(kind: .unknownKey, line: line, key: key))
                }
                continue
            }
            guard let value = leaf.value, validate(value) else {
                file.problems.append(ConfigurationFault(kind: .badValue(leaf.value ?? ""), line: line, key: key))
                continue
            }
            file.values[key] = value
        }
        file.problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        if unknown > ConfigurationLimits.unknownKeysShown {
            file.problems.append(ConfigurationFault(kind: .moreUnknownKeys(unknown - ConfigurationLimits.unknownKeysShown), line: nil, key: nil))
        }
        if flat.truncated { file.problems.append(ConfigurationFault(kind: .tooManyKeys, line: nil, key: nil)) }
        self = file
    }

    struct Leaf {
        let key: String
        /// nil for a value TOML can hold but the reader cannot (an array, a date).
        let value: String?
        /// Deeper than `ConfigurationLimits.depth`: not looked into.
        var tooDeep = false
    }

    /// Leaves as dotted keys, at most `ConfigurationLimits.keys` of them and never deeper than
    /// `ConfigurationLimits.depth` (a deeper table is one leaf, reported).
    static func flatten(_ table: TOMLTable) -> (leaves: [Leaf], truncated: Bool) {
        var out: [Leaf] = []
        var truncated = false
        func walk(_ table: TOMLTable, prefix: String, depth: Int) {
            for key in table.keys.sorted() {
                guard !truncated else { return }
                guard out.count < ConfigurationLimits.keys else { truncated = true; return }
                guard let node = table[key] else { continue }
                let path = prefix.isEmpty ? key : "\(prefix).\(key)"
                switch node.type {
                case .table:
                    guard let sub = node.table else { continue }
                    if depth + 1 >= ConfigurationLimits.depth {
                        out.append(Leaf(key: path, value: nil, tooDeep: true))
                    } else {
                        walk(sub, prefix: path, depth: depth + 1)
                    }
                case .string: out.append(Leaf(key: path, value: node.string))
                case .int: out.append(Leaf(key: path, value: node.int.map { String($0) }))
                case .double: out.append(Leaf(key: path, value: node.double.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }))
                case .bool: out.append(Leaf(key: path, value: node.bool.map { $0 ? "on" : "off" }))
                default: out.append(Leaf(key: path, value: nil))
                }
            }
        }
        walk(table, prefix: "", depth: 0)
        return (out, truncated)
    }

    /// The bare or quoted key before "=" on a line, for a syntax error's message.
    static func keyOnLine(_ text: String, _ line: Int) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line >= 1, line <= lines.count else { return nil }
        let content = lines[line - 1]
        guard let equals = content.firstIndex(of: "=") else {
            let trimmed = content.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty ? nil : String(trimmed.prefix(40))
        }
        let key = content[..<equals].trimmingCharacters(in: .whitespaces)
        return key.isEmpty ? nil : key
    }
}

/// Finds the line a dotted key was written on. TOMLKit gives positions for syntax errors only, so
/// the headers (`[morse]`) and `key =` lines are followed here; the values themselves are TOMLKit's.
struct KeyLines {
    private var lines: [String: Int] = [:]

    init(_ text: String) {
        var table = ""
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("[") {
                let inner = line.drop(while: { $0 == "[" }).prefix(while: { $0 != "]" })
                table = Self.normalise(String(inner))
                if lines[table] == nil { lines[table] = index + 1 }
            } else if !line.hasPrefix("#"), let equals = line.firstIndex(of: "=") {
                let key = Self.normalise(String(line[..<equals]))
                let full = table.isEmpty ? key : "\(table).\(key)"
                if lines[full] == nil { lines[full] = index + 1 }
            }
        }
    }

    static func normalise(_ key: String) -> String {
        key.split(separator: ".").map { part in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("\""), trimmed.hasSuffix("\""), trimmed.count >= 2 {
                return unescape(String(trimmed.dropFirst().dropLast()))
            }
            return trimmed.trimmingCharacters(in: CharacterSet(charactersIn: "'"))
        }.joined(separator: ".")
    }

    /// A basic string's escapes (`\u001b`, `\t`…), so a quoted key is found under its real name.
    static func unescape(_ text: String) -> String {
        var out = ""
        var scalars = text.unicodeScalars[...]
        while let s = scalars.popFirst() {
            guard s == "\\", let kind = scalars.popFirst() else { out.unicodeScalars.append(s); continue }
            switch kind {
            case "u", "U":
                let digits = scalars.prefix(kind == "u" ? 4 : 8)
                scalars = scalars.dropFirst(digits.count)
                if let value = UInt32(String(String.UnicodeScalarView(digits)), radix: 16), let scalar = Unicode.Scalar(value) {
                    out.unicodeScalars.append(scalar)
                }
            case "t": out += "\t"
            case "n": out += "\n"
            case "r": out += "\r"
            case "b": out += "\u{8}"
            case "f": out += "\u{c}"
            case "e": out += "\u{1b}"
            default: out.unicodeScalars.append(kind)
            }
        }
        return out
    }

    /// The key's own line, else the line of its nearest table header.
    func line(of key: String) -> Int? {
        var parts = key.split(separator: ".").map(String.init)
        while !parts.isEmpty {
            if let line = lines[parts.joined(separator: ".")] { return line }
            parts.removeLast()
        }
        return nil
    }
}

/// Writes the user's file: re-read under a lock, only the given keys changed, then written to a
/// temporary file renamed over the old one, so a reader running at the same time keeps its own
/// changes and a crash never leaves half a file.
enum ConfigurationWriter {
    enum Failure: Error {
        /// The file as it is now is ignored at start-up (a syntax error, too deep, not UTF-8…):
        /// it is not replaced, so nothing the user wrote in it is lost.
        case ignored(ConfigurationFault)
        case unreadable(InputFileError)
        case write(errno: Int32)
    }

    static func save(_ values: [String: String?], to url: URL) throws(Failure) -> ConfigurationFile {
        try cache.withLock { (cache) throws(Failure) -> ConfigurationFile in try save(values, to: url, cache: &cache) }
    }

    private static func save(_ values: [String: String?], to url: URL,
                             cache: inout (url: URL, file: ConfigurationFile)?) throws(Failure) -> ConfigurationFile {
        let folder = url.deletingLastPathComponent()
        if mkdir(folder.path, 0o755) != 0 && errno != EEXIST {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw .write(errno: SystemErrorText.posixCode(of: error) ?? EIO)
            }
        }
        // flock on the folder: the file itself is replaced by rename, so it cannot carry the lock.
        let lock = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer { if lock >= 0 { flock(lock, LOCK_UN); close(lock) } }

        // The document this process last wrote, if the file still holds exactly those bytes:
        // TOMLKit 0.6.0 never frees a parsed document, so each parse would cost memory for good.
        // Any other content, even of the same size and time, is parsed again and kept.
        var current = ConfigurationFile(url: url)
        do {
            let data = try InputFile.read(url.path, limit: ConfigurationLimits.fileBytes)
            current.exists = true
            if let cache, cache.url == url, cache.file.content == data {
                current = cache.file
            } else {
                current = ConfigurationFile.parse(data, into: current)
            }
        } catch {
            if error != .notFound { throw .unreadable(error) }
        }
        if current.exists, current.table == nil, let problem = current.problems.first {
            throw .ignored(problem)
        }
        let table = current.table ?? TOMLTable()
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            if key == ConfigurationKeys.speechSettings {
                let fields = value.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] } ?? [:]
                for field in ConfigurationKeys.speechFields {
                    set(table, path: ["speech", field], value: fields[field].map { "\($0)" })
                }
            } else {
                set(table, path: key.split(separator: ".").map(String.init), value: value)
            }
        }
        var text = table.convert(to: .toml)
        if !text.hasSuffix("\n") { text += "\n" }
        let data = Data(text.utf8)
        let code = write(data, to: url)
        if code != 0 { throw .write(errno: code) }
        var written = current
        written.exists = true
        written.content = data
        written.interpret(table, text: text)
        cache = (url, written)
        return written
    }

    /// The last document this process wrote, with its bytes. Held for the whole of a `save`
    /// (with the folder's flock, which other processes honour).
    private static let cache = Mutex<(url: URL, file: ConfigurationFile)?>(nil)

    /// The temporary files of `write`: `.lecteur.toml.PID.XXXXXX.tmp` (`FileReplacement` puts
    /// the six random characters and the suffix), the pid telling `removeLeftovers` whose it is.
    static func temporaryPrefix(for name: String) -> String {
        ".\(name).\(getpid())."
    }

    /// Removes what a `set` killed mid-save left in `folder`: temporary files of processes that
    /// are gone (a live one may be saving right now).
    static func removeLeftovers(in folder: URL, name: String = ConfigurationPaths.fileName) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for entry in entries where entry.hasPrefix(".\(name).") && entry.hasSuffix(".tmp") {
            let parts = entry.dropFirst(name.count + 2).split(separator: ".")
            guard parts.count == 3, let pid = Int32(parts[0]), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(folder.appendingPathComponent(entry).path)
            }
        }
    }

    private static func set(_ table: TOMLTable, path: [String], value: String?) {
        guard let last = path.last else { return }
        var node = table
        for part in path.dropLast() {
            if let sub = node[part]?.table {
                node = sub
            } else {
                guard value != nil else { return }
                node[part] = TOMLTable()
                guard let sub = node[part]?.table else { return }
                node = sub
            }
        }
        guard let value else {
            node.remove(at: last)
            return
        }
        // Numbers are written as TOML numbers (`wpm = 25`), anything else as a string.
        if let int = Int(value) {
            node[last] = int
        } else if value.range(of: #"^-?[0-9]+[.,][0-9]+$"#, options: .regularExpression) != nil,
                  let double = Double(value.replacingOccurrences(of: ",", with: ".")) {
            node[last] = double
        } else {
            node[last] = value
        }
    }

    /// Temporary file and rename for a regular file (or none yet); a symbolic link is followed so
    /// the file it points to is the one replaced; anything else (a FIFO, /dev/null) is written in
    /// place. Returns 0, or the errno of the failure (the old file is then left as it was).
    static func write(_ data: Data, to url: URL) -> Int32 {
        let target = url.resolvingSymlinksInPath()
        var info = stat()
        let exists = lstat(target.path, &info) == 0
        if exists, (info.st_mode & S_IFMT) != S_IFREG {
            do { try data.write(to: target) } catch { return SystemErrorText.posixCode(of: error) ?? EIO }
            return 0
        }
        // A new file gets the mode an ordinary create would: 0644 under the umask.
        do throws(FileErrno) {
            try FileReplacement.write(data, replacing: target.path,
                                      mode: exists ? mode_t(info.st_mode & 0o7777) : FileReplacement.creationMode(0o644),
                                      prefix: temporaryPrefix(for: target.lastPathComponent), suffix: ".tmp")
        } catch {
            return error.code
        }
        return 0
    }
}
