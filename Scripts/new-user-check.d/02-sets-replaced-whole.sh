# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 2. old sets replaced as a whole; the user's own files never touched"

begin "generate seagull 12 then 4 frames into gg: exactly the 4 new frames"
user_files gg
setup generate seagull --frames 12 -o gg
if expect_exit 0 generate seagull --frames 4 -o gg; then
    expect_files gg $(numbered seagull 4) sequence.json notes.txt my-own.png
    if expect_exit 0 validate gg --json; then
        counts="$(json_numbers frameCount "$OUT" | paste -sd, -)"
        [ "$counts" = 4 ] || problem "validate gg --json gives frameCount ${counts:-none}, expected 4"
    fi
fi
expect_unchanged gg/notes.txt gg/my-own.png
end

begin "sheet re-packed from many pages into one: no leftover s-N.png / s-N.json"
cp -R "$explosion_src" explosion
user_files s
if setup sheet explosion -o s/s.png --max-size 256; then
    [ -e s/s-1.png ] || problem "setup: --max-size 256 made one page, nothing to leave over"
    expect_exit 0 sheet explosion -o s/s.png --max-size 2048 &&
        expect_files s s.png s.json notes.txt my-own.png
fi
expect_unchanged s/notes.txt s/my-own.png
end

begin "frames of a 12-frame GIF, then a 4-frame GIF, into fr --prefix fire: exactly the 4 new"
cp -R "$coin_src" coin
user_files fr
setup generate seagull --frames 12 -o g12.gif
setup assemble coin -o bat.gif
if setup frames g12.gif -o fr --prefix fire; then
    expect_exit 0 frames bat.gif -o fr --prefix fire &&
        expect_files fr $(numbered fire 4) sequence.json notes.txt my-own.png
fi
expect_unchanged fr/notes.txt fr/my-own.png
end

begin "generate into gg2 that holds the user's own seagull1.png: refused, naming it"
mkdir gg2; cp "$image_src" gg2/seagull1.png; remember gg2
expect_exit 2 generate seagull --frames 12 -o gg2 && expect_mentions seagull1.png
expect_unchanged gg2
expect_files gg2 seagull1.png
end

begin "frames into fr2 that holds the user's own fire2.png: refused, naming it"
mkdir fr2; cp "$image_src" fr2/fire2.png; remember fr2
setup generate seagull --frames 4 -o bat.gif
expect_exit 2 frames bat.gif -o fr2 --prefix fire && expect_mentions fire2.png
expect_unchanged fr2
expect_files fr2 fire2.png
end

begin "sheet pages over the user's own s-1.png: refused, naming it"
cp -R "$explosion_src" explosion
mkdir pages; cp "$image_src" pages/s-1.png; remember pages
expect_exit 2 sheet explosion -o pages/s.png --max-size 256 && expect_mentions s-1.png
expect_unchanged pages
expect_files pages s-1.png
end
