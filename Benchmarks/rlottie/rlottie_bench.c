// The seagull flight and the explosions at taps written as Lottie (make_lottie.py) drawn by
// rlottie (Debian's librlottie-dev), the same frames `flipbook render` draws.
//
//   rlottie_bench FILE.json STEP COUNT ROUNDS [OUT_DIR]
//
// Draws frames i × STEP of the file for i < COUNT (the scene's frame i), timed as
// `flipbook-bench scene` times Flipbook: one core (frames in turn; median wall of a frame), two
// cores (two threads, each with its own Lottie_Animation as rlottie's API asks, taking every
// other frame; wall ÷ frames, the frame list repeated until a pass lasts 0.25 s), CPU = user +
// sys of all threads over both passes ÷ frames drawn. Medians over ROUNDS. OUT_DIR gets each
// frame as frameN.bgra: rlottie's premultiplied ARGB32, width × height × 4 bytes.
#include <pthread.h>
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

typedef struct {
    const char *file;
    size_t step, count, repeats, worker, width, height;
} Job;

static void *work(void *argument) {
    Job *job = argument;
    Lottie_Animation *animation = lottie_animation_from_file(job->file);
    uint32_t *buffer = malloc(job->width * job->height * 4);
    for (size_t r = 0; r < job->repeats; r++)
        for (size_t i = job->worker; i < job->count; i += 2)
            lottie_animation_render(animation, i * job->step, buffer, job->width, job->height, job->width * 4);
    free(buffer);
    lottie_animation_destroy(animation);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 5) {
        fprintf(stderr, "usage: rlottie_bench FILE.json STEP COUNT ROUNDS [OUT_DIR]\n");
        return 2;
    }
    const char *file = argv[1];
    size_t step = strtoul(argv[2], NULL, 10), count = strtoul(argv[3], NULL, 10), rounds = strtoul(argv[4], NULL, 10);
    Lottie_Animation *animation = lottie_animation_from_file(file);
    if (!animation || count == 0 || rounds == 0) {
        fprintf(stderr, "rlottie_bench: cannot load %s\n", file);
        return 1;
    }
    size_t width, height;
    lottie_animation_get_size(animation, &width, &height);
    uint32_t *buffer = malloc(width * height * 4);
    double *times = malloc(count * sizeof(double)), one[64], two[64], cpu[64];
    if (rounds > 64) rounds = 64;
    lottie_animation_render(animation, 0, buffer, width, height, width * 4);
    for (size_t round = 0; round < rounds; round++) {
        double cpuStart = now(CLOCK_PROCESS_CPUTIME_ID), sum = 0;
        for (size_t i = 0; i < count; i++) {
            double start = now(CLOCK_MONOTONIC);
            lottie_animation_render(animation, i * step, buffer, width, height, width * 4);
            times[i] = now(CLOCK_MONOTONIC) - start;
            sum += times[i];
        }
        qsort(times, count, sizeof(double), compare);
        one[round] = times[count / 2];
        size_t repeats = sum > 0 ? (size_t)(0.25 / sum) + 1 : 1;
        pthread_t threads[2];
        Job jobs[2];
        double start = now(CLOCK_MONOTONIC);
        for (size_t w = 0; w < 2; w++) {
            jobs[w] = (Job){file, step, count, repeats, w, width, height};
            pthread_create(&threads[w], NULL, work, &jobs[w]);
        }
        for (size_t w = 0; w < 2; w++) pthread_join(threads[w], NULL);
        two[round] = (now(CLOCK_MONOTONIC) - start) / (double)(count * repeats);
        cpu[round] = (now(CLOCK_PROCESS_CPUTIME_ID) - cpuStart) / (double)(count * (repeats + 1));
    }
    qsort(one, rounds, sizeof(double), compare);
    qsort(two, rounds, sizeof(double), compare);
    qsort(cpu, rounds, sizeof(double), compare);
    if (argc > 5) {
        char path[4096];
        for (size_t i = 0; i < count; i++) {
            lottie_animation_render(animation, i * step, buffer, width, height, width * 4);
            snprintf(path, sizeof path, "%s/frame%zu.bgra", argv[5], i);
            FILE *out = fopen(path, "wb");
            if (!out || fwrite(buffer, 4, width * height, out) != width * height) {
                fprintf(stderr, "rlottie_bench: cannot write %s\n", path);
                return 1;
            }
            fclose(out);
        }
    }
    printf("{\"frames\": %zu, \"width\": %zu, \"height\": %zu, \"wall_ms\": %.3f, \"wall2_ms\": %.3f, \"cpu_ms\": %.3f}\n", count, width,
           height, one[rounds / 2] * 1000, two[rounds / 2] * 1000, cpu[rounds / 2] * 1000);
    lottie_animation_destroy(animation);
    free(buffer);
    free(times);
    return 0;
}
