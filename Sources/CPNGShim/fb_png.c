#include "fb_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Shared error plumbing

typedef struct fb_png_errors {
    jmp_buf jump;
    char message[FB_PNG_MESSAGE_CAPACITY];
    char warning[FB_PNG_MESSAGE_CAPACITY];
    int data_check_fails;   /* the Adler-32 is checked (fb_png_decoder_verify_adler32) */
} fb_png_errors;

static void fb_copy_message(char *destination, const char *source) {
    strncpy(destination, source ? source : "unknown libpng error", FB_PNG_MESSAGE_CAPACITY - 1);
    destination[FB_PNG_MESSAGE_CAPACITY - 1] = '\0';
}

static void fb_on_error(png_structp png, png_const_charp message) {
    fb_png_errors *errors = (fb_png_errors *)png_get_error_ptr(png);
    fb_copy_message(errors->message, message);
    longjmp(errors->jump, 1);
}

static void fb_on_warning(png_structp png, png_const_charp message) {
    fb_png_errors *errors = (fb_png_errors *)png_get_error_ptr(png);
    if (errors->warning[0] == '\0') fb_copy_message(errors->warning, message);
}

// MARK: - Decoding

struct fb_png_decoder {
    fb_png_errors errors;     // first member: libpng's error pointer is the decoder itself
    png_structp png;
    png_infop info;
    const uint8_t *data;
    size_t size;
    size_t offset;
    int header_read;
};

static void fb_read_from_memory(png_structp png, png_bytep out, size_t length) {
    fb_png_decoder *decoder = (fb_png_decoder *)png_get_io_ptr(png);
    if (length > decoder->size - decoder->offset) {
        png_error(png, "file is truncated (unexpected end of data)");
    }
    memcpy(out, decoder->data + decoder->offset, length);
    decoder->offset += length;
}

fb_png_decoder *fb_png_decoder_create(const uint8_t *data, size_t size) {
    fb_png_decoder *decoder = calloc(1, sizeof *decoder);
    if (!decoder) return NULL;
    decoder->data = data;
    decoder->size = size;
    decoder->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &decoder->errors, fb_on_error, fb_on_warning);
    if (!decoder->png) { free(decoder); return NULL; }
    decoder->info = png_create_info_struct(decoder->png);
    if (!decoder->info) {
        png_destroy_read_struct(&decoder->png, NULL, NULL);
        free(decoder);
        return NULL;
    }
    return decoder;
}

void fb_png_decoder_verify_adler32(fb_png_decoder *decoder) {
    /* Read by fb_png_decoder_read_header, which skips the checksum otherwise: libpng 1.6.39 keeps
       ignoring it once PNG_IGNORE_ADLER32 was on, even after it is set off again. */
    decoder->errors.data_check_fails = 1;
}

void fb_png_decoder_destroy(fb_png_decoder *decoder) {
    if (!decoder) return;
    png_destroy_read_struct(&decoder->png, &decoder->info, NULL);
    free(decoder);
}

const char *fb_png_decoder_message(const fb_png_decoder *decoder) { return decoder->errors.message; }
const char *fb_png_decoder_warning(const fb_png_decoder *decoder) { return decoder->errors.warning; }

int fb_png_decoder_read_header(fb_png_decoder *decoder, fb_png_header *header) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    memset(header, 0, sizeof *header);
    if (decoder->header_read) {
        fb_copy_message(decoder->errors.message, "header already read");
        return FB_PNG_ERROR;
    }
    if (setjmp(decoder->errors.jump)) return FB_PNG_ERROR;

    // The caller enforces its own pixel budget; libpng's default 1,000,000-pixel width cap
    // would refuse legal files before that budget is consulted.
    png_set_user_limits(png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    // Ancillary chunks (eXIf, iCCP, zTXt, unknown ones) are allocated whole, at the size the
    // chunk's length field claims, or decompressed in memory: cap both, so a 12-byte header
    // cannot ask for gigabytes. Real ICC profiles and metadata are far below this.
    png_set_chunk_malloc_max(png, 16 * 1024 * 1024);
    png_set_chunk_cache_max(png, 1000);
    png_set_read_fn(png, decoder, fb_read_from_memory);
#if defined(PNG_IGNORE_ADLER32)
    /* Each IDAT chunk's CRC already covers the compressed bytes; zlib's Adler-32 of the inflated
       data checks them a second time (5 % of the CPU of a screencast's encode). Chromium skips it
       too. A verifying decoder (fb_png_decoder_verify_adler32) keeps it. */
    if (!decoder->errors.data_check_fails) png_set_option(png, PNG_IGNORE_ADLER32, PNG_OPTION_ON);
#endif
    png_read_info(png, info);
    decoder->header_read = 1;

    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    header->has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    png_colorp palette = NULL;
    int palette_count = 0;
    if (png_get_PLTE(png, info, &palette, &palette_count)) header->palette_count = palette_count;

    double gamma = 0;
    if (png_get_gAMA(png, info, &gamma)) { header->has_gamma = 1; header->gamma = gamma; }

    int intent = 0;
    if (png_get_sRGB(png, info, &intent)) { header->has_srgb = 1; header->srgb_intent = intent; }

    png_color_8p sbit = NULL;
    if (png_get_sBIT(png, info, &sbit) && sbit) {
        header->has_sbit = 1;
        header->sbit_red = sbit->red;
        header->sbit_green = sbit->green;
        header->sbit_blue = sbit->blue;
        header->sbit_gray = sbit->gray;
        header->sbit_alpha = sbit->alpha;
    }

    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &length)) {
        header->has_iccp = 1;
        header->iccp_name = name;
        header->iccp_profile = profile;
        header->iccp_length = length;
    }
    return FB_PNG_OK;
}

int fb_png_decoder_read_rgba8(fb_png_decoder *decoder, uint8_t *pixels, size_t stride) {
    png_structp png = decoder->png;
    png_infop info = decoder->info;
    if (!decoder->header_read) {
        fb_copy_message(decoder->errors.message, "header not read");
        return FB_PNG_ERROR;
    }
    // Everything that must survive a longjmp lives on the heap or in `decoder`.
    png_bytep *volatile rows = NULL;
    if (setjmp(decoder->errors.jump)) {
        free(rows);
        return FB_PNG_ERROR;
    }

    const png_uint_32 width = png_get_image_width(png, info);
    const png_uint_32 height = png_get_image_height(png, info);
    const int color_type = png_get_color_type(png, info);
    const int bit_depth = png_get_bit_depth(png, info);
    const int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;

    if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (has_trns) png_set_tRNS_to_alpha(png);
    if (bit_depth == 16) png_set_scale_16(png);  // rounds; png_set_strip_16 would truncate
    if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);

    if (png_get_rowbytes(png, info) != (size_t)width * 4 || stride < (size_t)width * 4) {
        png_error(png, "internal error: unexpected row size after transformations");
    }
    rows = malloc(sizeof(png_bytep) * (height ? height : 1));
    if (!rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < height; y++) rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    rows = NULL;
    return FB_PNG_OK;
}

// MARK: - What a decoder of its own needs to expand pixels as libpng does

int fb_png_decoder_palette_rgba(const fb_png_decoder *decoder, uint8_t rgba[1024]) {
    memset(rgba, 0, 1024);
    for (int i = 0; i < 256; i++) rgba[i * 4 + 3] = 0xFF;
    png_colorp palette = NULL;
    int count = 0;
    if (!png_get_PLTE(decoder->png, decoder->info, &palette, &count) || !palette) return 0;
    if (count > 256) count = 256;
    for (int i = 0; i < count; i++) {
        rgba[i * 4] = palette[i].red;
        rgba[i * 4 + 1] = palette[i].green;
        rgba[i * 4 + 2] = palette[i].blue;
    }
    png_bytep alpha = NULL;
    int trans_count = 0;
    png_color_16p key = NULL;
    if (png_get_tRNS(decoder->png, decoder->info, &alpha, &trans_count, &key) && alpha) {
        if (trans_count > 256) trans_count = 256;
        for (int i = 0; i < trans_count; i++) rgba[i * 4 + 3] = alpha[i];
    }
    return count;
}

int fb_png_decoder_trns_key(const fb_png_decoder *decoder, uint16_t *red, uint16_t *green, uint16_t *blue, uint16_t *gray) {
    *red = *green = *blue = *gray = 0;
    png_bytep alpha = NULL;
    int trans_count = 0;
    png_color_16p key = NULL;
    if (png_get_color_type(decoder->png, decoder->info) == PNG_COLOR_TYPE_PALETTE) return 0;
    if (!png_get_tRNS(decoder->png, decoder->info, &alpha, &trans_count, &key) || !key) return 0;
    *red = key->red;
    *green = key->green;
    *blue = key->blue;
    *gray = key->gray;
    return 1;
}
