// SPDX-License-Identifier: GPL-3.0-or-later
#if canImport(Glibc)
@preconcurrency import Glibc
#else
@preconcurrency import Darwin
#endif

/// The C library's standard streams, for `fputs`/`fflush` and libedit. Swift 6 sees `stdin`,
/// `stdout` and `stderr` as mutable C globals; the C library sets them before `main` and nothing
/// here assigns them, so reading them from any thread is safe. This is the one place that says so.
public enum StandardStream {
    public static var input: UnsafeMutablePointer<FILE> { stdin }
    public static var output: UnsafeMutablePointer<FILE> { stdout }
    public static var error: UnsafeMutablePointer<FILE> { stderr }
}
