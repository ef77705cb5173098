#ifndef LARDER_CSODIUM_SHIM_H
#define LARDER_CSODIUM_SHIM_H
#include <sodium.h>
#endif
