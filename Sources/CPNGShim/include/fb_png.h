// A small C layer over libpng that owns setjmp/longjmp.
//
// libpng reports fatal errors by longjmp-ing out of the failing call. A longjmp must never
// unwind through Swift frames, so every libpng call that can fail is made from this file,
// inside a function that has its own setjmp. Each function returns FB_PNG_OK or FB_PNG_ERROR
// and leaves libpng's message where the caller can read it.
#ifndef FLIPBOOK_FB_PNG_H
#define FLIPBOOK_FB_PNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FB_PNG_OK = 0, FB_PNG_ERROR = 1 };
enum { FB_PNG_MESSAGE_CAPACITY = 256 };

/// What the file says about itself, read before any pixel is decoded.
typedef struct fb_png_header {
    uint32_t width;
    uint32_t height;
    int bit_depth;       // 1, 2, 4, 8 or 16
    int color_type;      // PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA
    int interlaced;      // 1 for Adam7
    int has_trns;        // a tRNS chunk is present
    int palette_count;   // entries in PLTE (0 when absent)
    int has_gamma;       // gAMA present; gamma is the file gamma (e.g. 0.45455)
    double gamma;
    int has_srgb;        // sRGB present; srgb_intent is its rendering intent
    int srgb_intent;
    int has_sbit;        // sBIT present: significant bits per channel
    uint8_t sbit_red, sbit_green, sbit_blue, sbit_gray, sbit_alpha;
    int has_iccp;        // iCCP present: name and (decompressed) profile, owned by the decoder
    const char *iccp_name;
    const uint8_t *iccp_profile;
    uint32_t iccp_length;
} fb_png_header;

typedef struct fb_png_decoder fb_png_decoder;

/// A decoder over `size` bytes at `data`; the bytes must outlive the decoder. NULL when out of memory.
fb_png_decoder *fb_png_decoder_create(const uint8_t *data, size_t size);
/* Makes the decoder check the zlib stream's Adler-32, which it skips by default (each IDAT's CRC
   already covers the compressed bytes): a validator wants every check a strict reader makes. */
void fb_png_decoder_verify_adler32(fb_png_decoder *decoder);
void fb_png_decoder_destroy(fb_png_decoder *decoder);

/// Reads every chunk up to the image data. Call once, before `fb_png_decoder_read_rgba8`.
int fb_png_decoder_read_header(fb_png_decoder *decoder, fb_png_header *header);

/// Decodes the image as straight (not premultiplied) RGBA, 8 bits per channel, into `pixels`
/// (height rows of `stride` bytes, stride >= width * 4). Sample values are the file's own: no
/// gamma, sBIT or ICC correction. 16-bit samples are reduced with rounding, v8 = (v16 * 255 + 32767) / 65535.
/// Then reads the rest of the file, so a CRC error after the image data is still reported.
int fb_png_decoder_read_rgba8(fb_png_decoder *decoder, uint8_t *pixels, size_t stride);

/// After `fb_png_decoder_read_header`: the palette and tRNS as libpng keeps them, for a decoder of
/// its own that must expand pixels exactly as `fb_png_decoder_read_rgba8` does. `rgba` gets 256
/// entries: PLTE's colours (black past its entries, as libpng zero-fills its palette) with tRNS's
/// alpha (255 past its entries). Returns the number of PLTE entries (0 when none).
int fb_png_decoder_palette_rgba(const fb_png_decoder *decoder, uint8_t rgba[1024]);
/// After `fb_png_decoder_read_header`: 1 and the tRNS colour key (grey images: `gray`; RGB:
/// `red`, `green`, `blue`) when libpng holds one for a grey or RGB image, else 0.
int fb_png_decoder_trns_key(const fb_png_decoder *decoder, uint16_t *red, uint16_t *green, uint16_t *blue, uint16_t *gray);

/// libpng's message for the last error.
const char *fb_png_decoder_message(const fb_png_decoder *decoder);
/// The first warning libpng raised (e.g. a bad CRC in an ancillary chunk), or "" when none.
const char *fb_png_decoder_warning(const fb_png_decoder *decoder);

#ifdef __cplusplus
}
#endif
#endif
