// SPDX-License-Identifier: GPL-3.0-or-later
/// The commands given by pressing the space bar with dots on a braille keyboard, after NVDA's
/// standard HID braille bindings (space+dot1 up, space+dot4 down, space+dots1-5 « e » escape,
/// space+dots4-6 tab, space+dots1-3 shift+tab, all six dots say all) and, for the rest, the
/// letter of the command as BrailleNote does (h help, f find, r repeat, s stop, o « où »).
/// A chord brltty binds to one of its own commands never reaches the reader.
public enum BrailleChords {
    /// What a chord asks for.
    public enum Request: Hashable, Sendable {
        case command(Command)
        /// The other tab (Formations ↔ Apprendre), as Tab and Shift+Tab cycle.
        case otherTab
        /// Type the text to search for on the display.
        case search
    }

    public struct Entry: Hashable, Sendable {
        /// Dots pressed with the space bar (bit 0 = dot 1).
        public let dots: UInt8
        public let request: Request
        public let help: L10n
    }

    public static let entries: [Entry] = [
        Entry(dots: 0b0000_0001, request: .command(.previous), help: .brailleInputChordPrevious),
        Entry(dots: 0b0000_1000, request: .command(.next), help: .brailleInputChordNext),
        Entry(dots: 0b0001_0001, request: .command(.back), help: .brailleInputChordBack),
        Entry(dots: 0b0010_1000, request: .otherTab, help: .brailleInputChordTab),
        Entry(dots: 0b0000_0101, request: .otherTab, help: .brailleInputChordTabBack),
        Entry(dots: 0b0001_0101, request: .command(.whereAmI), help: .brailleInputChordWhere),
        Entry(dots: 0b0001_0011, request: .command(.help(topic: nil)), help: .brailleInputChordHelp),
        Entry(dots: 0b0000_1110, request: .command(.stop), help: .brailleInputChordStop),
        Entry(dots: 0b0001_0111, request: .command(.repeatMessage), help: .brailleInputChordRepeat),
        Entry(dots: 0b0011_1111, request: .command(.readAll), help: .brailleInputChordReadAll),
        Entry(dots: 0b0000_1011, request: .search, help: .brailleInputChordSearch),
    ]

    public static func request(for dots: UInt8) -> Request? {
        entries.first { $0.dots == dots }?.request
    }

    /// "1, 2, 5": the dots of a cell, one by one (« 1-2-5 » would be read « 1 à 2 à 5 »).
    public static func dotNumbers(_ dots: UInt8) -> String {
        (0..<8).filter { dots & (1 << $0) != 0 }.map { String($0 + 1) }.joined(separator: ", ")
    }
}
