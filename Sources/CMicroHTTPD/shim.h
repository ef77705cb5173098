// Swift cannot call C variadic functions, and libmicrohttpd's entry points for starting a
// daemon and querying daemon or connection information are all variadic. These small inline
// wrappers give LarderHTTP fixed signatures; nothing else in the package should need them.
#ifndef LARDER_CMICROHTTPD_SHIM_H
#define LARDER_CMICROHTTPD_SHIM_H

#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <netinet/in.h>
#include <microhttpd.h>

// Named so Swift imports it as a typed function pointer (the header only describes it in prose).
typedef void *(*larder_mhd_uri_log_callback)(void *cls, const char *uri,
                                             struct MHD_Connection *connection);

// Everything needed to start a daemon; callbacks left NULL are not registered.
struct larder_mhd_settings {
  unsigned int flags;
  uint16_t port;
  const struct sockaddr *address;
  unsigned int thread_pool_size;
  unsigned int connection_timeout;
  unsigned int connection_limit;
  // Connections one client address may hold at once; 0 leaves MHD's default (no limit).
  unsigned int per_ip_connection_limit;
  size_t connection_memory_limit;
  MHD_AccessHandlerCallback access_handler;
  void *access_handler_cls;
  MHD_RequestCompletedCallback completed;
  void *completed_cls;
  larder_mhd_uri_log_callback uri_logger;
  void *uri_logger_cls;
  MHD_LogCallback error_logger;
  void *error_logger_cls;
  // PEM text for MHD_USE_TLS (both or neither); NUL-terminated, kept alive by the caller for
  // the daemon's whole life.
  const char *https_mem_key;
  const char *https_mem_cert;
};

// Starts a daemon, passing the options through MHD_OPTION_ARRAY. On failure returns NULL and
// stores errno as MHD left it (bind/listen failures set it), because Swift code run between the
// call and a read of errno could overwrite it.
static inline struct MHD_Daemon *larder_mhd_start(const struct larder_mhd_settings *s,
                                                  int *error_number) {
  struct MHD_OptionItem items[13];
  unsigned int n = 0;
  // The logger goes first: MHD only routes messages printed after it has seen this option.
  if (s->error_logger != NULL) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER,
                                         (intptr_t)s->error_logger, s->error_logger_cls};
  }
  if (s->address != NULL) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)s->address};
  }
  // One thread means no pool: leave the option out rather than ask for a pool of one.
  if (s->thread_pool_size > 1) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE,
                                         (intptr_t)s->thread_pool_size, NULL};
  }
  items[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT,
                                       (intptr_t)s->connection_timeout, NULL};
  items[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT,
                                       (intptr_t)s->connection_limit, NULL};
  if (s->per_ip_connection_limit > 0) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                                         (intptr_t)s->per_ip_connection_limit, NULL};
  }
  items[n++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                                       (intptr_t)s->connection_memory_limit, NULL};
  // Two-pointer options carry the function in `value` (cast to intptr_t), per microhttpd.h.
  if (s->completed != NULL) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED,
                                         (intptr_t)s->completed, s->completed_cls};
  }
  if (s->uri_logger != NULL) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_URI_LOG_CALLBACK,
                                         (intptr_t)s->uri_logger, s->uri_logger_cls};
  }
  if (s->https_mem_key != NULL && s->https_mem_cert != NULL) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_KEY, 0, (void *)s->https_mem_key};
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_HTTPS_MEM_CERT, 0, (void *)s->https_mem_cert};
  }
  items[n] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};

  errno = 0;
  struct MHD_Daemon *daemon =
      MHD_start_daemon(s->flags, s->port, NULL, NULL, s->access_handler, s->access_handler_cls,
                       MHD_OPTION_ARRAY, items, MHD_OPTION_END);
  if (error_number != NULL) {
    *error_number = (daemon == NULL) ? errno : 0;
  }
  return daemon;
}

// The port the daemon listens on (the real one when 0 was asked for), or 0 if unknown.
static inline uint16_t larder_mhd_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return (info != NULL) ? info->port : 0;
}

// The listening socket, or -1 if the daemon has none.
static inline int larder_mhd_listen_fd(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
  return (info != NULL) ? (int)info->listen_fd : -1;
}

// The peer address of a connection, or NULL if MHD does not know it.
static inline const struct sockaddr *larder_mhd_client_address(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return (info != NULL) ? info->client_addr : NULL;
}

// The status MHD queued for the request, or 0 if none. This includes the error responses MHD
// sends on its own (400, 413, 431...) before the application sees the request.
static inline unsigned int larder_mhd_queued_status(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_HTTP_STATUS);
  return (info != NULL) ? info->http_status : 0;
}

// A response holding a private copy of `size` bytes; an empty body may pass NULL.
static inline struct MHD_Response *larder_mhd_response_copying(const void *data, size_t size) {
  static const char empty = 0;
  return MHD_create_response_from_buffer(size, (void *)((data != NULL) ? data : &empty),
                                         MHD_RESPMEM_MUST_COPY);
}

#endif  // LARDER_CMICROHTTPD_SHIM_H
