#define BRLAPI_NO_DEPRECATED
#define BRLAPI_NO_SINGLE_SESSION
#include <brlapi.h>

// BrlAPI's key constants are function-like macros Swift cannot import: re-declared here.
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_TYPE_MASK = BRLAPI_KEY_TYPE_MASK;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_TYPE_CMD = BRLAPI_KEY_TYPE_CMD;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_TYPE_SYM = BRLAPI_KEY_TYPE_SYM;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CODE_MASK = BRLAPI_KEY_CODE_MASK;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_BLK_MASK = BRLAPI_KEY_CMD_BLK_MASK;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_ARG_MASK = BRLAPI_KEY_CMD_ARG_MASK;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_LNUP = BRLAPI_KEY_CMD_LNUP;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_LNDN = BRLAPI_KEY_CMD_LNDN;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_FWINLT = BRLAPI_KEY_CMD_FWINLT;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_FWINRT = BRLAPI_KEY_CMD_FWINRT;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_HOME = BRLAPI_KEY_CMD_HOME;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_RETURN = BRLAPI_KEY_CMD_RETURN;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_ROUTE = BRLAPI_KEY_CMD_ROUTE;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_SYM_LINEFEED = BRLAPI_KEY_SYM_LINEFEED;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_SYM_HOME = BRLAPI_KEY_SYM_HOME;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_SYM_BACKSPACE = BRLAPI_KEY_SYM_BACKSPACE;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_SYM_ESCAPE = BRLAPI_KEY_SYM_ESCAPE;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_SYM_UNICODE = BRLAPI_KEY_SYM_UNICODE;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_CMD_PASSDOTS = BRLAPI_KEY_CMD_PASSDOTS;
static const brlapi_keyCode_t LECTEUR_BRLAPI_DOTC = BRLAPI_DOTC;
static const brlapi_keyCode_t LECTEUR_BRLAPI_KEY_FLAGS_MASK = BRLAPI_KEY_FLAGS_MASK;

// `brlapi_error` is a macro over a per-thread location; the plain name is a different global.
static inline int lecteur_brlapi_errno(void) { return brlapi_error_location()->brlerrno; }
static inline int lecteur_brlapi_libcerrno(void) { return brlapi_error_location()->libcerrno; }
