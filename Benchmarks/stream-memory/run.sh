#!/bin/bash
# Peak resident memory (and user+sys CPU) of flipbook on animated sources, one binary at a time:
#   Benchmarks/stream-memory/run.sh FLIPBOOK_BINARY WORKDIR LABEL
# WORKDIR must hold real.gif, real.apng, real.webp, hostile.gif, hostile.apng, hostile.webp:
#   flipbook assemble Benchmarks/gif-real/corpus/unity-wispy-smoke-02-long -o WORKDIR/real.gif
#   python3 Benchmarks/stream-memory/make_hostile_gif.py WORKDIR/hostile.gif
#   flipbook assemble WORKDIR/X.gif -o WORKDIR/X.apng; flipbook assemble WORKDIR/X.apng -o WORKDIR/X.webp
# Prints one tab-separated line a conversion (release builds; /usr/bin/time -v).
bin=$1; work=$2; label=$3
out=$work/out-$label; rm -rf "$out"; mkdir -p "$out"
run() {
  name=$1; shift
  /usr/bin/time -v "$bin" "$@" > "$out/$name.log" 2> "$out/$name.time"
  rc=$?
  rss=$(grep "Maximum resident" "$out/$name.time" | awk '{print $6}')
  user=$(grep "User time" "$out/$name.time" | awk '{print $4}')
  sys=$(grep "System time" "$out/$name.time" | awk '{print $4}')
  printf "%s\t%s\trc=%s\tmaxrss_MB=%d\tuser+sys=%.2f\n" "$label" "$name" "$rc" $((rss/1024)) "$(echo "$user + $sys" | bc)"
}
for src in real hostile; do
  [ -f "$work/$src.gif" ] || continue
  run $src-gif2gif assemble "$work/$src.gif" -o "$out/$src.gif"
  run $src-gif2apng assemble "$work/$src.gif" -o "$out/$src.apng"
  run $src-apng2webp assemble "$work/$src.apng" -o "$out/$src.webp"
  run $src-webp2frames frames "$work/$src.webp" -o "$out/$src-frames"
  run $src-blurgif blur "$work/$src.gif" -o "$out/$src-blur.gif" --sigma 2
done
