# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 1. outputs over inputs: exit 2, every input byte-identical"

begin "assemble FOLDER -o one of its frames (ov/fire2.png)"
copy_frames "$fire_src" ov fire; remember ov
expect_exit 2 assemble ov -o ov/fire2.png && expect_message
expect_unchanged ov
expect_files ov $(numbered fire 14)
end

begin "assemble PREFIX -o one of its frames (ov/fire3.png)"
copy_frames "$fire_src" ov fire; remember ov
expect_exit 2 assemble ov/fire -o ov/fire3.png && expect_message
expect_unchanged ov
expect_files ov $(numbered fire 14)
end

begin "assemble FILES -o one of them"
copy_frames "$fire_src" ov fire; remember ov
expect_exit 2 assemble ov/fire1.png ov/fire2.png ov/fire3.png -o ov/fire3.png && expect_message
expect_unchanged ov
expect_files ov $(numbered fire 14)
end

begin "assemble PREFIX -o a GIF beside its frames (ov/fire2.gif): frames untouched"
copy_frames "$fire_src" ov fire; remember ov
expect_exit 0/2 assemble ov/fire -o ov/fire2.gif
expect_unchanged ov
end

begin "assemble -o a symlink to one of the frames"
copy_frames "$fire_src" ov fire; remember ov
ln -s ov/fire3.png link.gif
expect_exit 2 assemble ov -o link.gif && expect_message
expect_unchanged ov
[ -L link.gif ] || problem "the symlink link.gif was replaced"
end

begin "assemble -o a frame through a folder symlink (same/fire2.png, same -> ov)"
copy_frames "$fire_src" ov fire; remember ov
ln -s ov same
expect_exit 2 assemble ov -o same/fire2.png && expect_message
expect_unchanged ov
expect_files ov $(numbered fire 14)
end

begin "assemble -o a hard link to one of the frames"
copy_frames "$fire_src" ov fire; remember ov
ln ov/fire4.png hard.gif
expect_exit 2 assemble ov -o hard.gif && expect_message
expect_unchanged ov
expect_files . hard.gif ov
end

begin "frames SHEET.json -o the folder of its page (frame fire1 = page fire1.png)"
copy_frames "$fire_src" fire fire
if setup sheet fire -o ov2/fire1.png; then
    mapfile -t was < <(listing ov2); remember ov2
    expect_exit 2 frames ov2/fire1.json -o ov2 && expect_message
    expect_unchanged ov2
    expect_files ov2 "${was[@]}"
fi
end

begin "sheet -o one of its input frames"
copy_frames "$fire_src" fire fire; remember fire
expect_exit 2 sheet fire -o fire/fire3.png && expect_message
expect_unchanged fire
expect_files fire $(numbered fire 14)
end

begin "sheet --data one of its input frames"
copy_frames "$fire_src" fire fire; remember fire
expect_exit 2 sheet fire -o out.png --data fire/fire5.png && expect_message
expect_unchanged fire
expect_files . fire
end

begin "blur IN.png -o IN.png"
cp "$image_src" hero.png; remember hero.png
expect_exit 2 blur hero.png -o hero.png --sigma 3 && expect_message
expect_unchanged hero.png
end

begin "blur IN.png -o here/IN.png (here -> .)"
cp "$image_src" hero.png; remember hero.png
ln -s . here
expect_exit 2 blur hero.png -o here/hero.png --sigma 3 && expect_message
expect_unchanged hero.png
end

begin "resize IN.png -o IN.png"
cp "$image_src" hero.png; remember hero.png
expect_exit 2 resize hero.png -o hero.png --scale 0.5 && expect_message
expect_unchanged hero.png
end

begin "slice IN.png -o IN.png"
cp "$image_src" hero.png; remember hero.png
expect_exit 2 slice hero.png -o hero.png --insets 8,8,8,8 --size 120x60 && expect_message
expect_unchanged hero.png
end

begin "draw scene.json -o scene.json"
cp "$scene_src" scene.json; remember scene.json
expect_exit 2 draw scene.json -o scene.json && expect_message
expect_unchanged scene.json
end
