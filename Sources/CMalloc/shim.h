#ifndef FLIPBOOK_CMALLOC_SHIM_H
#define FLIPBOOK_CMALLOC_SHIM_H
/* glibc's malloc tuning (mallopt); nothing elsewhere. */
#if defined(__linux__)
#include <malloc.h>
#endif
#endif
