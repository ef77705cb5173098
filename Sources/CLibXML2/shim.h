#ifndef LARDER_CLIBXML2_SHIM_H
#define LARDER_CLIBXML2_SHIM_H
// Debian's libxml2 headers include the system ICU headers when LIBXML_ICU_ENABLED is set, and
// those clash with the ICU copy inside Foundation. Larder never uses libxml2's ICU encoders, so
// read the version header first and switch ICU off before anything else is included.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#endif
