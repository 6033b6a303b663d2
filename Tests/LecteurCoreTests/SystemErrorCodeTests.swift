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

    /// No raw errno in a message: a file that cannot be written for a reason without a sentence
    /// of its own says the reason in words (it said « (errno 5) »).
    @Test func anOutputFileFailureSaysItsReasonInWords() {
        #expect(OutputFileError(path: "son.wav", errno: EIO).message(Fixture.fr)
                == "Impossible d'écrire le fichier « son.wav » (erreur système).")
        #expect(OutputFileError(path: "-", errno: EPIPE) == .readerGone(path: "-"))
        for code in [EIO, EPIPE, EBADF, EINVAL, ENXIO] {
            #expect(!OutputFileError(path: "x", errno: code).message(Fixture.fr).contains("errno"))
        }
    }
}

