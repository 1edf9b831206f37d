# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 9. the core jobs on day one (issue 32)"

begin "sheet a folder of named sprites and sequences, every engine: exit 0, every sprite back"
cp -R "$items_src" items
for engine in phaser3 pixi godot3 godot4 cocos2d libgdx spritekit aseprite; do
    expect_exit 0 sheet items -o "$engine/items.png" --engine "$engine" || continue
    data=$(cd "$engine" && ls | grep -v '\.png$' | head -1)
    expect_exit 0 frames "$engine/$data" -o "$engine-back" || continue
    [ "$(ls "$engine-back" | grep -c '\.png$')" = 32 ] || problem "$engine: $(ls "$engine-back" | grep -c '\.png$') of 32 sprites came back"
done
end

begin "sheet ui/*.png (files without numbers): exit 0"
cp -R "$items_src" items
expect_exit 0 sheet items/gemBlue.png items/star.png -o ui.png && expect_mentions "2 sprites"
end

begin "sheet --layout columns wraps (no 'larger than a page' for 128² sprites)"
cp -R "$explosion_src" ex
expect_exit 0 sheet ex -o cols.png --layout columns
end

begin "assemble --repeat 70000: refused with the range"
cp -R "$coin_src" coin
expect_exit 2 assemble coin -o r.gif --repeat 70000 && expect_mentions "65536"
end

begin "assemble --max-bytes that 8 colours miss (97 kB; 4 make 71 kB): searches on until it fits"
cp -R "$explosion_src" ex
expect_exit 0 assemble ex -o b.gif --max-bytes 80000
end

begin "assemble --scale 2 with @2x for some frames only: falls back per frame"
cp -R "$coin_src" coin
setup resize coin/gold_1.png -o coin/gold_1@2x.png --scale 2
expect_exit 0 assemble coin --scale 2 -o h.gif && expect_mentions "no @2x file"
end

begin "sheet --scales 2,3 (iOS's pair): exit 0, s@2x.png and s@3x.png"
cp -R "$spinner_src" sp
expect_exit 0 sheet sp -o s.png --scales 2,3
expect_no_file s.png
end

begin "sheet carries sequence.json timing (12 fps: Godot speed 12.0)"
cp -R "$coin_src" coin
printf '{"fps": 12}\n' > coin/sequence.json
expect_exit 0 sheet coin -o g/coin.tres --engine godot4
grep -q '"speed": 12.0' g/coin.tres || problem "g/coin.tres: $(grep speed g/coin.tres | head -1)"
end

begin "GIFs that browsers show: no palette, garbage after a frame (read, with a warning)"
for gif in no_palette no_palette_after_rgb test_extents_transparency; do
    cp "$pillow_src/$gif.gif" .
    expect_exit 0 info "$gif.gif" && expect_message
done
end

begin "messages: empty folder exits 3 everywhere; validate a file; --json failure is JSON"
mkdir empty && cp "$image_src" hero.png
expect_exit 3 info empty
expect_exit 3 validate empty
expect_exit 3 sheet empty -o e.png
expect_exit 3 assemble empty -o e.gif
expect_exit 2 validate hero.png && expect_mentions "not a folder of frames"
expect_exit 3 validate missing --json
grep -q '"exitCode"' "$OUT" || problem "validate missing --json printed no JSON"
end
