// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import Testing
@testable import LecteurCore

/// System errors are worded from their codes: an errno value or SQLite's result code, never an
/// English phrase matched in a message.
@Suite struct SystemErrorCodeTests {
    @Test func anErrnoIsSummarisedByItsValue() {
        #expect(SystemErrorText.summary(errno: ENOSPC, Fixture.fr) == "disque plein")
        #expect(SystemErrorText.summary(errno: EDQUOT, Fixture.fr) == "disque plein")
        #expect(SystemErrorText.summary(errno: ENOENT, Fixture.fr) == "service absent")
        #expect(SystemErrorText.summary(errno: EACCES, Fixture.fr) == "accès refusé")
        #expect(SystemErrorText.summary(errno: EROFS, Fixture.fr) == "lecture seule")
        #expect(SystemErrorText.summary(errno: EBADF, Fixture.fr) == "erreur système")
        #expect(SystemErrorText.summary(errno: 0, Fixture.fr) == "erreur système")
    }

    @Test func aFullDiskIsATypedStorageReason() {
        #expect(StorageFaultReason.errno(ENOSPC) == .full)
        #expect(StorageFaultReason.full.message(Fixture.fr) == "disque plein")
        #expect(StorageFaultReason.system(errno: EACCES).message(Fixture.fr) == "accès refusé")
        #expect(StorageFaultReason.sqlite(code: 1).message(Fixture.fr) == "erreur système")
        #expect(!StorageFaultReason.full.condemnsFile)
    }
}
