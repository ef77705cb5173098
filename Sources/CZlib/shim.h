#ifndef LARDER_CZLIB_SHIM_H
#define LARDER_CZLIB_SHIM_H
#include <zlib.h>

// inflateInit2 is a macro that passes the library version and stream size; Swift cannot import it.
static inline int larder_inflate_init2(z_streamp stream, int window_bits) {
  return inflateInit2(stream, window_bits);
}
#endif
