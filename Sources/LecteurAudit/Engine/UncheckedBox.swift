// SPDX-License-Identifier: GPL-3.0-or-later
/// A value handed to another thread of the engine that the compiler cannot prove safe to share:
/// each use says why it is (a worker's own slots, a closure the caller waits for). Only the
/// engine folder uses it.
struct UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
