#include <pcaudiolib/audio.h>
#include <dlfcn.h>
#include <stddef.h>

/* When no sound server runs, pcaudiolib falls back to ALSA, whose configuration parser prints a
 * dozen "ALSA lib ..." lines on stderr for a probe that is expected to fail. ALSA reports through
 * a replaceable handler; libasound is reached with dlopen because only its runtime (no -dev
 * package, no link-time symlink) is installed, and the handler is variadic C that Swift cannot
 * write. Returns 1 when the handler was installed. */
typedef void (*lecteur_snd_lib_error_handler_t)(const char *file, int line, const char *function,
                                                int err, const char *fmt, ...);

static void lecteur_alsa_discard_error(const char *file, int line, const char *function,
                                       int err, const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

static inline int lecteur_silence_alsa_errors(void) {
    void *alsa = dlopen("libasound.so.2", RTLD_LAZY | RTLD_NOLOAD);
    if (!alsa) alsa = dlopen("libasound.so.2", RTLD_LAZY);
    if (!alsa) return 0;
    int (*set_handler)(lecteur_snd_lib_error_handler_t) =
        (int (*)(lecteur_snd_lib_error_handler_t))dlsym(alsa, "snd_lib_error_set_handler");
    if (!set_handler) return 0;
    set_handler(lecteur_alsa_discard_error);
    return 1;
}
