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
    private let session: any TerminalSession
    /// The terminal's bytes, shared with single-key mode (nothing typed ahead is lost between them).
    let input: TerminalInput
    /// Escape and Ctrl-G abandon the line (the `/` and `:` prompts of single-key mode).
    private var cancellable = false
    private var cancelled = false
    /// The prompt as libedit reads it back at every redraw: owned here, freed with the editor.
    private var promptText: UnsafeMutableBufferPointer<wchar_t> = {
        let empty = UnsafeMutableBufferPointer<wchar_t>.allocate(capacity: 1)
        empty.initialize(repeating: 0)
        return empty
    }()
    /// Inside an escape sequence (an arrow, Home…): its bytes are no typed characters to echo.
    private var escape = EscapeState.none
    /// The parameters of the control sequence being read, and whether a bracketed paste is
    /// coming in (`ESC [ 200 ~` … `ESC [ 201 ~`): a pasted `ESC [ O` is no focus report.
    private var escapeParameters = ""
    private var pasting = false

    /// `bracket`: just after `ESC [`, where `I` and `O` end a focus report, not a key.
    private enum EscapeState { case none, started, bracket, sequence }

    /// The most entries kept in the history file.
    static let historyLimit: Int32 = 1000

    /// What `read` ends with.
    enum Outcome: Equatable {
        case line(String)
        /// Escape or Ctrl-G at a prompt that may be abandoned.
        case cancelled
        /// Ctrl-D on an empty line, the end of input, or the reader quit meanwhile.
        case end
    }

    /// The key libedit is handed when output waits to be printed above the line (Ctrl-]: bound
    /// to printing it; typed by hand it only redraws the line).
    private static let outputKey: wchar_t = 0x1D
    /// The key a lone Escape becomes at a prompt that may be abandoned (Ctrl-G does the same).
    private static let cancelKey: wchar_t = 0x07

    /// nil when libedit cannot start (the caller then reads plain lines).
    init?(session: any TerminalSession, historyPath: String?) {
        guard let editor = el_init("lecteur", StandardStream.input, StandardStream.output, StandardStream.error) else { return nil }
        guard let history = history_winit() else {
            el_end(editor)
            return nil
        }
        self.editor = editor
        self.history = history
        completeName = Self.permanent("lecteur-complete")
        interruptName = Self.permanent("lecteur-interrupt")
        printName = Self.permanent("lecteur-print")
        cancelName = Self.permanent("lecteur-cancel")
        endName = Self.permanent("lecteur-end")
        input = TerminalInput(quit: session.quitSignal)
        focusName = Self.permanent("lecteur-focus")
        self.session = session
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
        lecteur_el_add_function(editor, printName, printName, { editor, _ in
            LinePrompt.owner(of: editor)?.printWaiting() ?? UInt8(CC_NORM)
        })
        lecteur_el_add_function(editor, cancelName, cancelName, { editor, _ in
            LinePrompt.owner(of: editor)?.cancel() ?? UInt8(CC_NORM)
        })
        lecteur_el_add_function(editor, endName, endName, { editor, _ in
            LinePrompt.owner(of: editor)?.endOrDelete() ?? UInt8(CC_NORM)
        })
        bind("^I", "lecteur-complete")
        bind("^C", "lecteur-interrupt")
        bind("^]", "lecteur-print")
        bind("^G", "lecteur-cancel")
        bind("^D", "lecteur-end")
        // The terminal's focus reports (`CSI ? 1004 h`) change nothing in the line: `typed` reports them.
        lecteur_el_add_function(editor, focusName, focusName, { _, _ in UInt8(CC_NORM) })
        bind("\\e[I", "lecteur-focus")
        bind("\\e[O", "lecteur-focus")
        // A bracketed paste's marks (`CSI ? 2004 h`) change nothing in the line either.
        bind("\\e[200~", "lecteur-focus")
        bind("\\e[201~", "lecteur-focus")
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
        printName.deallocate()
        cancelName.deallocate()
        endName.deallocate()
        focusName.deallocate()
    }

    /// One line, without its newline. `cancellable`: Escape and Ctrl-G abandon it.
    func read(prompt: String, cancellable: Bool = false) -> Outcome {
        let wide = Self.wide(prompt)
        promptText.deallocate()
        promptText = .allocate(capacity: wide.count)
        _ = promptText.initialize(from: wide)
        escape = .none
        self.cancellable = cancellable
        cancelled = false
        // The answer to « Quitter Lecteur ? » is no command to recall.
        let answersQuit = session.runtimeFacts.quitPending
        PromptOutput.editing(true)
        var count: Int32 = 0
        let line = el_wgets(editor, &count)
        TerminalMode.betweenLines()
        if cancelled {
            PromptOutput.editing(false)
            return .cancelled
        }
        guard let line, count > 0 else {
            // What follows (the goodbye, the shell's prompt) starts on a line of its own.
            fputs("\r\n", StandardStream.output)
            fflush(StandardStream.output)
            PromptOutput.editing(false)
            return .end
        }
        PromptOutput.editing(false)
        var text = Self.string(line, count: Int(count))
        if text.hasSuffix("\n") { text.removeLast() }
        if !answersQuit { remember(text) }
        return .line(text)
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
    private let printName: UnsafePointer<wchar_t>
    private let cancelName: UnsafePointer<wchar_t>
    private let endName: UnsafePointer<wchar_t>
    private let focusName: UnsafePointer<wchar_t>

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
    /// typed: speech stops at once, and the echo is said. Bytes come from the shared buffer, a
    /// chunk per read(2); output waiting to be printed is handed over (as `outputKey`) once every
    /// typed byte is in, so a paste is redrawn once, not once per character.
    private func readCharacter(_ character: UnsafeMutablePointer<wchar_t>?) -> Int32 {
        guard let character else { return -1 }
        while true {
            if input.isEmpty, escape == .none, PromptOutput.hasWork {
                character.pointee = Self.outputKey
                return 1
            }
            if let scalar = input.nextScalar(final: false) {
                if scalar.value == 0x1B, cancellable, escape == .none, input.isEmpty,
                   input.fill(timeoutMs: KeyInput.sequenceWait) == .timeout {
                    // Nothing followed: a lone Escape, not an arrow's first byte.
                    character.pointee = Self.cancelKey
                    return 1
                }
                character.pointee = wchar_t(bitPattern: scalar.value)
                typed(scalar)
                return 1
            }
            // A character cut short waits for its rest a moment, then is replaced.
            switch input.fill(timeoutMs: input.isEmpty ? -1 : KeyInput.sequenceWait, watchOutput: true) {
            case .bytes, .output: continue
            case .timeout:
                if let scalar = input.nextScalar(final: true) {
                    character.pointee = wchar_t(bitPattern: scalar.value)
                    typed(scalar)
                    return 1
                }
            // The reader may quit from the braille display while a line is being read here.
            case .end, .quit: return 0
            }
        }
    }

    private func typed(_ scalar: UnicodeScalar) {
        var printable: Character?
        // A sequence is one key, reported at its end: a focus report is then told from a key
        // (it must not silence speech, as a key does).
        switch escape {
        case .started:
            escape = scalar == "[" ? .bracket : scalar == "O" ? .sequence : .none
            escapeParameters = ""
            if escape != .none { return }
        case .bracket where scalar == "I" || scalar == "O":
            escape = .none
            // Inside a paste it is pasted text (issue 50, item 6).
            if !pasting { session.post(.screenReader(.terminalFocus(focused: scalar == "I"))) }
            return
        case .bracket, .sequence:
            guard (0x40...0x7E).contains(scalar.value) else {
                escape = .sequence
                if escapeParameters.unicodeScalars.count < 8 { escapeParameters.unicodeScalars.append(scalar) }
                return
            }
            escape = .none
            if scalar == "~", escapeParameters == "200" || escapeParameters == "201" {
                pasting = escapeParameters == "200"
                return
            }
        case .none:
            if scalar.value == 0x1B {
                escape = .started
                return
            } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                printable = Character(scalar)
            }
        }
        // A paste arrives in chunks: its keys are one key for the reader (speech stops once, the
        // last one is echoed), not thousands of actions queued behind each other.
        guard input.isEmpty else { return }
        session.post(.typed(printable, word: wordBeforeCursor()))
    }

    /// The longest word echoed whole; a longer one is echoed by its end. Bounded so each key
    /// costs the same whatever the line's length: rebuilding the whole line for every key made
    /// an 8 000-character paste take 31.5 s.
    static let longestEchoedWord = 256

    private func wordBeforeCursor() -> String {
        guard let info = el_wline(editor), let buffer = info.pointee.buffer, var position = info.pointee.cursor else { return "" }
        var scalars: [UnicodeScalar] = []
        while position > buffer, scalars.count < Self.longestEchoedWord {
            let scalar = UnicodeScalar(UInt32(bitPattern: position.advanced(by: -1).pointee)) ?? "\u{FFFD}"
            let character = Character(scalar)
            if character.isWhitespace || character.isPunctuation { break }
            scalars.append(scalar)
            position = position.advanced(by: -1)
        }
        var word = String.UnicodeScalarView()
        word.append(contentsOf: scalars.reversed())
        return String(word)
    }

    private func lineBeforeCursor() -> String {
        guard let info = el_wline(editor) else { return "" }
        return Self.string(info.pointee.buffer, count: info.pointee.cursor - info.pointee.buffer)
    }

    /// Tab: the core says what may follow; one candidate is written in, several have their common
    /// beginning filled in. The reader's answer (the list, in the interface's words) is printed
    /// once, above the line, and the prompt with the line is redrawn under it.
    private func complete() -> UInt8 {
        let before = lineBeforeCursor()
        // The reader says the candidates; the line is edited before they are printed above it.
        let found = session.complete(before)
        if found.candidates.count == 1 {
            replace(found.replacing, with: found.candidates[0] + " ")
        } else if found.candidates.count > 1, found.commonPrefix.count > found.replacing {
            replace(found.replacing, with: found.commonPrefix)
        }
        return PromptOutput.flush() ? UInt8(CC_REDISPLAY) : UInt8(CC_REFRESH)
    }

    private func replace(_ count: Int, with text: String) {
        if count > 0 { el_deletestr(editor, Int32(count)) }
        _ = el_winsertstr(editor, Self.wide(text))
    }

    /// Ctrl-C: speech stops and the line is emptied; « Silence. » goes above the prompt.
    private func interrupt() -> UInt8 {
        clearLine()
        session.send(.command(.stop))
        return PromptOutput.flush() ? UInt8(CC_REDISPLAY) : UInt8(CC_REFRESH)
    }

    /// Output waited: printed above the line, which is redrawn under it.
    private func printWaiting() -> UInt8 {
        PromptOutput.flush() ? UInt8(CC_REDISPLAY) : UInt8(CC_NORM)
    }

    /// Escape or Ctrl-G at a prompt that may be abandoned: the line ends empty, its row cleared
    /// (what the reader says about it is printed there).
    private func cancel() -> UInt8 {
        guard cancellable else { return UInt8(CC_NORM) }
        cancelled = true
        clearLine()
        fputs("\r\u{1B}[K", StandardStream.output)
        fflush(StandardStream.output)
        return UInt8(CC_NEWLINE)
    }

    /// Ctrl-D: on an empty line the end (libedit's own binding wrote « ^D » first); elsewhere it
    /// deletes the character under the cursor, as before.
    private func endOrDelete() -> UInt8 {
        guard let info = el_wline(editor) else { return UInt8(CC_NORM) }
        if info.pointee.lastchar == info.pointee.buffer { return UInt8(CC_EOF) }
        guard info.pointee.cursor != info.pointee.lastchar else { return UInt8(CC_NORM) }
        _ = el_cursor(editor, 1)
        el_deletestr(editor, 1)
        return UInt8(CC_REFRESH)
    }

    private func clearLine() {
        guard let info = el_wline(editor) else { return }
        let total = info.pointee.lastchar - info.pointee.buffer
        let after = info.pointee.lastchar - info.pointee.cursor
        if after > 0 { _ = el_cursor(editor, Int32(after)) }
        if total > 0 { el_deletestr(editor, Int32(total)) }
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
