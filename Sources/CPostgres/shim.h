#ifndef LARDER_CPOSTGRES_SHIM_H
#define LARDER_CPOSTGRES_SHIM_H
// libpq, PostgreSQL's client library (Debian's libpq-dev).
#include <libpq-fe.h>
#endif
