#include <curl/curl.h>
#include <dlfcn.h>

/* libcurl is opened when the first transfer starts (`lecteur --catalog https://…`), not linked:
   with the TLS, Kerberos, LDAP and SSH libraries it brings, it was some 17 million instructions
   and 6 MB of memory at every start of every command, which almost never fetches anything
   (issue 49). Without the library a transfer fails as a network error (lecteur_curl_global_init
   is the gate: HTTPAttempt calls nothing else before it has succeeded).

   Each wrapper finds its function once; the atomics make that safe from any thread. */
static inline void *lecteur_curl_symbol(const char *name) {
    static void *library = NULL;
    void *handle = __atomic_load_n(&library, __ATOMIC_ACQUIRE);
    if (handle == NULL) {
        handle = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
        if (handle == NULL) return NULL;
        __atomic_store_n(&library, handle, __ATOMIC_RELEASE);
    }
    return dlsym(handle, name);
}

#define LECTEUR_CURL_FUNCTION(name) \
    static __typeof__(&name) function = NULL; \
    __typeof__(&name) found = __atomic_load_n(&function, __ATOMIC_ACQUIRE); \
    if (found == NULL) { \
        found = (__typeof__(&name))lecteur_curl_symbol(#name); \
        __atomic_store_n(&function, found, __ATOMIC_RELEASE); \
    }

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
   wrapper per argument type used. */
typedef size_t (*lecteur_curl_write_fn)(char *data, size_t size, size_t count, void *user);

static inline CURLcode lecteur_curl_setopt_long(CURL *h, CURLoption option, long value) {
    LECTEUR_CURL_FUNCTION(curl_easy_setopt)
    return found ? found(h, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode lecteur_curl_set_long(CURL *h, CURLoption option, long value) {
    return lecteur_curl_setopt_long(h, option, value);
}
static inline CURLcode lecteur_curl_set_off(CURL *h, CURLoption option, curl_off_t value) {
    LECTEUR_CURL_FUNCTION(curl_easy_setopt)
    return found ? found(h, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode lecteur_curl_set_string(CURL *h, CURLoption option, const char *value) {
    LECTEUR_CURL_FUNCTION(curl_easy_setopt)
    return found ? found(h, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode lecteur_curl_set_list(CURL *h, CURLoption option, struct curl_slist *value) {
    LECTEUR_CURL_FUNCTION(curl_easy_setopt)
    return found ? found(h, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode lecteur_curl_set_pointer(CURL *h, CURLoption option, void *value) {
    LECTEUR_CURL_FUNCTION(curl_easy_setopt)
    return found ? found(h, option, value) : CURLE_FAILED_INIT;
}
static inline CURLcode lecteur_curl_set_write(CURL *h, lecteur_curl_write_fn fn) {
    LECTEUR_CURL_FUNCTION(curl_easy_setopt)
    return found ? found(h, CURLOPT_WRITEFUNCTION, fn) : CURLE_FAILED_INIT;
}
static inline CURLcode lecteur_curl_response_code(CURL *h, long *code) {
    LECTEUR_CURL_FUNCTION(curl_easy_getinfo)
    return found ? found(h, CURLINFO_RESPONSE_CODE, code) : CURLE_FAILED_INIT;
}
static inline CURLcode lecteur_curl_global_init(void) {
    LECTEUR_CURL_FUNCTION(curl_global_init)
    return found ? found(CURL_GLOBAL_DEFAULT) : CURLE_FAILED_INIT;
}
/* CURLMsg's result sits in a union Swift reads awkwardly. */
static inline CURLcode lecteur_curl_msg_result(const CURLMsg *msg) {
    return msg->data.result;
}

static inline CURL *lecteur_curl_easy_init(void) {
    LECTEUR_CURL_FUNCTION(curl_easy_init)
    return found ? found() : NULL;
}
static inline void lecteur_curl_easy_cleanup(CURL *h) {
    LECTEUR_CURL_FUNCTION(curl_easy_cleanup)
    if (found) found(h);
}
static inline struct curl_slist *lecteur_curl_slist_append(struct curl_slist *list, const char *text) {
    LECTEUR_CURL_FUNCTION(curl_slist_append)
    return found ? found(list, text) : NULL;
}
static inline void lecteur_curl_slist_free_all(struct curl_slist *list) {
    LECTEUR_CURL_FUNCTION(curl_slist_free_all)
    if (found) found(list);
}
static inline CURLM *lecteur_curl_multi_init(void) {
    LECTEUR_CURL_FUNCTION(curl_multi_init)
    return found ? found() : NULL;
}
static inline CURLMcode lecteur_curl_multi_add_handle(CURLM *multi, CURL *h) {
    LECTEUR_CURL_FUNCTION(curl_multi_add_handle)
    return found ? found(multi, h) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode lecteur_curl_multi_remove_handle(CURLM *multi, CURL *h) {
    LECTEUR_CURL_FUNCTION(curl_multi_remove_handle)
    return found ? found(multi, h) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode lecteur_curl_multi_cleanup(CURLM *multi) {
    LECTEUR_CURL_FUNCTION(curl_multi_cleanup)
    return found ? found(multi) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode lecteur_curl_multi_perform(CURLM *multi, int *running) {
    LECTEUR_CURL_FUNCTION(curl_multi_perform)
    return found ? found(multi, running) : CURLM_INTERNAL_ERROR;
}
static inline CURLMsg *lecteur_curl_multi_info_read(CURLM *multi, int *left) {
    LECTEUR_CURL_FUNCTION(curl_multi_info_read)
    return found ? found(multi, left) : NULL;
}
static inline CURLMcode lecteur_curl_multi_poll(CURLM *multi, struct curl_waitfd *fds, unsigned int count, int timeout, int *numfds) {
    LECTEUR_CURL_FUNCTION(curl_multi_poll)
    return found ? found(multi, fds, count, timeout, numfds) : CURLM_INTERNAL_ERROR;
}
static inline CURLMcode lecteur_curl_multi_wakeup(CURLM *multi) {
    LECTEUR_CURL_FUNCTION(curl_multi_wakeup)
    return found ? found(multi) : CURLM_INTERNAL_ERROR;
}
