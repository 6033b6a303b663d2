// SPDX-License-Identifier: GPL-3.0-or-later
/// Real copy material and the « Progrès » screen: the steps between a command, the runtime's
/// answer (a file read, storage's days) and the exercise or screen that opens.
extension Reader {
    /// `entraînement texte CHEMIN`: the runtime reads the file; nothing is said until it has.
    func readCopyText(_ path: String, _ state: inout ReaderState, _ out: inout Announcer) {
        guard !path.isEmpty else {
            out.error("copy.text", strings(.morseMaterialTextNoPath))
            return
        }
        out.append(.readCopyText(path: path))
    }

    /// The file came back: cleaned and cut into copies (`CopyText`), scored like groups; a file
    /// that could not be read, or that holds nothing Morse sends, is said in one sentence.
    func copyTextRead(_ path: String, _ result: Result<String, InputFileError>, _ state: inout ReaderState,
                      _ out: inout Announcer) {
        // The path is outside text too: quoted only once cleaned, and whole (the file's name is
        // at its end, where a shortened path would cut it).
        let shown = TextSanitizer.cleanField(path).text
        switch result {
        case .failure(let error):
            out.error("copy.text", strings(.morseMaterialTextUnreadable, ["path": shown, "reason": error.reason(strings)]))
        case .success(let text):
            let material = CopyText.material(text, alphabet: navigator.builder.alphabet)
            guard !material.rounds.isEmpty else {
                out.error("copy.text", strings(.morseMaterialTextNothing, ["path": shown]))
                return
            }
            if material.leftOut > 0 {
                out.notice("copy.text", strings(.morseMaterialTextCut, ["count": "\(material.rounds.count)",
                                                                        "left": "\(material.leftOut)"]))
            }
            scope(.exercise(.start(.copying(.text, count: material.rounds.count, seed: 0, kochLevel: kochLevel(state),
                                            text: material.rounds))), &state, &out)
        }
    }

    /// `progrès`' answer: none recorded is one message; else the « Progrès » screen, a line per
    /// day, read element by element like « Statistiques ».
    func showProgress(_ days: [PracticeDay], _ state: inout ReaderState, _ out: inout Announcer) {
        let lines = PracticeProgress.lines(days, strings)
        guard days.contains(where: \.practised) else {
            out.notice("progress", lines.joined(separator: " "))
            return
        }
        scope(.lists(.openProgress(lines: lines)), &state, &out)
    }
}
