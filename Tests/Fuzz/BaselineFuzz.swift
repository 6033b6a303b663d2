// SPDX-License-Identifier: GPL-3.0-or-later
// fuzz-build: Sources/LecteurAudit/Output/AuditBaseline.swift Sources/LecteurAudit/Formats/AuditMarkup.swift
import Foundation
import LecteurCore

/// Fuzz target `baseline`: any bytes as an `audit --baseline` file. It must not crash; a file
/// that reads gives a baseline whose every fingerprint is 32 hexadecimal digits, and writing it
/// back (`--write-baseline`) and reading that again gives the same baseline.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBaseline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let baseline = try? AuditBaseline.read(Data(Fuzz.bytes(data, size))) else { return 0 }
    Fuzz.check(baseline.entries.allSatisfy { $0.fingerprint.count == 32 && $0.fingerprint.allSatisfy(\.isHexDigit) },
               "a fingerprint that is not 32 hex digits")
    let again = try? AuditBaseline.read(Data(baseline.serialized().utf8))
    Fuzz.check(again == baseline, "the baseline written back does not read back the same")
    return 0
}
