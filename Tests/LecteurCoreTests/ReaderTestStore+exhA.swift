// SPDX-License-Identifier: GPL-3.0-or-later
import Testing
@testable import LecteurCore

extension ReaderTestStore {
    /// Like `send(_:_:state:)`, for effects that name what the action leads to (a focus report
    /// names the screen after it): they are stated from the expected state.
    mutating func send(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation,
                       state update: (inout ReaderState) -> Void, effects: (ReaderState) -> [Effect]) {
        var expectedState = state
        update(&expectedState)
        send(action, effects(expectedState), sourceLocation: sourceLocation, state: update)
    }

    /// Like `receive(_:_:state:)`, with effects stated from the expected state.
    mutating func receive(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation,
                          state update: (inout ReaderState) -> Void, effects: (ReaderState) -> [Effect]) {
        var expectedState = state
        update(&expectedState)
        receive(action, effects(expectedState), sourceLocation: sourceLocation, state: update)
    }

    /// What is said, printed in the text transcript as `printed` (nil: the terminal shows it already,
    /// as a typed key's echo).
    static func speak(_ text: String, interrupt: Bool = true, _ priority: Utterance.Priority = .answer,
                      printed: String?) -> Effect {
        .speak(Utterance(text: text, interrupt: interrupt, priority: priority, printed: printed))
    }

    /// The focus on the element focused in `state` as the reader gives it: its report, what is
    /// said, and its braille line (`shows`, the line's text, and its cursor; nil when a message
    /// holds the display).
    /// `role`: the role word the report carries (nil for plain text).
    /// `printed`: the line the transcript prints, when the lexicon made what is said differ from it.
    /// What is said, the role word and the braille line are written out by the test (issue 51:
    /// they were built with the production `SpeechGenerator` and `BrailleGenerator`, so they could
    /// not disagree with them); the report (screen, title, index, count, element) is the golden's
    /// for the screen `state` shows and `spoken` (`FocusGolden`), no longer `builder.screen`'s.
    static func focused(_ state: ReaderState, _ spoken: String, printed: String? = nil, interrupt: Bool = true,
                        role: String?, shows braille: String?, cursor: Int = 0) -> [Effect] {
        let report = FocusGolden.report(FocusGolden.key(state, spoken), role: role)
        return [.focus(report), speak(spoken, interrupt: interrupt, printed: printed ?? spoken)]
            + (braille.map { [.braille(BrailleLine(text: $0, cursor: cursor))] } ?? [])
    }
}

extension ReaderTestStore {
    /// `said` and `saidBehind` for an effect list stated from the expected state (where the
    /// store itself cannot be read), with the fixture's reader.
    static func saying(_ code: String, _ text: String, isError: Bool = false, interrupt: Bool = false,
                       _ priority: Utterance.Priority = .answer) -> [Effect] {
        ReaderTestStore().said(code, text, isError: isError, interrupt: interrupt, priority)
    }

    static func sayingBehind(_ code: String, _ text: String, isError: Bool = false, interrupt: Bool = false,
                             _ priority: Utterance.Priority = .answer) -> [Effect] {
        ReaderTestStore().saidBehind(code, text, isError: isError, interrupt: interrupt, priority)
    }

    /// A screen opened or a tab switched to: its name (and size) said and shown, then its
    /// focused element said after it, whose line waits for the message's time.
    /// `role`: the role word of the element focused (`focused`); its line waits, so none is shown.
    static func opened(_ state: ReaderState, _ title: String, _ spoken: String, token: Int, role: String?) -> [Effect] {
        [speak(title, printed: title), message(title)] + focused(state, spoken, interrupt: false, role: role, shows: nil)
            + [.schedule(.brailleMessage(token: token), afterSeconds: 4)]
    }

    /// A message on the braille display.
    static func message(_ text: String) -> Effect { .braille(BrailleLine(text: text, cursor: 0, kind: .message)) }
}

extension ReaderTestStore {
    /// The help screen (`aide` alone) on a line-by-line input: one entry per command, French
    /// names first.
    static let commandHelp = [
        "Commandes (majuscules et accents indifférents ; les noms anglais sont aussi acceptés) :",
        "suivant, s : élément suivant",
        "précédent, p : élément précédent",
        "formation : formation suivante ou précédente, sans passer par les filtres ni les titres",
        "titre : titre suivant ou précédent",
        "aller, va : va à la formation numéro N de la liste (ou à l'élément numéro N ailleurs)",
        "chercher, recherche, / : cherche l'élément suivant qui contient le texte (aussi « /texte ») ; seul, cherche à nouveau",
        "lire, tout : lit jusqu'à la fin de l'écran (aussi « tout lire »), le focus suit la lecture ; une commande l'arrête",
        "caractère, car : dit le caractère sous le curseur de revue ; « caractère suivant » ou « caractère précédent » le déplace d'abord",
        "mot : dit le mot sous le curseur de revue ; « mot suivant » ou « mot précédent » le déplace d'abord",
        "phrase : dit la phrase sous le curseur de revue ; « phrase suivante » ou « phrase précédente » le déplace d'abord",
        "épeler, epele : épelle le mot sous le curseur de revue, lettre par lettre ; « épeler phonétique » avec l'alphabet d'épellation",
        "décrire : nomme le caractère sous le curseur de revue et donne son code",
        "premier, début : premier élément de l'écran",
        "dernier, fin : dernier élément de l'écran",
        "activer, a, ok : active l'élément (ouvre une formation, sélectionne un filtre, ouvre un symbole)",
        "retour : revient à l'écran précédent",
        "répéter, r : répète l'élément courant",
        "où, position : dit l'écran et la position (élément 3 sur 14)",
        "onglet : change d'onglet : formations ou morse",
        "filtre, filtrer : filtre les formations par catégorie (début du nom), ou « toutes »",
        "aide, ? : affiche cette aide, ou l'aide d'une commande",
        "quitter, q : quitte le lecteur",
        "réessayer : recharge les formations après une erreur",
        "actualiser, rafraîchir : recharge les formations (comme tirer pour actualiser)",
        "morse : joue un texte en Morse (morse SOS)",
        "entraînement, pratique : entraînement à l'écoute selon la méthode Koch (seuls les symboles débloqués), ou « faibles » pour revoir les moins sûrs d'entre eux ; copie : « groupes », « mots », « indicatifs », « qso » (suivi au besoin de « anglais » ou « français »), « concours » ou « texte » suivi du chemin d'un fichier",
        "envoi, envoyer : entraînement à l'envoi en Morse : rien (je nomme un caractère), « écho » (vous renvoyez ce que vous entendez) ou « libre » (envoi libre décodé)",
        "statistiques, stats : statistiques de l'entraînement Morse : réussite récente et temps de réponse par symbole, confusions",
        "progrès : progrès de l'entraînement Morse jour par jour : bonnes réponses, vitesse et temps de réponse",
        "régler, reglage : réglage : verbosité, position, message-braille, défilement-braille, ponctuation, alphabet, débit, hauteur, volume, voix, synthèse, table-braille, vitesse, farnsworth, tonalité, volume-morse, rampe, écho, clavier, koch, koch-temps, question-braille, vitesse-envoi, manipulateur, ordre-koch, longueur-groupes, bruit, brouillage, fading, parasites, flutter, pause-réflexe, temps-réflexe, temps-réflexe-toucher, rythme-questions, wordsworth, vitesse-réflexe ; « régler NOM » seul dit la valeur, « régler » seul ouvre l'écran des réglages",
        "silence, tais-toi, chut, stop : fait taire la parole et le son sans bouger ; termine l'entraînement",
        "historique : redit les dernières annonces",
        "état, diagnostic : dit l'état du son, de la parole et de la plage braille",
        "débit : débit de la parole : une valeur, ou +20 / -20 pour aller plus vite ou moins vite",
        "volume : volume de la parole : une valeur, ou +10 / -10",
        "plus : plus vite, plus fort",
        "moins : moins vite, moins fort",
        "réflexe, réflexes : réflexes Morse (reconnaissance instantanée) sur les symboles appris : « passif » (le caractère, une pause, puis son nom) ou « actif » (tapez-le à temps)",
        "Une ligne vide ne fait rien : activer un élément demande « activer » (ou « a »).",
    ]

    /// On a terminal in keys mode, the key table comes before the commands.
    static let keyHelp = [
        "Touches (mode touches) :",
        "Flèche bas : élément suivant.",
        "Flèche haut : élément précédent.",
        "Flèche droite : caractère suivant dans l'élément.",
        "Flèche gauche : caractère précédent dans l'élément.",
        "Contrôle flèche droite : mot suivant dans l'élément.",
        "Contrôle flèche gauche : mot précédent dans l'élément.",
        "Origine : premier élément.",
        "Fin : dernier élément.",
        "Entrée : activer.",
        "Échap ou Retour arrière : retour.",
        "h : titre suivant.",
        "H majuscule : titre précédent.",
        "f : formation suivante.",
        "F majuscule : formation précédente.",
        "c : filtre suivant.",
        "C majuscule : filtre précédent.",
        "Barre oblique : chercher un texte.",
        "Deux-points : taper une commande.",
        "Point d'interrogation : aide.",
        "q : quitter, après confirmation.",
        "Contrôle C : silence.",
        "Contrôle D : quitter.",
    ] + commandHelp
}

extension ReaderTestStore {
    /// A step that moves the focus to element `index` of `screen`: the element is said and
    /// remembered, and shown (a message on the display gives way to it).
    /// `role`, `shows`, `cursor`: the element's role word and braille line, written out (`focused`).
    mutating func send(_ action: Action, focusing index: Int, on screen: ScreenID, _ spoken: String,
                       role: String?, shows: String, cursor: Int = 0, sourceLocation: SourceLocation = #_sourceLocation) {
        send(action, sourceLocation: sourceLocation, state: {
            $0.navigation.focus[screen] = index
            $0.display.message = nil
            $0.announcement.history.append(spoken)
        }, effects: { Self.focused($0, spoken, role: role, shows: shows, cursor: cursor) })
    }

    /// A step that opens `screen` on the tab shown, on its first element: its name said and
    /// shown (`opened`), then the element said.
    mutating func send(_ action: Action, opening screen: ScreenID, _ title: String, _ spoken: String, token: Int,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        send(action, sourceLocation: sourceLocation, state: {
            $0.navigation.stacks[$0.navigation.tab, default: []].append(screen)
            $0.navigation.focus[screen] = 0
            $0.display.message = title
            // A screen's name flashes: the focused element follows it without a key.
            $0.display.messageStays = false
            $0.display.token = token
            $0.announcement.history += [title, spoken]
        }, effects: { Self.opened($0, title, spoken, token: token, role: "titre") })
    }

    /// `aide` alone: the help screen opened on the tab shown, listing `entries`; its name and
    /// size are said and shown but not remembered (the history would fill with titles).
    mutating func send(_ action: Action, openingHelp entries: [String], _ title: String, token: Int,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        send(action, sourceLocation: sourceLocation, state: {
            $0.navigation.stacks[$0.navigation.tab, default: []].append(.help)
            $0.navigation.focus[.help] = 0
            $0.display.message = title
            // A screen's name flashes: the focused element follows it without a key.
            $0.display.messageStays = false
            $0.display.token = token
            $0.announcement.history.append(entries[0])
            $0.lists.helpEntries = entries
        }, effects: { Self.opened($0, title, entries[0], token: token, role: nil) })
    }

    /// A filter chosen on the list (`nil`: all formations): how many it leaves is said and
    /// shown, then the list's heading is focused and said after it.
    mutating func send(_ action: Action, filtering key: CategoryKey?, _ count: String, _ heading: String, token: Int,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        send(action, sourceLocation: sourceLocation, state: {
            $0.navigation.filter = key
            // The heading's place on the list, from the golden's report for it (not `builder.screen`).
            $0.navigation.focus[.formations] = FocusGolden.report(FocusGolden.key($0, heading), role: "titre").index - 1
            Self.remembered("filter", count, token: token)(&$0)
            $0.display.messageStays = true
            $0.announcement.history.append(heading)
        }, effects: {
            // The count is the answer: it stays on the display until a key.
            Self.saying("filter", count, interrupt: true) + Self.focused($0, heading, interrupt: false, role: "titre", shows: nil)
        })
    }

    /// A chip activated: it says its new state, then how many formations the filter (`nil`:
    /// none) leaves, said and shown.
    /// `shows`: the chip's braille line, written out (`focused`); a chip is a button, its cursor
    /// on the selection marker.
    mutating func send(_ action: Action, choosingChip key: CategoryKey?, _ chip: String, _ count: String, token: Int,
                       shows: String, sourceLocation: SourceLocation = #_sourceLocation) {
        send(action, sourceLocation: sourceLocation, state: {
            $0.navigation.filter = key
            $0.announcement.history.append(chip)
            Self.remembered("filter", count, token: token)(&$0)
            $0.display.messageStays = true
        }, effects: {
            Self.focused($0, chip, role: "bouton", shows: shows, cursor: 4) + Self.saying("filter", count)
        })
    }

    /// The catalogue failing to load while the display is free: the error said and shown,
    /// « Réessayer » focused under it and said after it.
    mutating func send(_ action: Action, failing message: String, token: Int,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        let retry = "Réessayer, bouton. Recharge les formations"
        send(action, sourceLocation: sourceLocation, state: {
            if case .catalogue(.failed(let fault)) = action { $0.catalogue.status = .failed(fault) }
            $0.navigation.focus[.formations] = 1
            Self.remembered("catalogue", message, isError: true, token: token)(&$0)
            $0.announcement.history.append(retry)
        }, effects: {
            Self.saying("catalogue", message, isError: true, .error) + Self.focused($0, retry, interrupt: false, role: "bouton", shows: nil)
                + [.schedule(.brailleMessage(token: token), afterSeconds: 4)]
        })
    }

    /// The first switch to the Morse tab: its name and size said and shown, then its first
    /// symbol said after it.
    mutating func sendFirstMorseTab(token: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let title = "Apprendre, 54 symboles"
        let first = "A, point, trait, pas encore pratiqué, bouton, symbole 1 sur 54. Ouvre la fiche de ce symbole"
        send(.command(.tab(.morse)), sourceLocation: sourceLocation, state: {
            $0.navigation.tab = .morse
            $0.navigation.focus[.morse] = 0
            $0.display.message = title
            // A screen's name flashes: the focused element follows it without a key.
            $0.display.messageStays = false
            $0.display.token = token
            $0.announcement.history += [title, first]
        }, effects: { Self.opened($0, title, first, token: token, role: "bouton") })
    }
}
