/* Times Pango 1.50 (through PangoCairo, set up as pango-view made the text references:
 * no hinting, no hint metrics, gray antialiasing, unrounded glyph positions, sizes in pixels, no
 * hyphens inserted) on the text corpus, as flipbook-bench text times Flipbook's Text module:
 * for each paragraph, the median milliseconds to lay it out (a new PangoLayout, its extents asked
 * for, which shapes, breaks and places it) and to draw it black onto a white ARGB32 surface as
 * wide as the case and as tall as the layout. The font map and context are made once, before
 * timing (Flipbook's side loads its font once too).
 *
 * usage: pango_bench RECORDS ROUNDS
 *   RECORDS: for each case, five NUL-terminated fields: id, size (px), width (px), wrap
 *   (char, word-char, end, start, middle), text. Scripts/bench writes it from cases.json and sets
 *   FONTCONFIG_FILE so that only the DejaVu Sans Flipbook ships is found.
 * Prints one JSON line a case: {"id", "layout_ms", "draw_ms", "ink"} (ink: the sum of 255 − value
 * over the colour channels ÷ 3, to check both drew as much). Dev-time only; never committed built. */
#include <pango/pangocairo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *values, int count) {
    qsort(values, count, sizeof *values, compare);
    return values[count / 2];
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: pango_bench RECORDS ROUNDS\n"); return 2; }
    int rounds = atoi(argv[2]);
    if (rounds < 1) rounds = 1;
    FILE *file = fopen(argv[1], "rb");
    if (!file) { perror(argv[1]); return 1; }
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *data = malloc(length + 1);
    if (!data || fread(data, 1, length, file) != (size_t)length) { fprintf(stderr, "cannot read %s\n", argv[1]); return 1; }
    fclose(file);
    data[length] = 0;

    PangoFontMap *map = pango_cairo_font_map_new();
    PangoContext *context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(context, options);
    pango_context_set_round_glyph_positions(context, FALSE);
    PangoAttrList *attributes = pango_attr_list_new();
    pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(FALSE));

    double *layouts = malloc(sizeof(double) * rounds), *draws = malloc(sizeof(double) * rounds);
    char *at = data, *end = data + length;
    while (at < end) {
        char *fields[5];
        for (int i = 0; i < 5; i++) {
            if (at >= end) { fprintf(stderr, "a record has fewer than 5 fields\n"); return 1; }
            fields[i] = at;
            at += strlen(at) + 1;
        }
        double size = atof(fields[1]), width = atof(fields[2]);
        const char *wrap = fields[3], *text = fields[4];
        PangoFontDescription *font = pango_font_description_from_string("DejaVu Sans");
        pango_font_description_set_absolute_size(font, size * PANGO_SCALE);
        long ink = 0;
        for (int round = 0; round < rounds; round++) {
            double start = now_ms();
            PangoLayout *layout = pango_layout_new(context);
            pango_layout_set_font_description(layout, font);
            pango_layout_set_width(layout, (int)(width * PANGO_SCALE));
            if (!strcmp(wrap, "char")) pango_layout_set_wrap(layout, PANGO_WRAP_CHAR);
            else if (!strcmp(wrap, "word-char")) pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR);
            else pango_layout_set_ellipsize(layout, !strcmp(wrap, "end") ? PANGO_ELLIPSIZE_END
                                                    : !strcmp(wrap, "start") ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_MIDDLE);
            pango_layout_set_attributes(layout, attributes);
            pango_layout_set_text(layout, text, -1);
            PangoRectangle inked, logical;
            pango_layout_get_pixel_extents(layout, &inked, &logical);
            double laid = now_ms();
            int w = (int)(width + 0.999999), h = logical.height > 0 ? logical.height : 1;
            cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h);
            cairo_t *cr = cairo_create(surface);
            cairo_set_source_rgb(cr, 1, 1, 1);
            cairo_paint(cr);
            cairo_set_source_rgb(cr, 0, 0, 0);
            pango_cairo_show_layout(cr, layout);
            cairo_surface_flush(surface);
            double drawn = now_ms();
            layouts[round] = laid - start;
            draws[round] = drawn - laid;
            if (round == rounds - 1) {
                unsigned char *pixels = cairo_image_surface_get_data(surface);
                int stride = cairo_image_surface_get_stride(surface);
                for (int y = 0; y < h; y++)
                    for (int x = 0; x < w; x++)
                        for (int c = 0; c < 3; c++) ink += 255 - pixels[y * stride + x * 4 + c];
            }
            cairo_destroy(cr);
            cairo_surface_destroy(surface);
            g_object_unref(layout);
        }
        pango_font_description_free(font);
        printf("{\"id\": \"%s\", \"layout_ms\": %.4f, \"draw_ms\": %.4f, \"ink\": %ld}\n",
               fields[0], median(layouts, rounds), median(draws, rounds), ink / 3);
    }
    return 0;
}
