#ifndef FLIPBOOK_CDEFLATE_SHIM_H
#define FLIPBOOK_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
