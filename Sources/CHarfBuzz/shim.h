#ifndef FLIPBOOK_CHARFBUZZ_SHIM_H
#define FLIPBOOK_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
