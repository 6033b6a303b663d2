#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
   wrapper per argument type used. */
typedef size_t (*lecteur_curl_write_fn)(char *data, size_t size, size_t count, void *user);

static inline CURLcode lecteur_curl_set_long(CURL *h, CURLoption option, long value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode lecteur_curl_set_off(CURL *h, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode lecteur_curl_set_string(CURL *h, CURLoption option, const char *value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode lecteur_curl_set_list(CURL *h, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode lecteur_curl_set_pointer(CURL *h, CURLoption option, void *value) {
    return curl_easy_setopt(h, option, value);
}
static inline CURLcode lecteur_curl_set_write(CURL *h, lecteur_curl_write_fn fn) {
    return curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, fn);
}
static inline CURLcode lecteur_curl_response_code(CURL *h, long *code) {
    return curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, code);
}
static inline CURLcode lecteur_curl_global_init(void) {
    return curl_global_init(CURL_GLOBAL_DEFAULT);
}
/* CURLMsg's result sits in a union Swift reads awkwardly. */
static inline CURLcode lecteur_curl_msg_result(const CURLMsg *msg) {
    return msg->data.result;
}
