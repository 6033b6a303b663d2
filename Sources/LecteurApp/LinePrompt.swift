// SPDX-License-Identifier: GPL-3.0-or-later
import CEdit
import Foundation
import LecteurCore

/// The command line on a terminal, edited with libedit (wide characters): arrows, Home/End,
/// deletion over accented letters, history kept across sessions, Tab completion from the core,
/// every key silencing speech first, Ctrl-C silencing and clearing the line, Ctrl-D on an empty
/// line leaving. libedit grows its buffer as needed: a line past the kernel's 4 095-byte
/// canonical limit is read whole.
final class LinePrompt {
    private let editor: OpaquePointer
    private let history: OpaquePointer
    /// nil without a home, or when the file there is left alone (`historyFault`).
    private let historyFile: HistoryFile?
    /// Why the history file is neither read nor saved this session, said at start.
    let historyFault: HistoryFault?
    /// A failed save is said once, until one succeeds again.
    private var historySaveFailed = false
    private let session: ReaderSession
    private let completion: LineCompletion
    /// The prompt as libedit reads it back at every redraw: owned here, freed with the editor.
    private var promptText: UnsafeMutableBufferPointer<wchar_t> = {
        let empty = UnsafeMutableBufferPointer<wchar_t>.allocate(capacity: 1)
        empty.initialize(repeating: 0)
        return empty
    }()
    /// Inside an escape sequence (an arrow, Home…): its bytes are no typed characters to echo.
    private var escape = EscapeState.none

    private enum EscapeState { case none, started, sequence }

    /// The most entries kept in the history file.
    static let historyLimit: Int32 = 1000

    /// nil when libedit cannot start (the caller then reads plain lines).
    init?(session: ReaderSession, historyPath: String?) {
        guard let editor = el_init("lecteur", StandardStream.input, StandardStream.output, StandardStream.error) else { return nil }
        guard let history = history_winit() else {
            el_end(editor)
            return nil
        }
        self.editor = editor
        self.history = history
        completeName = Self.permanent("lecteur-complete")
        interruptName = Self.permanent("lecteur-interrupt")
        self.session = session
        completion = LineCompletion(parser: session.reader.parser, strings: session.reader.strings)
        var event = HistEventW()
        lecteur_history_set_size(history, &event, Self.historyLimit)
        lecteur_history_set_unique(history, &event, 1)
        historyFault = historyPath.flatMap { HistoryFile.load($0, into: history) }
        historyFile = historyFault == nil ? historyPath.map(HistoryFile.init(path:)) : nil

        // Unretained: the editor is ended in deinit, before this object is gone.
        lecteur_el_set_client_data(editor, Unmanaged.passUnretained(self).toOpaque())
        lecteur_el_set_editor(editor, Self.wide("emacs"))
        lecteur_el_set_history(editor, history)
        lecteur_el_set_prompt(editor) { editor in LinePrompt.owner(of: editor)?.promptPointer }
        lecteur_el_set_getc(editor) { editor, character in LinePrompt.owner(of: editor)?.readCharacter(character) ?? -1 }
        lecteur_el_keep_signals_as_keys(editor)
        lecteur_el_add_function(editor, completeName, completeName, { editor, _ in
            LinePrompt.owner(of: editor)?.complete() ?? UInt8(CC_NORM)
        })
        lecteur_el_add_function(editor, interruptName, interruptName, { editor, _ in
            LinePrompt.owner(of: editor)?.interrupt() ?? UInt8(CC_NORM)
        })
        bind("^I", "lecteur-complete")
        bind("^C", "lecteur-interrupt")
        // What xterm-like terminals send, whatever TERM says.
        for (keys, function) in [("\\e[A", "ed-prev-history"), ("\\e[B", "ed-next-history"), ("\\eOA", "ed-prev-history"),
                                 ("\\eOB", "ed-next-history"), ("\\e[C", "ed-next-char"), ("\\e[D", "ed-prev-char"),
                                 ("\\eOC", "ed-next-char"), ("\\eOD", "ed-prev-char"),
                                 ("\\e[H", "ed-move-to-beg"), ("\\eOH", "ed-move-to-beg"), ("\\e[1~", "ed-move-to-beg"),
                                 ("\\e[7~", "ed-move-to-beg"), ("\\e[F", "ed-move-to-end"), ("\\eOF", "ed-move-to-end"),
                                 ("\\e[4~", "ed-move-to-end"), ("\\e[8~", "ed-move-to-end"), ("\\e[3~", "ed-delete-next-char"),
                                 ("\\e[1;5C", "em-next-word"), ("\\e[1;5D", "ed-prev-word")] {
            bind(keys, function)
        }
    }

    deinit {
        el_end(editor)
        history_wend(history)
        promptText.deallocate()
        completeName.deallocate()
        interruptName.deallocate()
    }

    /// One line, without its newline; nil at the end of input (Ctrl-D on an empty line).
    func read(prompt: String) -> String? {
        let wide = Self.wide(prompt)
        promptText.deallocate()
        promptText = .allocate(capacity: wide.count)
        _ = promptText.initialize(from: wide)
        escape = .none
        var count: Int32 = 0
        guard let line = el_wgets(editor, &count), count > 0 else {
            // What follows (the goodbye, the shell's prompt) starts on a line of its own.
            fputs("\r\n", StandardStream.output)
            fflush(StandardStream.output)
            return nil
        }
        var text = Self.string(line, count: Int(count))
        if text.hasSuffix("\n") { text.removeLast() }
        remember(text)
        return text
    }

    private func remember(_ line: String) {
        // Completion leaves a space after the word: « filtre Bureautique » once, not twice.
        let entry = String(line.reversed().drop { $0 == " " }.reversed())
        guard !entry.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        var event = HistEventW()
        lecteur_history_enter(history, &event, Self.wide(entry))
        // Typed commands are the user's own: the file is saved readable by them only (0600).
        guard let historyFile else { return }
        if let failure = historyFile.save(adding: entry) {
            if !historySaveFailed { session.post(.storageFailed(.historyNotSaved(file: historyFile.path, errno: failure))) }
            historySaveFailed = true
        } else {
            historySaveFailed = false
        }
    }

    // MARK: libedit's callbacks (each finds its prompt through the editor's client data)

    /// libedit keeps the pointers EL_ADDFN is given (it does not copy the names): they live as
    /// long as the editor, and are freed after it.
    private let completeName: UnsafePointer<wchar_t>
    private let interruptName: UnsafePointer<wchar_t>

    private static func permanent(_ text: String) -> UnsafePointer<wchar_t> {
        let wide = Self.wide(text)
        let buffer = UnsafeMutablePointer<wchar_t>.allocate(capacity: wide.count)
        buffer.initialize(from: wide, count: wide.count)
        return UnsafePointer(buffer)
    }

    private static func owner(of editor: OpaquePointer?) -> LinePrompt? {
        guard let editor, let data = lecteur_el_client_data(editor) else { return nil }
        return Unmanaged<LinePrompt>.fromOpaque(data).takeUnretainedValue()
    }

    private var promptPointer: UnsafeMutablePointer<wchar_t>? { promptText.baseAddress }

    /// Reads one character (UTF-8) from the terminal for libedit, and tells the reader a key was
    /// typed: speech stops at once, and the echo is said.
    private func readCharacter(_ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        guard let character else { return -1 }
        var bytes: [UInt8] = []
        // The reader may quit from the braille display while a line is being read here.
        if !InputWait.forInput(STDIN_FILENO, wake: session.quitSignal) { return 0 }
        while true {
            var byte: UInt8 = 0
            let got = Foundation.read(STDIN_FILENO, &byte, 1)
            if got < 0 && errno == EINTR { continue }
            guard got == 1 else { return got == 0 ? 0 : -1 }
            bytes.append(byte)
            let expected = byte < 0x80 && bytes.count == 1 ? 1 : Self.utf8Length(bytes[0])
            if bytes.count >= expected { break }
        }
        let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first ?? "\u{FFFD}"
        character.pointee = wchar_t(scalar.value)
        typed(scalar)
        return 1
    }

    private static func utf8Length(_ first: UInt8) -> Int {
        first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
    }

    private func typed(_ scalar: UnicodeScalar) {
        var printable: Character?
        switch escape {
        case .started:
            escape = scalar == "[" || scalar == "O" ? .sequence : .none
        case .sequence:
            if (0x40...0x7E).contains(scalar.value) { escape = .none }
        case .none:
            if scalar.value == 0x1B {
                escape = .started
            } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                printable = Character(scalar)
            }
        }
        let before = lineBeforeCursor()
        let word = String(before.reversed().prefix { !$0.isWhitespace && !$0.isPunctuation }.reversed())
        session.post(.typed(printable, word: word))
    }

    private func lineBeforeCursor() -> String {
        guard let info = el_wline(editor) else { return "" }
        return Self.string(info.pointee.buffer, count: info.pointee.cursor - info.pointee.buffer)
    }

    /// Tab: the core says what may follow; one candidate is written in, several are listed
    /// (written and said) after their common beginning is filled in.
    private func complete() -> UInt8 {
        let before = lineBeforeCursor()
        let found = session.inspect { completion.complete(before, $0) }
        session.post(.completion(found.candidates))
        if found.candidates.count == 1 {
            replace(found.replacing, with: found.candidates[0] + " ")
            return UInt8(CC_REFRESH)
        }
        guard found.candidates.count > 1 else { return UInt8(CC_REFRESH) }
        let common = found.commonPrefix
        if common.count > found.replacing { replace(found.replacing, with: common) }
        fputs("\r\n" + found.candidates.joined(separator: "  ") + "\r\n", StandardStream.output)
        fflush(StandardStream.output)
        return UInt8(CC_REDISPLAY)
    }

    private func replace(_ count: Int, with text: String) {
        if count > 0 { el_deletestr(editor, Int32(count)) }
        _ = el_winsertstr(editor, Self.wide(text))
    }

    /// Ctrl-C: speech stops and the line is emptied; the reader goes on.
    private func interrupt() -> UInt8 {
        session.post(.command(.stop))
        guard let info = el_wline(editor) else { return UInt8(CC_REFRESH) }
        let total = info.pointee.lastchar - info.pointee.buffer
        let after = info.pointee.lastchar - info.pointee.cursor
        if after > 0 { _ = el_cursor(editor, Int32(after)) }
        if total > 0 { el_deletestr(editor, Int32(total)) }
        return UInt8(CC_REFRESH)
    }

    private func bind(_ keys: String, _ function: String) {
        lecteur_el_bind(editor, Self.wide(keys), Self.wide(function))
    }

    private static func wide(_ text: String) -> [wchar_t] {
        text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
    }

    private static func string(_ pointer: UnsafePointer<wchar_t>, count: Int) -> String {
        var text = String.UnicodeScalarView()
        for i in 0..<max(count, 0) {
            text.append(UnicodeScalar(UInt32(bitPattern: pointer[i])) ?? "\u{FFFD}")
        }
        return String(text)
    }
}
