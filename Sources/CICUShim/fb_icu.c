#include "fb_icu.h"
#include <unicode/ubrk.h>
#include <unicode/ubidi.h>
#include <unicode/utext.h>

int32_t fb_icu_line_breaks(const uint16_t *text, int32_t length, int32_t *offsets, uint8_t *mandatory,
                           int32_t capacity, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, "", (const UChar *)text, length, &status);
    if (U_FAILURE(status)) { *error = status; return 0; }
    int32_t count = 0;
    ubrk_first(iterator);
    for (int32_t offset = ubrk_next(iterator); offset != UBRK_DONE; offset = ubrk_next(iterator)) {
        if (count < capacity) {
            offsets[count] = offset;
            int32_t rule = ubrk_getRuleStatus(iterator);
            mandatory[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
        }
        count += 1;
    }
    ubrk_close(iterator);
    *error = 0;
    return count;
}

int32_t fb_icu_bidi_levels(const uint16_t *text, int32_t length, int32_t base, uint8_t *levels, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) { *error = status; return 0; }
    UBiDiLevel paragraph = base < 0 ? UBIDI_DEFAULT_LTR : (UBiDiLevel)base;
    ubidi_setPara(bidi, (const UChar *)text, length, paragraph, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); *error = status; return 0; }
    const UBiDiLevel *resolved = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); *error = status; return 0; }
    for (int32_t i = 0; i < length; i++) levels[i] = resolved[i];
    int32_t level = ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    *error = 0;
    return level;
}

void fb_icu_reorder_visual(const uint8_t *levels, int32_t count, int32_t *order) {
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, order);
}
