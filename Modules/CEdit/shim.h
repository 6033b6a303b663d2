// libedit (BSD), wide-character API. el_wset and history_w are variadic, which Swift cannot
// call: each use the reader makes is a small typed wrapper here.
#include <histedit.h>
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>

typedef unsigned char (*lecteur_el_function)(EditLine *, int);
typedef wchar_t *(*lecteur_el_prompt)(EditLine *);

static inline int lecteur_el_set_prompt(EditLine *el, lecteur_el_prompt prompt) {
    return el_wset(el, EL_PROMPT, prompt);
}
static inline int lecteur_el_set_editor(EditLine *el, const wchar_t *mode) {
    return el_wset(el, EL_EDITOR, mode);
}
/// The editor's owner, which libedit's callbacks (given only the EditLine) find again.
static inline int lecteur_el_set_client_data(EditLine *el, void *data) {
    return el_wset(el, EL_CLIENTDATA, data);
}
static inline void *lecteur_el_client_data(EditLine *el) {
    void *data = NULL;
    return el_wget(el, EL_CLIENTDATA, &data) == 0 ? data : NULL;
}
static inline int lecteur_el_set_getc(EditLine *el, el_rfunc_t getc) {
    return el_wset(el, EL_GETCFN, getc);
}
static inline int lecteur_el_add_function(EditLine *el, const wchar_t *name, const wchar_t *help, lecteur_el_function f) {
    return el_wset(el, EL_ADDFN, name, help, f);
}
static inline int lecteur_el_bind(EditLine *el, const wchar_t *keys, const wchar_t *function) {
    return el_wset(el, EL_BIND, keys, function, (const wchar_t *)NULL);
}
static inline int lecteur_el_set_history(EditLine *el, HistoryW *history) {
    return el_wset(el, EL_HIST, history_w, history);
}
/// Ctrl-C and Ctrl-D reach the editor as keys, not as signals, while a line is edited.
static inline int lecteur_el_keep_signals_as_keys(EditLine *el) {
    return el_wset(el, EL_SETTY, L"-d", L"-isig", (const wchar_t *)NULL);
}
static inline int lecteur_history_set_size(HistoryW *h, HistEventW *ev, int size) {
    return history_w(h, ev, H_SETSIZE, size);
}
static inline int lecteur_history_set_unique(HistoryW *h, HistEventW *ev, int unique) {
    return history_w(h, ev, H_SETUNIQUE, unique);
}
static inline int lecteur_history_enter(HistoryW *h, HistEventW *ev, const wchar_t *line) {
    return history_w(h, ev, H_ENTER, line);
}
static inline int lecteur_history_load(HistoryW *h, HistEventW *ev, const char *path) {
    return history_w(h, ev, H_LOAD, path);
}
static inline int lecteur_history_save(HistoryW *h, HistEventW *ev, const char *path) {
    return history_w(h, ev, H_SAVE, path);
}
/* Into a stream the caller opened (a temporary file it checks, syncs and renames). */
static inline int lecteur_history_save_fp(HistoryW *h, HistEventW *ev, FILE *fp) {
    return history_w(h, ev, H_SAVE_FP, fp);
}
