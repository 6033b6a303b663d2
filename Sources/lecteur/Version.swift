// SPDX-License-Identifier: GPL-3.0-or-later
import Foundation
import LecteurApp
import LecteurCore

/// `lecteur --version`; the Makefile, the man pages and the Debian changelog take it from here.
let lecteurVersion = "0.15.0"

/// Where bugs are reported, as `--help` ends: the Debian package's `Maintainer` address
/// (debian/control), the one contact the project declares (`DistributionTests` holds the two
/// together).
let lecteurBugAddress = "maintainers@users.noreply.a-seed-dcc62cd9.example"

/// `lecteur --version` in the GNU form: name and version, copyright, licence, no warranty.
func versionText() -> String {
    guard Localization.dataFound, let strings = try? localeStrings(nil) else { return DataFolder.versionFallback }
    return CLIMessages.version(lecteurVersion, strings)
}

/// What the program says when its strings and lexicons are not where it looks (a binary copied
/// alone, a half-removed install). These are the only sentences not read from `Locales/`: that
/// folder is what is missing. French, or English when the environment asks for it.
enum DataFolder {
    /// The French text of `dist.version` in Locales/fr/dist.json (a test compares the two).
    static let versionFallback = """
        lecteur (Lecteur) \(lecteurVersion)
        Copyright © 2026 les auteurs de Lecteur.
        Licence GPLv3+ : GNU GPL version 3 ou ultérieure <https://gnu.org/licenses/gpl.html>.
        Ceci est un logiciel libre : vous êtes libre de le modifier et de le redistribuer.
        Il n'y a AUCUNE GARANTIE, dans les limites permises par la loi.
        """

    /// EX_OSFILE: a file the program needs is missing.
    static let exitCode: Int32 = 72

    static func missingMessage(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let given = environment["LECTEUR_DATA_DIR"].flatMap { $0.isEmpty ? nil : $0 }
        let english = Localization.environmentLocale(environment) == "en"
        switch (given, english) {
        case (let dir?, false):
            return "lecteur : les chaînes et lexiques sont introuvables dans « \(dir)/locales » (LECTEUR_DATA_DIR). "
                + "Donnez à LECTEUR_DATA_DIR le dossier share/lecteur de l'installation, ou retirez cette variable."
        case (let dir?, true):
            return "lecteur: the strings and lexicons are not in “\(dir)/locales” (LECTEUR_DATA_DIR). "
                + "Set LECTEUR_DATA_DIR to the share/lecteur folder of the installation, or unset it."
        case (nil, false):
            return "lecteur : les chaînes et lexiques de Lecteur sont introuvables (ils sont installés dans "
                + "PREFIX/share/lecteur/locales, à côté de PREFIX/bin/lecteur). Réinstallez Lecteur (make install, "
                + "ou le paquet lecteur), ou donnez leur dossier share/lecteur dans LECTEUR_DATA_DIR."
        case (nil, true):
            return "lecteur: Lecteur's strings and lexicons are missing (they are installed in "
                + "PREFIX/share/lecteur/locales, beside PREFIX/bin/lecteur). Reinstall Lecteur (make install, "
                + "or the lecteur package), or give their share/lecteur folder in LECTEUR_DATA_DIR."
        }
    }
}
