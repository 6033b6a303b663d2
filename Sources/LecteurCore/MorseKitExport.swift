// SPDX-License-Identifier: GPL-3.0-or-later
// The Morse alphabet, timing, keyer and the values the trainer keeps are MorseKit's, a module
// that depends on nothing of the reader's (issue 47). The core re-exports it so that every
// module that imports the core sees them as before, without naming MorseKit.
@_exported import MorseKit
