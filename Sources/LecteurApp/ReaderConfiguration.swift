// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurBraille
import LecteurCore
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
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
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
    static let speechSettings = SpeechSettingsDomain.storageKey
    static let speechFields = SpeechSetting.allCases.map(\.rawValue)

    static func validator(for key: String) -> ((String) -> Bool)? {
        switch key {
        case ReaderSettings.verbosityKey: return { Verbosity(rawValue: $0) != nil }
        case ReaderSettings.brailleMessageKey:
            return { Double($0).map { ReaderSettings.brailleMessageRange.contains($0) } ?? false }
        case ReaderSettings.positionKey: return { $0 == "on" || $0 == "off" }
        case PracticeMode.kochLevelStorageKey:
            return { Int($0).map { (1...MorseAlphabet.kochOrder.count).contains($0) } ?? false }
        case SpeechBackend.storageKey: return { SpeechBackend(rawValue: $0) != nil }
        case BrailleDevice.storageKey: return { BrailleTable(name: $0) != nil && TextSanitizer.clean($0) == $0 }
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

    /// Every key the reader reads, as flat dotted keys of the file.
    static var fileKeys: [String] {
        [ReaderSettings.verbosityKey, ReaderSettings.brailleMessageKey, ReaderSettings.positionKey,
         PracticeMode.kochLevelStorageKey, SpeechBackend.storageKey, BrailleDevice.storageKey]
            + MorseSettingKey.allCases.map(\.storageKey) + speechFields.map { "speech.\($0)" }
    }
}

/// One TOML file read: its values flattened to dotted keys as strings, and what was wrong in it.
struct ConfigurationFile {
    struct Problem {
        enum Kind { case syntax, badValue(String), unknownKey, unreadable(String) }
        var kind: Kind
        var line: Int?
        var key: String?
    }

    let url: URL
    var values: [String: String] = [:]
    var problems: [Problem] = []
    /// The parsed document, for `save` to change and write back; nil when the file has none or is broken.
    var table: TOMLTable?
    var exists = false

    /// A missing file is no problem; a broken one is reported and none of its values are used.
    static func read(_ url: URL) -> ConfigurationFile {
        var file = ConfigurationFile(url: url)
        let text: String
        do {
            let data = try Data(contentsOf: url)
            file.exists = true
            guard let decoded = String(data: data, encoding: .utf8) else {
                file.problems.append(Problem(kind: .unreadable("UTF-8"), line: nil, key: nil))
                return file
            }
            text = decoded
        } catch let error as NSError {
            if error.domain == NSCocoaErrorDomain, error.code == NSFileReadNoSuchFileError { return file }
            if (error.userInfo[NSUnderlyingErrorKey] as? NSError)?.code == Int(ENOENT) { return file }
            if !FileManager.default.fileExists(atPath: url.path) { return file }
            file.exists = true
            let reason = (error.userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
                ?? error.localizedDescription
            file.problems.append(Problem(kind: .unreadable(reason), line: nil, key: nil))
            return file
        }
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            file.problems.append(Problem(kind: .syntax, line: line, key: Self.keyOnLine(text, line)))
            return file
        } catch {
            file.problems.append(Problem(kind: .syntax, line: nil, key: nil))
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
        for (key, value) in Self.flatten(table, prefix: "") {
            let line = lines.line(of: key)
            guard let validate = ConfigurationKeys.validator(for: key) else {
                file.problems.append(Problem(kind: .unknownKey, line: line, key: key))
                continue
            }
            guard let value, validate(value) else {
                file.problems.append(Problem(kind: .badValue(value ?? ""), line: line, key: key))
                continue
            }
            file.values[key] = value
        }
        file.problems.sort { ($0.line ?? 0) < ($1.line ?? 0) }
        self = file
    }

    /// Leaves as dotted keys; a value TOML can hold but the reader cannot (an array, a date) is nil.
    static func flatten(_ table: TOMLTable, prefix: String) -> [(String, String?)] {
        var out: [(String, String?)] = []
        for key in table.keys.sorted() {
            guard let node = table[key] else { continue }
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            switch node.type {
            case .table: if let sub = node.table { out += flatten(sub, prefix: path) }
            case .string: out.append((path, node.string))
            case .int: out.append((path, node.int.map { String($0) }))
            case .double: out.append((path, node.double.map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0) }))
            case .bool: out.append((path, node.bool.map { $0 ? "on" : "off" }))
            default: out.append((path, nil))
            }
        }
        return out
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

extension ConfigurationFile.Problem {
    func message(file: URL, _ strings: Strings) -> String {
        var args = ["file": TextSanitizer.clean(file.path), "line": line.map { String($0) } ?? "?",
                    "key": TextSanitizer.clean(key ?? "?")]
        switch kind {
        case .syntax: return strings(.configSyntax, args)
        case .badValue(let value):
            args["value"] = TextSanitizer.clean(String(value.prefix(80)))
            return strings(.configBadValue, args)
        case .unknownKey: return strings(.configUnknownKey, args)
        case .unreadable(let reason):
            args["reason"] = TextSanitizer.clean(reason)
            return strings(.configUnreadable, args)
        }
    }
}

/// Writes the user's file: re-read under a lock, only the given keys changed, then written to a
/// temporary file renamed over the old one, so a reader running at the same time keeps its own
/// changes and a crash never leaves half a file.
enum ConfigurationWriter {
    enum Failure: Error {
        case syntax(line: Int?)
        case io(String)
    }

    static func save(_ values: [String: String?], to url: URL) throws(Failure) -> ConfigurationFile {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw .io(reason(error))
        }
        // flock on the folder: the file itself is replaced by rename, so it cannot carry the lock.
        let lock = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer { if lock >= 0 { flock(lock, LOCK_UN); close(lock) } }

        // The file as this process last wrote it, unless someone else changed it since: TOMLKit
        // 0.6.0 never frees a parsed document, so each parse would cost memory for good.
        let stamp = FileStamp(url)
        let current = cache.flatMap { $0.url == url && $0.stamp == stamp && stamp != nil ? $0.file : nil }
            ?? ConfigurationFile.read(url)
        if let syntax = current.problems.first(where: { if case .syntax = $0.kind { true } else { false } }) {
            throw .syntax(line: syntax.line)
        }
        if let unreadable = current.problems.first(where: { if case .unreadable = $0.kind { true } else { false } }),
           case .unreadable(let why) = unreadable.kind {
            throw .io(why)
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
        do {
            try write(Data(text.utf8), to: url)
        } catch {
            throw .io(reason(error))
        }
        var written = current
        written.exists = true
        written.interpret(table, text: text)
        cache = (url, FileStamp(url), written)
        return written
    }

    /// The last document this process wrote, with the file's identity then (guarded by the
    /// folder's flock and ReaderStore's lock).
    nonisolated(unsafe) private static var cache: (url: URL, stamp: FileStamp?, file: ConfigurationFile)?

    /// Which file, which version: a rename by another writer changes the inode, an edit the
    /// size or the modification time.
    struct FileStamp: Equatable {
        let inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

        init?(_ url: URL) {
            var info = stat()
            guard stat(url.resolvingSymlinksInPath().path, &info) == 0 else { return nil }
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = info.st_mtim.tv_sec
            nanoseconds = info.st_mtim.tv_nsec
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
    /// the file it points to is the one replaced; anything else (a FIFO, /dev/null) is written in place.
    static func write(_ data: Data, to url: URL) throws {
        let target = url.resolvingSymlinksInPath()
        var info = stat()
        let exists = lstat(target.path, &info) == 0
        if exists, (info.st_mode & S_IFMT) != S_IFREG {
            try data.write(to: target)
            return
        }
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(getpid()).\(UUID().uuidString.prefix(8)).tmp")
        guard FileManager.default.createFile(atPath: temporary.path, contents: data,
                                             attributes: [.posixPermissions: exists ? Int(info.st_mode & 0o7777) : 0o644]) else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno))
        }
        if let handle = FileHandle(forWritingAtPath: temporary.path) {
            fsync(handle.fileDescriptor)
            try? handle.close()
        }
        guard rename(temporary.path, target.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(code))
        }
    }

    static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return ns.localizedDescription
    }
}
