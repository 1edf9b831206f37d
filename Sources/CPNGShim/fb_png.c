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
    png_set_read_fn(png, decoder, fb_read_from_memory);
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

// MARK: - Encoding

typedef struct fb_png_encoder {
    fb_png_errors errors;
    fb_png_output *output;
} fb_png_encoder;

static void fb_write_to_memory(png_structp png, png_bytep data, size_t length) {
    fb_png_encoder *encoder = (fb_png_encoder *)png_get_io_ptr(png);
    fb_png_output *output = encoder->output;
    if (length > output->capacity - output->size) {
        size_t capacity = output->capacity ? output->capacity : 4096;
        while (length > capacity - output->size) {
            if (capacity > SIZE_MAX / 2) png_error(png, "output too large");
            capacity *= 2;
        }
        uint8_t *grown = realloc(output->data, capacity);
        if (!grown) png_error(png, "out of memory");
        output->data = grown;
        output->capacity = capacity;
    }
    memcpy(output->data + output->size, data, length);
    output->size += length;
}

static void fb_flush_nothing(png_structp png) { (void)png; }

int fb_png_encode(const fb_png_encode_options *options, const uint8_t *rows_data, size_t stride,
                  fb_png_output *output, char message[FB_PNG_MESSAGE_CAPACITY]) {
    fb_png_encoder *volatile encoder = calloc(1, sizeof(fb_png_encoder));
    if (!encoder) { fb_copy_message(message, "out of memory"); return FB_PNG_ERROR; }
    encoder->output = output;

    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &encoder->errors, fb_on_error, fb_on_warning);
    if (!png) { free(encoder); fb_copy_message(message, "out of memory"); return FB_PNG_ERROR; }
    png_infop info = png_create_info_struct(png);
    png_bytep *volatile rows = NULL;
    if (!info || setjmp(encoder->errors.jump)) {
        fb_copy_message(message, info ? encoder->errors.message : "out of memory");
        png_destroy_write_struct(&png, info ? &info : NULL);
        free(rows);
        free(encoder);
        return FB_PNG_ERROR;
    }

    png_set_write_fn(png, encoder, fb_write_to_memory, fb_flush_nothing);
    png_set_compression_level(png, options->compression_level);
    png_set_IHDR(png, info, options->width, options->height, options->bit_depth, options->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (options->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color palette[256];
        for (int i = 0; i < options->palette_count && i < 256; i++) {
            palette[i].red = options->palette[3 * i];
            palette[i].green = options->palette[3 * i + 1];
            palette[i].blue = options->palette[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, options->palette_count);
        if (options->trns_count > 0) {
            png_set_tRNS(png, info, (png_bytep)options->trns, options->trns_count, NULL);
        }
        // Filtering rarely helps indexed rows; zlib alone does better on them.
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    }
    png_write_info(png, info);

    rows = malloc(sizeof(png_bytep) * (options->height ? options->height : 1));
    if (!rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < options->height; y++) rows[y] = (png_bytep)rows_data + (size_t)y * stride;
    png_write_image(png, rows);
    png_write_end(png, NULL);

    png_destroy_write_struct(&png, &info);
    free(rows);
    free(encoder);
    return FB_PNG_OK;
}

void fb_png_output_free(fb_png_output *output) {
    free(output->data);
    output->data = NULL;
    output->size = 0;
    output->capacity = 0;
}
