#include "fb_curl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// libcurl's ABI (soname 4, stable since 2006): the option and info numbers below are curl.h's
// (7.88), written out so that building Flipbook needs no libcurl headers; the library itself is
// looked up when the first request is sent.
enum {
    OPT_WRITEDATA = 10001,
    OPT_URL = 10002,
    OPT_READDATA = 10009,
    OPT_ERRORBUFFER = 10010,
    OPT_WRITEFUNCTION = 20011,
    OPT_READFUNCTION = 20012,
    OPT_HEADERDATA = 10029,
    OPT_HEADERFUNCTION = 20079,
    OPT_NOPROGRESS = 43,
    OPT_XFERINFODATA = 10057,
    OPT_XFERINFOFUNCTION = 20219,
    OPT_HTTPHEADER = 10023,
    OPT_UPLOAD = 46,
    OPT_FOLLOWLOCATION = 52,
    OPT_CAINFO = 10065,
    OPT_HTTPGET = 80,
    OPT_NOSIGNAL = 99,
    OPT_INFILESIZE_LARGE = 30115,
    OPT_TIMEOUT_MS = 155,
    OPT_CONNECTTIMEOUT_MS = 156,
    OPT_PROTOCOLS = 181,        // a bit mask; CURLOPT_PROTOCOLS_STR needs 7.85
    OPT_REDIR_PROTOCOLS = 182,
    PROTO_HTTP_HTTPS = 3,       // CURLPROTO_HTTP | CURLPROTO_HTTPS
    INFO_RESPONSE_CODE = 0x200002,
    GLOBAL_ALL = 3,
    E_WRITE_ERROR = 23,
    E_OPERATION_TIMEDOUT = 28,
    E_ABORTED_BY_CALLBACK = 42,
    // The server's certificate was not trusted, or the authorities could not be read.
    E_PEER_FAILED_VERIFICATION = 60,
    E_SSL_CACERT_BADFILE = 77,
    E_SSL_ISSUER_ERROR = 83,
    E_SSL_INVALIDCERTSTATUS = 91,
};

typedef int (*global_init_fn)(long);
typedef void *(*easy_init_fn)(void);
typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_perform_fn)(void *);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef void (*easy_cleanup_fn)(void *);
typedef void *(*slist_append_fn)(void *, const char *);
typedef void (*slist_free_all_fn)(void *);
typedef const char *(*easy_strerror_fn)(int);

static struct {
    easy_init_fn easy_init;
    easy_setopt_fn easy_setopt;
    easy_perform_fn easy_perform;
    easy_getinfo_fn easy_getinfo;
    easy_cleanup_fn easy_cleanup;
    slist_append_fn slist_append;
    slist_free_all_fn slist_free_all;
    easy_strerror_fn easy_strerror;
    char error[200];
} curl;

static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
#if defined(__APPLE__)
    static const char *const names[] = {"libcurl.4.dylib", "/usr/lib/libcurl.4.dylib", NULL};
#else
    static const char *const names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", NULL};
#endif
    void *library = NULL;
    for (int i = 0; names[i] != NULL && library == NULL; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(curl.error, sizeof curl.error, "libcurl (libcurl.so.4) could not be loaded: %s", why ? why : "not found");
        return;
    }
    global_init_fn global_init = (global_init_fn)dlsym(library, "curl_global_init");
    curl.easy_setopt = (easy_setopt_fn)dlsym(library, "curl_easy_setopt");
    curl.easy_perform = (easy_perform_fn)dlsym(library, "curl_easy_perform");
    curl.easy_getinfo = (easy_getinfo_fn)dlsym(library, "curl_easy_getinfo");
    curl.easy_cleanup = (easy_cleanup_fn)dlsym(library, "curl_easy_cleanup");
    curl.slist_append = (slist_append_fn)dlsym(library, "curl_slist_append");
    curl.slist_free_all = (slist_free_all_fn)dlsym(library, "curl_slist_free_all");
    curl.easy_strerror = (easy_strerror_fn)dlsym(library, "curl_easy_strerror");
    easy_init_fn easy_init = (easy_init_fn)dlsym(library, "curl_easy_init");
    if (!global_init || !easy_init || !curl.easy_setopt || !curl.easy_perform || !curl.easy_getinfo || !curl.easy_cleanup
        || !curl.slist_append || !curl.slist_free_all || !curl.easy_strerror) {
        snprintf(curl.error, sizeof curl.error, "libcurl lacks curl_easy_* functions");
        return;
    }
    if (global_init(GLOBAL_ALL) != 0) {
        snprintf(curl.error, sizeof curl.error, "libcurl did not initialise (curl_global_init)");
        return;
    }
    curl.easy_init = easy_init; // set last: its presence says the library is ready
}

typedef struct {
    uint8_t *bytes;
    size_t length, capacity, limit;
    int over_limit;
} sink;

static size_t receive(char *data, size_t size, size_t count, void *context) {
    sink *into = context;
    size_t length = size * count;
    if (length > into->limit - into->length) {
        into->over_limit = 1;
        return 0; // CURLE_WRITE_ERROR
    }
    if (into->length + length > into->capacity) {
        size_t capacity = into->capacity ? into->capacity : 65536;
        while (capacity < into->length + length) capacity *= 2;
        uint8_t *grown = realloc(into->bytes, capacity);
        if (grown == NULL) return 0;
        into->bytes = grown;
        into->capacity = capacity;
    }
    memcpy(into->bytes + into->length, data, length);
    into->length += length;
    return length;
}

typedef struct {
    const uint8_t *bytes;
    size_t left;
} source;

static size_t provide(char *buffer, size_t size, size_t count, void *context) {
    source *from = context;
    size_t length = size * count < from->left ? size * count : from->left;
    if (length > 0) memcpy(buffer, from->bytes, length);
    from->bytes += length;
    from->left -= length;
    return length;
}

static long milliseconds_now(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// Silence as the cache means it: nothing either way for `silence_ms` — no byte of a body, no line
// of the answer's head. (libcurl's low-speed limit averages over its window, and cut a server
// trickling a byte a second as silent.)
typedef struct {
    long silence_ms, last_change;
    int64_t received, sent;
    int silent;
} watch;

// A header line arrived: the server is not silent (the progress counts body bytes only).
static size_t header_line(char *data, size_t size, size_t count, void *context) {
    (void)data;
    ((watch *)context)->last_change = milliseconds_now();
    return size * count;
}

static int progress(void *context, int64_t download_total, int64_t downloaded, int64_t upload_total, int64_t uploaded) {
    (void)download_total;
    (void)upload_total;
    watch *on = context;
    long now = milliseconds_now();
    if (downloaded != on->received || uploaded != on->sent) {
        on->received = downloaded;
        on->sent = uploaded;
        on->last_change = now;
        return 0;
    }
    if (now - on->last_change >= on->silence_ms) {
        on->silent = 1;
        return 1; // CURLE_ABORTED_BY_CALLBACK
    }
    return 0;
}

fb_curl_outcome fb_curl_send(const char *method, const char *url, const char *const *headers, int header_count,
                             const uint8_t *body, size_t body_length, long silence_ms, long limit_ms,
                             size_t body_limit, const char *ca_file, fb_curl_answer *answer) {
    memset(answer, 0, sizeof *answer);
    pthread_once(&loaded, load);
    if (curl.easy_init == NULL) {
        snprintf(answer->message, sizeof answer->message, "%s", curl.error);
        return FB_CURL_UNAVAILABLE;
    }
    void *handle = curl.easy_init();
    if (handle == NULL) {
        snprintf(answer->message, sizeof answer->message, "libcurl could not start a request");
        return FB_CURL_FAILED;
    }
    void *list = NULL;
    for (int i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    int put = strcmp(method, "PUT") == 0;
    // No "Expect: 100-continue" wait before a PUT's body (nginx and bazel-remote take it at once).
    if (put) list = curl.slist_append(list, "Expect:");
    char error[256] = {0};
    sink into = {NULL, 0, 0, body_limit, 0};
    source from = {body, body_length};
    watch silence = {silence_ms > 0 ? silence_ms : 1, milliseconds_now(), 0, 0, 0};
    curl.easy_setopt(handle, OPT_URL, url);
    curl.easy_setopt(handle, OPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, OPT_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
    curl.easy_setopt(handle, OPT_REDIR_PROTOCOLS, (long)PROTO_HTTP_HTTPS);
    curl.easy_setopt(handle, OPT_FOLLOWLOCATION, 0L);
    curl.easy_setopt(handle, OPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, OPT_HTTPHEADER, list);
    curl.easy_setopt(handle, OPT_WRITEFUNCTION, receive);
    curl.easy_setopt(handle, OPT_WRITEDATA, &into);
    curl.easy_setopt(handle, OPT_CONNECTTIMEOUT_MS, silence_ms > 0 ? silence_ms : 1L);
    curl.easy_setopt(handle, OPT_TIMEOUT_MS, limit_ms > 0 ? limit_ms : 1L);
    curl.easy_setopt(handle, OPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, OPT_XFERINFOFUNCTION, progress);
    curl.easy_setopt(handle, OPT_XFERINFODATA, &silence);
    curl.easy_setopt(handle, OPT_HEADERFUNCTION, header_line);
    curl.easy_setopt(handle, OPT_HEADERDATA, &silence);
    if (ca_file != NULL) curl.easy_setopt(handle, OPT_CAINFO, ca_file);
    if (put) {
        curl.easy_setopt(handle, OPT_UPLOAD, 1L);
        curl.easy_setopt(handle, OPT_READFUNCTION, provide);
        curl.easy_setopt(handle, OPT_READDATA, &from);
        curl.easy_setopt(handle, OPT_INFILESIZE_LARGE, (int64_t)body_length);
    } else {
        curl.easy_setopt(handle, OPT_HTTPGET, 1L);
    }
    long started = milliseconds_now();
    int code = curl.easy_perform(handle);
    long took = milliseconds_now() - started;
    long status = 0;
    curl.easy_getinfo(handle, INFO_RESPONSE_CODE, &status);
    answer->status = status;
    fb_curl_outcome outcome;
    if (code == 0) {
        outcome = FB_CURL_ANSWERED;
    } else if (code == E_WRITE_ERROR && into.over_limit) {
        outcome = FB_CURL_TOO_LARGE;
    } else if (code == E_ABORTED_BY_CALLBACK && silence.silent) {
        outcome = (status != 0 || into.length > 0) ? FB_CURL_STALLED : FB_CURL_SILENT;
    } else if (code == E_OPERATION_TIMEDOUT) {
        // The connection's own timeout (the silence allowed) or the whole exchange's limit.
        outcome = took + 100 >= limit_ms ? FB_CURL_OVER_LIMIT : (status != 0 || into.length > 0) ? FB_CURL_STALLED : FB_CURL_SILENT;
    } else if (code == E_PEER_FAILED_VERIFICATION || code == E_SSL_CACERT_BADFILE || code == E_SSL_ISSUER_ERROR
               || code == E_SSL_INVALIDCERTSTATUS) {
        outcome = FB_CURL_UNTRUSTED;
    } else {
        outcome = FB_CURL_FAILED;
    }
    if (outcome != FB_CURL_ANSWERED) {
        snprintf(answer->message, sizeof answer->message, "%s", error[0] ? error : curl.easy_strerror(code));
        size_t length = strlen(answer->message);
        while (length > 0 && (answer->message[length - 1] == ' ' || answer->message[length - 1] == '\n')) answer->message[--length] = 0;
    }
    if (outcome == FB_CURL_ANSWERED) {
        answer->body = into.bytes;
        answer->body_length = into.length;
    } else {
        free(into.bytes);
    }
    curl.easy_cleanup(handle);
    curl.slist_free_all(list);
    return outcome;
}

void fb_curl_free(fb_curl_answer *answer) {
    free(answer->body);
    answer->body = NULL;
    answer->body_length = 0;
}
