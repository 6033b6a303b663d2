// SPDX-License-Identifier: GPL-3.0-or-later
import CEdit
import Foundation
import LecteurCore
import LecteurFiles

/// The command history file (`$XDG_STATE_HOME/lecteur/history`), read and saved with the care
/// every other file gets (issue 38 items 3 and 4). Read: opened without following a symlink and
/// without blocking, a regular file only, `limitBytes` at most — a FIFO there blocked start-up,
/// a 100 MB line took 1.77 GB. Saved: into a temporary file of the same folder (mode 0600), synced,
/// then renamed over the old one, so a full disk never cuts an entry and a symlink's target is
/// never written; merged first with what another session saved since, so both keep their lines.
final class HistoryFile {
    let path: String
    /// Larger than a thousand long commands: a history past it is not the reader's.
    static let limitBytes = 4 << 20

    /// The entries typed since the last save that succeeded, in order (the last
    /// `LinePrompt.historyLimit`): what is added to the file as it stands at the next save.
    private var unsaved: [String] = []

    /// Opens the file at `path` for reading with every check, or nil when there is none yet.
    /// The descriptor is the caller's to close.
    static func openChecked(_ path: String) throws(HistoryFault) -> Int32? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            switch errno {
            case ENOENT: return nil
            case ELOOP: throw .symlink
            default:
                // A FIFO with no writer opens at once with O_NONBLOCK; a directory fails here
                // only for writing, so it is named by the stat below when it does open.
                throw .unreadable(.system(errno: errno))
            }
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .unreadable(.system(errno: code))
        }
        let kind: InputFileError.Kind? = switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: .directory
        case S_IFIFO: .fifo
        case S_IFCHR, S_IFBLK: .device
        case S_IFSOCK: .socket
        default: .other
        }
        if let kind {
            close(fd)
            throw .unreadable(.notRegular(kind))
        }
        if info.st_size > limitBytes {
            close(fd)
            throw .unreadable(.tooLarge(size: Int64(info.st_size), limit: limitBytes))
        }
        return fd
    }

    /// Loads the file into `history`; nil when the file may be used (read, or not there yet).
    static func load(_ path: String, into history: OpaquePointer) -> HistoryFault? {
        do {
            guard let fd = try openChecked(path) else { return nil }
            defer { close(fd) }
            var event = HistEventW()
            // libedit opens by name: the checked descriptor's own name, so what it reads is the
            // regular file just checked, whatever `path` has become since.
            lecteur_history_load(history, &event, "/proc/self/fd/\(fd)")
            return nil
        } catch {
            return error
        }
    }

    init(path: String) {
        self.path = path
    }

    /// Adds `entry` and saves: the file as it stands now, this session's entries after it.
    /// - Returns: the errno of a save that failed (the previous file is then left whole).
    func save(adding entry: String) -> Int32? {
        unsaved.append(entry)
        if unsaved.count > Int(LinePrompt.historyLimit) { unsaved.removeFirst(unsaved.count - Int(LinePrompt.historyLimit)) }
        guard let merged = history_winit() else { return ENOMEM }
        defer { history_wend(merged) }
        var event = HistEventW()
        lecteur_history_set_size(merged, &event, LinePrompt.historyLimit)
        lecteur_history_set_unique(merged, &event, 1)
        // What another session saved since is kept; a file that became unusable is not replaced.
        if let fault = Self.load(path, into: merged) {
            if case .unreadable(.system(let code)) = fault { return code }
            return EINVAL
        }
        for line in unsaved {
            let wide = line.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
            lecteur_history_enter(merged, &event, wide)
        }
        // A new file (O_EXCL, so no symlink is followed), mode 0600; the rename replaces a
        // symlink at `path` itself, never its target; a folder there stays as it was.
        let replacement: FileReplacement
        do throws(FileErrno) {
            replacement = try FileReplacement(replacing: path, mode: 0o600, prefix: ".history-")
        } catch {
            return error.code
        }
        guard let stream = fdopen(dup(replacement.fileDescriptor), "w") else {
            let code = errno
            replacement.discard()
            return code
        }
        // libedit's own save ignores write errors: they are read from the stream here.
        var failure: Int32?
        if lecteur_history_save_fp(merged, &event, stream) < 0 { failure = errno == 0 ? EIO : errno }
        if failure == nil && (fflush(stream) != 0 || ferror(stream) != 0) { failure = errno == 0 ? EIO : errno }
        if fclose(stream) != 0 && failure == nil { failure = errno }
        if let failure {
            replacement.discard()
            return failure
        }
        do throws(FileErrno) { try replacement.commit() } catch { return error.code }
        unsaved = []
        return nil
    }
}
