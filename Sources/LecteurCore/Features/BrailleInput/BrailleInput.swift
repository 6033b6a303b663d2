// SPDX-License-Identifier: GPL-3.0-or-later
/// What the keyboard of a braille display typed, as the BrlAPI adapter reads it: the reader
/// builds a command line from it, shown on the display while it is typed.
public enum BrailleInput: Hashable, Sendable {
    /// A character: from brltty's text table (a display that sends characters) or from a
    /// keyboard attached to the display.
    case character(Character)
    /// One cell typed on the braille keyboard (bit 0 = dot 1 … bit 7 = dot 8, as BrlAPI and
    /// Unicode braille count); 0 is the space bar alone. Translated back in the user's table.
    case dots(UInt8)
    /// Dots pressed together with the space bar: a command (`BrailleChords`).
    case chord(UInt8)
    case backspace
    case enter
    case escape
}

/// The line being typed on the braille keyboard.
public struct BrailleInputState: Hashable, Sendable {
    /// What the typed line is for.
    public enum Purpose: Hashable, Sendable {
        /// A command, run as if typed on the terminal (a practice answer too).
        case command
        /// The text to search for (the search chord): Enter searches for it.
        case search
    }

    /// nil while nothing is being typed: the display shows the focus or a message.
    public var purpose: Purpose?
    /// The words already ended by a space (or typed as characters).
    public var committed = ""
    /// The cells of the word being typed, translated back as a whole at every cell: in
    /// contracted braille a word only means something once it is complete.
    public var cells: [UInt8] = []
    /// The last back-translation the device gave: of `cells`, or of the cells before the last
    /// key (what the echo compares with).
    public var translated: Translation?
    /// The display's keyboard has been used this session: `aide` lists its chords first.
    public var keyboardUsed = false
    /// The line reached a limit and it was said: said once a line, not once a key.
    public var limitSaid = false

    /// The longest line typed on the display, in characters: as a command it is read like a
    /// terminal line. Without a bound, cells typed fast without a space would have every cell
    /// translate the whole word back again and grow the transcript by the whole line.
    public static let maximumCharacters = 1_000
    /// The longest word, in cells: a contracted word is translated back whole at every cell.
    public static let maximumWordCells = 100

    public init() {}

    /// Nothing typed any more (the line ran, or was abandoned).
    public mutating func clear() {
        purpose = nil
        committed = ""
        cells = []
        translated = nil
        limitSaid = false
    }

    /// Whether one more character or cell fits.
    public var isFull: Bool {
        length >= Self.maximumCharacters || cells.count >= Self.maximumWordCells
    }

    /// The line's length in characters as far as it is known: a contracted word counts what it
    /// was last translated back to (« ⠟⠋ » is « quelquefois », 11), not its cells; counting
    /// cells let a line of short contracted words pass 1 000 characters (1 008 seen).
    public var length: Int {
        committed.count + max(cells.count, translated?.text.count ?? 0)
    }

    public struct Translation: Hashable, Sendable {
        public var cells: [UInt8]
        public var text: String
    }

    /// The typed line as it stands (cells not translated back are kept as Unicode braille).
    public var text: String {
        guard !cells.isEmpty else { return committed }
        // A prefix alone (⠠, ⠨) translates back to nothing until its letter comes: its cell
        // stays on the line as typed, never an empty line, never dropped.
        if let translated, translated.cells == cells, !translated.text.isEmpty { return committed + translated.text }
        return committed + String(String.UnicodeScalarView(cells.map { Unicode.Scalar(0x2800 + UInt32($0))! }))
    }
}
