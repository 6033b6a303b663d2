// SPDX-License-Identifier: GPL-3.0-or-later
import LecteurCore

/// A screen's elements as the audit reads them: the reader's own list (a long list's cards made
/// when read), or the same elements all made ahead, on every core, for a long list whose cards
/// are read twice (by the rules comparing them, then by the checks). Where the cards start is the
/// reader's list's either way.
public struct AuditElements: RandomAccessCollection, Sendable {
    private let list: ElementList
    private let made: [Element]?
    public let firstCardIndex: Int?

    public init(_ list: ElementList) {
        self.list = list
        self.made = nil
        self.firstCardIndex = list.firstCardIndex
    }

    /// `list`'s elements, made ahead (`made[i]` is `list[i]`).
    init(made: [Element], of list: ElementList) {
        precondition(made.count == list.count, "every element of the list made")
        self.list = list
        self.made = made
        self.firstCardIndex = list.firstCardIndex
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { list.count }
    public subscript(position: Int) -> Element {
        if let made { return made[position] }
        return list[position]
    }
}
