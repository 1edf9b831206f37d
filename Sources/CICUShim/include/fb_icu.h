#ifndef FLIPBOOK_ICU_SHIM_H
#define FLIPBOOK_ICU_SHIM_H
#include <stdint.h>

// ICU's C API renames every function with its version (ubrk_open → ubrk_open_72) through
// macros Swift cannot see; these few functions give the calls Flipbook needs stable names.
// Texts are UTF-16; offsets are UTF-16 code units; `error` receives ICU's UErrorCode
// (0 = success, > 0 = failure).

/// Line break opportunities by Unicode's rules (UAX #14, ICU's root locale): writes each offset at
/// which a line may end (after position 0, the text's length included) and whether the break is
/// mandatory (after a newline), up to `capacity`; returns how many there are.
int32_t fb_icu_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *mandatory,
                           int32_t capacity, int32_t *error);

/// The bidi embedding level of each code unit of one paragraph (UAX #9); `base` 0 = left to right,
/// 1 = right to left, -1 = from the first strong character. Returns the paragraph's level.
int32_t fb_icu_bidi_levels(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels, int32_t *error);

/// The visual order of `count` runs of the given levels (rule L2): `order[i]` is the index of the
/// run shown i-th from the left.
void fb_icu_reorder_visual(const uint8_t *levels, int32_t count, int32_t *order);

#endif
