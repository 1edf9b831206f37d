# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 6. odd outputs: -, .jpg, .mp4"

begin "generate seagull -o gull.jpg: refused, nothing created"
expect_exit 2 generate seagull -o gull.jpg && expect_message
expect_files .
end

begin "generate seagull -o -: refused, no file named -"
expect_exit 2 generate seagull -o - && expect_message
expect_files .
end

begin "frames x.gif -o -: refused, no file named -"
setup generate seagull --frames 4 -o x.gif
expect_exit 2 frames x.gif -o - && expect_message
expect_files . x.gif
end

begin "sheet SEQ -o -: refused, no file named - (or -.png, -.json)"
cp -R "$coin_src" coin
expect_exit 2 sheet coin -o - && expect_message
expect_files . coin
end

begin "assemble SEQ -o - > out.gif: a GIF on stdout, no file named -"
cp -R "$coin_src" coin
expect_exit 0 assemble coin -o - && expect_signature "$OUT" gif "its stdout"
expect_files . coin
end

for ext in mp4 jpg webp png; do
    begin "assemble SEQ -o out.$ext: refused (or a real .$ext)"
    cp -R "$coin_src" coin
    fb assemble coin -o "out.$ext"
    if timed_out; then
        problem "'$cmd' hung (killed after ${TIMEOUT} s)"
    elif [ "$rc" = 0 ] && { [ "$ext" = png ] || [ "$ext" = webp ]; }; then
        expect_signature "out.$ext" "$ext" "out.$ext (exit 0)"
        expect_files . coin "out.$ext"
    else
        [ "$rc" = 2 ] || problem "'$cmd' exited $rc, expected 2$(said)"
        expect_files . coin
    fi
    end
done

# ---------------------------------------------------------------------------------------------------
# (generate/frames -o '' are tested in Tests/: a binary without the check writes into / itself.)
begin "sheet -o '' and --data - (no file name): refused, nothing written"
cp -R "$coin_src" coin
remember coin
expect_exit 2 sheet coin -o '' && expect_message
expect_exit 2 sheet coin -o x.png --data - && expect_message
expect_files . coin
expect_unchanged coin
end

begin "a folder's settings as an output (sequence.json, .flipbook.json): refused"
cp -R "$coin_src" coin
remember coin
expect_exit 2 validate coin --output coin/sequence.json && expect_message
expect_exit 2 validate coin --output coin/.flipbook.json && expect_message
expect_exit 2 sheet coin -o coin/sequence.png && expect_message
expect_unchanged coin
expect_exit 0 validate coin
end

begin "a user's frame of the same prefix beside a new set (fire40.png by fire1…33): refused"
setup generate seagull --frames 4 -o x.gif
mkdir fr && cp "$coin_src/gold_1.png" fr/x40.png
remember fr
expect_exit 2 frames x.gif -o fr && expect_mentions "fr/x40.png"
expect_unchanged fr
expect_files fr x40.png
end

begin "a sheet written into its source folder, written again: both runs work"
cp -R "$coin_src" coin
expect_exit 0 sheet coin -o coin/sheet.png
expect_exit 0 sheet coin -o coin/sheet.png
end
