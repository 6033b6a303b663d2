// SPDX-License-Identifier: GPL-3.0-or-later
/// Where the review cursor is: the element it was moved in, and a Character offset in its text.
public struct ReviewPosition: Hashable, Sendable {
    public var screen: ScreenID
    public var index: Int
    public var offset: Int

    public init(screen: ScreenID, index: Int, offset: Int) {
        self.screen = screen
        self.index = index
        self.offset = offset
    }
}
