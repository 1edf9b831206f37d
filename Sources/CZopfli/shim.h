#ifndef FLIPBOOK_CZOPFLI_SHIM_H
#define FLIPBOOK_CZOPFLI_SHIM_H
#include <stddef.h>
#include <zopfli/zopfli.h>
#endif
