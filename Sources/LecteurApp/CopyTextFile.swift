// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurCore
import LecteurFiles

extension ReaderSession {
    /// `entraînement texte CHEMIN`'s file: through the bounded reader (a FIFO or a device is
    /// never read, a file past `CopyText.fileLimit` never loaded), decoded as UTF-8 with bad
    /// bytes replaced; the core cleans it. « ~/ » is the user's home, as a shell would read it.
    static func readText(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment)
        -> Result<String, InputFileError> {
        var resolved = path
        if path == "~" || path.hasPrefix("~/"), let home = UserHome.resolve(environment).path {
            resolved = home + path.dropFirst()
        }
        do {
            let data = try InputFile.read(resolved, limit: CopyText.fileLimit)
            return .success(String(decoding: data, as: UTF8.self))
        } catch {
            return .failure(error)
        }
    }
}
