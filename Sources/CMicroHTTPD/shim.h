// Swift cannot call C variadic functions, and libmicrohttpd's entry points for starting a
// daemon and querying daemon or connection information are all variadic. These small inline
// wrappers give LarderHTTP fixed signatures; nothing else in the package should need them.
#ifndef LARDER_CMICROHTTPD_SHIM_H
#define LARDER_CMICROHTTPD_SHIM_H

#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <netinet/in.h>
#include <unistd.h>
#include <microhttpd.h>

// Named so Swift imports it as a typed function pointer (the header only describes it in prose).
typedef void *(*larder_mhd_uri_log_callback)(void *cls, const char *uri,
                                             struct MHD_Connection *connection);

// Everything needed to start a daemon; callbacks left NULL are not registered.
struct larder_mhd_settings {
  // Includes MHD_USE_NO_LISTEN_SOCKET: connections come from a larder_listener.
  unsigned int flags;
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
// stores errno as MHD left it, because Swift code run between the call and a read of errno
// could overwrite it.
static inline struct MHD_Daemon *larder_mhd_start(const struct larder_mhd_settings *s,
                                                  int *error_number) {
  struct MHD_OptionItem items[12];
  unsigned int n = 0;
  // The logger goes first: MHD only routes messages printed after it has seen this option.
  if (s->error_logger != NULL) {
    items[n++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER,
                                         (intptr_t)s->error_logger, s->error_logger_cls};
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
      MHD_start_daemon(s->flags, 0, NULL, NULL, s->access_handler, s->access_handler_cls,
                       MHD_OPTION_ARRAY, items, MHD_OPTION_END);
  if (error_number != NULL) {
    *error_number = (daemon == NULL) ? errno : 0;
  }
  return daemon;
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

// MARK: - Accepting connections

// libmicrohttpd's pool threads all wait on one listening socket, and the thread that wakes
// accepts up to ten connections in a row: connections opened together (as browsers and load
// tools open them) can all land on one thread and leave the other cores idle. So Larder
// listens itself, on one thread of its own, and hands each connection to
// MHD_add_connection, which gives it to the pool thread numbered by the socket modulo the
// pool's size: consecutive connections go to consecutive threads.

// Opens a listening TCP socket on `address`. Returns it, or -1 with *error_number set.
static inline int larder_listen_socket(const struct sockaddr *address, socklen_t length,
                                       int *error_number) {
  int fd = socket(address->sa_family, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    *error_number = errno;
    return -1;
  }
  const int on = 1;
  // As libmicrohttpd does: a restarted server may bind while old connections linger, and an
  // IPv6 address means only IPv6.
  (void)setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
  if (address->sa_family == AF_INET6) {
    (void)setsockopt(fd, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
  }
  if (bind(fd, address, length) != 0 || listen(fd, SOMAXCONN) != 0) {
    *error_number = errno;
    close(fd);
    return -1;
  }
  *error_number = 0;
  return fd;
}

// The port a socket is bound to, or 0 if unknown.
static inline uint16_t larder_socket_port(int fd) {
  struct sockaddr_storage address;
  socklen_t length = sizeof address;
  if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return 0;
  if (address.ss_family == AF_INET) return ntohs(((struct sockaddr_in *)&address)->sin_port);
  if (address.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&address)->sin6_port);
  return 0;
}

// Called from the accepting thread when accept fails for want of resources (descriptors,
// memory), with errno's value; the thread then waits a moment and tries again.
typedef void (*larder_accept_failed_callback)(void *cls, int error_number);

// The accepting thread and what it needs. Filled by the caller, started by
// larder_listener_start, ended by larder_listener_stop; the caller keeps it alive in between.
struct larder_listener {
  int listen_fd;
  struct MHD_Daemon *daemon;
  larder_accept_failed_callback accept_failed;
  void *accept_failed_cls;
  // Set by larder_listener_start.
  int wake_fd;
  pthread_t thread;
};

static void *larder_listener_run(void *argument) {
  struct larder_listener *listener = (struct larder_listener *)argument;
  struct pollfd watched[2] = {{listener->listen_fd, POLLIN, 0}, {listener->wake_fd, POLLIN, 0}};
  for (;;) {
    if (poll(watched, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return NULL;
    }
    if (watched[1].revents != 0) return NULL;
    // Take every connection waiting, then wait again.
    for (;;) {
      struct sockaddr_storage address;
      socklen_t length = sizeof address;
      int fd = accept4(listener->listen_fd, (struct sockaddr *)&address, &length,
                       SOCK_CLOEXEC | SOCK_NONBLOCK);
      if (fd < 0) {
        int error_number = errno;
        if (error_number == EINTR || error_number == ECONNABORTED) continue;
        if (error_number == EMFILE || error_number == ENFILE || error_number == ENOBUFS ||
            error_number == ENOMEM) {
          if (listener->accept_failed != NULL) {
            listener->accept_failed(listener->accept_failed_cls, error_number);
          }
          // The wait ends early if the server stops meanwhile.
          struct pollfd wake = {listener->wake_fd, POLLIN, 0};
          if (poll(&wake, 1, 100) > 0) return NULL;
        }
        break;  // EAGAIN: none left; anything else: wait for the socket again
      }
      // Closes the socket itself when it refuses it (connection limits), logging why.
      (void)MHD_add_connection(listener->daemon, fd, (struct sockaddr *)&address, length);
    }
  }
}

// Starts accepting on a thread of its own. Returns 0, or an errno value.
static inline int larder_listener_start(struct larder_listener *listener) {
  listener->wake_fd = eventfd(0, EFD_CLOEXEC);
  if (listener->wake_fd < 0) return errno;
  int result = pthread_create(&listener->thread, NULL, larder_listener_run, listener);
  if (result != 0) {
    close(listener->wake_fd);
    listener->wake_fd = -1;
  }
  return result;
}

// Stops accepting and joins the thread; the listening socket stays open for the caller to close.
static inline void larder_listener_stop(struct larder_listener *listener) {
  if (listener->wake_fd < 0) return;
  const uint64_t one = 1;
  while (write(listener->wake_fd, &one, sizeof one) < 0 && errno == EINTR) {
  }
  pthread_join(listener->thread, NULL);
  close(listener->wake_fd);
  listener->wake_fd = -1;
}

#endif  // LARDER_CMICROHTTPD_SHIM_H
