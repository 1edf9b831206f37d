#ifndef FLIPBOOK_CURL_SHIM_H
#define FLIPBOOK_CURL_SHIM_H
#include <stddef.h>
#include <stdint.h>

// One HTTP(S) request through libcurl, which is loaded (dlopen) on the first request, not at
// start-up: libcurl and the two dozen libraries it needs (TLS, Kerberos, LDAP) are mapped only by
// a build that talks to an https:// cache, not by every command.

/// How a request ended.
typedef enum {
    FB_CURL_ANSWERED = 0,    ///< An HTTP answer came whole: `status` and `body` hold it.
    FB_CURL_UNAVAILABLE = 1, ///< libcurl could not be loaded (`message` says why).
    FB_CURL_SILENT = 2,      ///< Nothing arrived for the silence allowed, before any of the answer.
    FB_CURL_STALLED = 3,     ///< Part of the answer came, then nothing for the silence allowed.
    FB_CURL_OVER_LIMIT = 4,  ///< The whole exchange took longer than its limit.
    FB_CURL_TOO_LARGE = 5,   ///< The answer's body is over `body_limit` bytes.
    FB_CURL_FAILED = 6,      ///< Any other failure (`message`: libcurl's words).
    FB_CURL_UNTRUSTED = 7,   ///< The server's certificate was not trusted, or the authorities could not be read (`message`: libcurl's words).
} fb_curl_outcome;

/// The answer to one request. `body` is the library's (malloc); free it with `fb_curl_free`.
typedef struct {
    long status;
    uint8_t *body;
    size_t body_length;
    char message[256];
} fb_curl_answer;

/// Sends `method` ("GET" or "PUT"; a PUT sends `body`) to `url` with `header_count` header lines
/// ("Name: value"), waiting at most `silence_ms` for the connection and for any stretch without a
/// body byte sent or received or a head line received, and `limit_ms` for all of it.
/// Only http and https, no redirects followed. The CA bundle is libcurl's, or `ca_file` when not
/// NULL. Fills `answer` and returns how it ended.
fb_curl_outcome fb_curl_send(const char *method, const char *url, const char *const *headers, int header_count,
                             const uint8_t *body, size_t body_length, long silence_ms, long limit_ms,
                             size_t body_limit, const char *ca_file, fb_curl_answer *answer);

/// Frees an answer's body.
void fb_curl_free(fb_curl_answer *answer);

#endif
