#ifndef LARDER_CCURL_SHIM_H
#define LARDER_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call; these typed
// wrappers pass one argument of each kind.
static inline CURLcode larder_curl_setopt_long(CURL *curl, CURLoption option, long value) {
  return curl_easy_setopt(curl, option, value);
}
static inline CURLcode larder_curl_setopt_string(CURL *curl, CURLoption option, const char *value) {
  return curl_easy_setopt(curl, option, value);
}
static inline CURLcode larder_curl_setopt_pointer(CURL *curl, CURLoption option, void *value) {
  return curl_easy_setopt(curl, option, value);
}
static inline CURLcode larder_curl_setopt_write(
    CURL *curl, size_t (*callback)(char *, size_t, size_t, void *)) {
  return curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, callback);
}
static inline CURLcode larder_curl_setopt_header(
    CURL *curl, size_t (*callback)(char *, size_t, size_t, void *)) {
  return curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, callback);
}
static inline CURLcode larder_curl_setopt_opensocket(
    CURL *curl, curl_socket_t (*callback)(void *, curlsocktype, struct curl_sockaddr *)) {
  return curl_easy_setopt(curl, CURLOPT_OPENSOCKETFUNCTION, callback);
}
static inline CURLcode larder_curl_getinfo_long(CURL *curl, CURLINFO info, long *value) {
  return curl_easy_getinfo(curl, info, value);
}
static inline CURLcode larder_curl_getinfo_string(CURL *curl, CURLINFO info, char **value) {
  return curl_easy_getinfo(curl, info, value);
}
#endif
