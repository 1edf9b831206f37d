# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 10. lists of PNG files, frames of real GIFs, sequence.json directions in sheets (issue 32)"

walk_frames() {  # walk_frames DIR: 12 distinct explosion frames as DIR/walk1.png … DIR/walk12.png
    local i
    mkdir -p "$1"
    for ((i = 1; i <= 12; i++)); do cp "$explosion_src/explosion$((i * 5)).png" "$1/walk$i.png"; done
}

name_order() {  # name_order DIR PATTERN: DIR/PATTERN as a shell in the C locale globs it (walk1, walk10, walk11…)
    (cd "$1" && printf '%s\n' $2) | LC_ALL=C sort | sed "s|^|$1/|"
}

gif_shape() {  # gif_shape FILE: "N frames, T s" from `flipbook info`
    fb info "$1"
    [ "$rc" = 0 ] && grep -oE '[0-9]+ frames?, [0-9.]+ s' "$OUT" | head -n 1
}

animation_list() {  # animation_list DATA.json NAME: NAME's frames in a pretty-printed sheet's "animations", a,b,c
    awk -v want="$2" '
        /"animations"[[:space:]]*:[[:space:]]*\{/ { inside = 1; next }
        inside && /^[[:space:]]*\}/ { exit }
        inside && /\[/ { split($0, q, "\""); name = q[2]; list = ""; sep = ""; next }
        inside && /\]/ { if (name == want) { print list; exit } name = ""; next }
        inside && name == want && /"/ { split($0, q, "\""); list = list sep q[2]; sep = "," }
    ' "$1"
}

godot_steps() {  # godot_steps FILE.tres: the AtlasTexture ids its animation shows, 1,2,3…
    grep -oE 'SubResource\("AtlasTexture_[0-9]+"\)' "$1" | grep -oE '[0-9]+' | paste -sd, -
}

walk_list() {  # walk_list N…: robot_walkN,… for the robot sequence's frame numbers
    local n out=""
    for n in "$@"; do out="$out,robot_walk$n"; done
    echo "${out#,}"
}

robot_with() {  # robot_with JSON: the robot walk copied to ./robot with this sequence.json
    cp -R "$robot_src" robot
    printf '%s\n' "$1" >robot/sequence.json
}

begin "assemble dir/walk*.png (name order walk1, walk10, walk11, walk12, walk2…): plays by number"
walk_frames w
mapfile -t files < <(name_order w 'walk*.png')
[ "${files[1]}" = w/walk10.png ] || problem "setup: the glob starts ${files[0]}, ${files[1]}, not walk1, walk10"
if expect_exit 0 assemble "${files[@]}" -o glob.gif; then
    setup assemble w -o folder.gif && expect_same glob.gif folder.gif
    grep -qF 'order listed' "$ERR" && problem "'$cmd' said the files play in the order listed$(said)"
fi
end

begin "assemble c.png a.png b.png (an order of the user's own): plays as listed, with a note"
walk_frames w
cp w/walk1.png a.png; cp w/walk6.png b.png; cp w/walk11.png c.png
mkdir listed; cp c.png listed/x1.png; cp a.png listed/x2.png; cp b.png listed/x3.png
if expect_exit 0 assemble c.png a.png b.png -o own.gif; then
    expect_mentions "order listed"
    setup assemble listed -o listed.gif && expect_same own.gif listed.gif
    if expect_exit 0 frames own.gif -o check; then
        expect_files check $(numbered own 3) sequence.json
        expect_exit 0 validate check
    fi
fi
end

begin "assemble a.png a.png b.png (a file twice): a hold, 3 steps in 2 frames"
walk_frames w
cp w/walk1.png a.png; cp w/walk6.png b.png
mkdir held; cp a.png held/y1.png; cp a.png held/y2.png; cp b.png held/y3.png
if expect_exit 0 assemble a.png a.png b.png -o held.gif; then
    setup assemble held -o folder.gif && expect_same held.gif folder.gif
    shape="$(gif_shape held.gif)"
    [ "$shape" = "2 frames, 0.1 s" ] || problem "held.gif is ${shape:-unreadable}, expected 2 frames, 0.1 s"
fi
end

begin "assemble items/gem*.png (named sprites without numbers): 4 frames in name order"
cp -R "$items_src" items
mkdir gems; cp items/gemBlue.png gems/g1.png; cp items/gemGreen.png gems/g2.png
cp items/gemRed.png gems/g3.png; cp items/gemYellow.png gems/g4.png
mapfile -t files < <(name_order items 'gem*.png')
if expect_exit 0 assemble "${files[@]}" -o gems.gif; then
    setup assemble gems -o folder.gif && expect_same gems.gif folder.gif
    expect_exit 0 frames gems.gif -o check && expect_files check $(numbered gems 4) sequence.json
fi
end

begin "assemble items/flag*.png (numbered flagGreen1 and unnumbered flagGreen_down): all 9, as listed"
cp -R "$items_src" items
mapfile -t files < <(name_order items 'flag*.png')
if expect_exit 0 assemble "${files[@]}" -o flags.gif; then
    shape="$(gif_shape flags.gif)"
    [ "$shape" = "9 frames, 0.3 s" ] || problem "flags.gif is ${shape:-unreadable}, expected 9 frames, 0.3 s"
fi
end

begin "assemble walk files in \"my frames\"/*.png (a path with spaces), twice into one GIF"
walk_frames "my frames"
mapfile -t files < <(name_order "my frames" 'walk*.png')
setup assemble "my frames" -o folder.gif
if expect_exit 0 assemble "${files[@]}" -o "out put.gif" && expect_exit 0 assemble "${files[@]}" -o "out put.gif"; then
    expect_same "out put.gif" folder.gif
fi
expect_files . "my frames" folder.gif "out put.gif"
end

begin "assemble a list with notes.txt, a missing walk13.png, a folder, or an empty PNG: exit 3, no GIF"
walk_frames w
echo "my notes" >w/notes.txt
: >w/empty.png
expect_exit 3 assemble w/walk1.png w/notes.txt w/walk2.png -o x.gif && expect_mentions "notes.txt"
expect_exit 3 assemble w/walk1.png w/walk2.png w/walk13.png -o x.gif && expect_mentions "walk13.png"
expect_exit 3 assemble w/walk1.png w/empty.png -o x.gif && expect_mentions "empty.png"
mkdir more; cp w/walk3.png more/walk1.png
expect_exit 2/3 assemble w/walk1.png more w/walk2.png -o x.gif && expect_message
expect_files . w more
end

begin "frames of every real GIF (effects, giflib, pillow): validate finds no png.colortype-mixed"
mixed=() failed_gifs=()
for gif in "$effects_src"/*.gif "$giflib_src"/*.gif "$pillow_src"/*.gif; do
    base="$(basename "$gif" .gif)"
    cp "$gif" "$base.gif"
    fb frames "$base.gif" -o "fr-$base"
    if [ "$rc" != 0 ]; then failed_gifs+=("$base ($rc)"); continue; fi
    fb validate "fr-$base"
    grep -q 'png\.colortype-mixed' "$OUT" && mixed+=("$base")
done
[ ${#failed_gifs[@]} -eq 0 ] || problem "frames failed on $(short_list "${failed_gifs[@]}")"
[ ${#mixed[@]} -eq 0 ] || problem "png.colortype-mixed in the frames of $(short_list "${mixed[@]}")"
end

begin "frames Effect_BigHit.gif twice into one folder: the same 24 frames, validate clean"
cp "$effects_src/Effect_BigHit.gif" .
if setup frames Effect_BigHit.gif -o big; then
    remember big
    if expect_exit 0 frames Effect_BigHit.gif -o big; then
        expect_files big $(numbered Effect_BigHit 24) sequence.json
        expect_unchanged big
        expect_exit 0 validate big
    fi
fi
end

begin "frames issue_2811.gif (LZW code size 11): exit 0 with a warning, assembles back"
cp "$pillow_src/issue_2811.gif" .
if expect_exit 0 frames issue_2811.gif -o out; then
    expect_mentions "LZW code size is 11"
    expect_files out issue_2811_1.png sequence.json
    expect_exit 0 validate out
    expect_exit 0 assemble out -o back.gif
fi
end

begin "sheet with sequence.json pingpong ×3: phaser3 and pixi lists forward and back, the code line named"
robot_with '{"direction": "pingpong", "repeatCount": 3}'
want="$(walk_list 0 1 2 3 4 5 6 7 6 5 4 3 2 1)"
if expect_exit 0 sheet robot -o p/robot.png --engine phaser3; then
    expect_mentions 'repeat: 2'
    got="$(animation_list p/robot.json robot_walk)"
    [ "$got" = "$want" ] || problem "phaser3 robot_walk is ${got:-missing}, expected $want"
fi
if expect_exit 0 sheet robot -o x/robot.png --engine pixi; then
    expect_mentions "onLoop"
    expect_mentions "3 plays"
    got="$(animation_list x/robot.json robot_walk)"
    [ "$got" = "$want" ] || problem "pixi robot_walk is ${got:-missing}, expected $want"
fi
end

begin "sheet with sequence.json pingpong ×3: godot4 shows it 3 times without a loop, aseprite tags it"
cp -R "$robot_src" plain
robot_with '{"direction": "pingpong", "repeatCount": 3}'
if setup sheet plain -o g0/plain.tres --engine godot4 && expect_exit 0 sheet robot -o g/robot.tres --engine godot4; then
    IFS=, read -r -a f <<<"$(godot_steps g0/plain.tres)"
    play="$(printf '%s,' "${f[@]}" "${f[6]}" "${f[5]}" "${f[4]}" "${f[3]}" "${f[2]}" "${f[1]}")"
    want="$play$play$play"
    got="$(godot_steps g/robot.tres)"
    [ "$got" = "${want%,}" ] || problem "godot4 shows $got, expected ${want%,}"
    grep -q '"loop": false' g/robot.tres || problem "g/robot.tres loops ($(grep -o '"loop": [a-z]*' g/robot.tres))"
fi
if expect_exit 0 sheet robot -o a/robot.png --engine aseprite; then
    grep -qF '"direction": "pingpong", "repeat": "3"' a/robot.json ||
        problem "a/robot.json tags: $(grep -F '"name": "robot_walk"' a/robot.json | tr -s ' ')"
fi
end

begin "sheet with sequence.json reverse: phaser3, pixi, godot4 and aseprite play 7…0"
robot_with '{"direction": "reverse"}'
want="$(walk_list 7 6 5 4 3 2 1 0)"
for engine in phaser3 pixi; do
    expect_exit 0 sheet robot -o "$engine/robot.png" --engine "$engine" || continue
    got="$(animation_list "$engine/robot.json" robot_walk)"
    [ "$got" = "$want" ] || problem "$engine robot_walk is ${got:-missing}, expected $want"
    grep -q 'repeat' "$ERR" && problem "'$cmd' warned about repeats$(said)"
done
cp -R "$robot_src" plain
if setup sheet plain -o g0/plain.tres --engine godot4 && expect_exit 0 sheet robot -o g/robot.tres --engine godot4; then
    want_g="$(godot_steps g0/plain.tres | tr ',' '\n' | tac | paste -sd, -)"
    got="$(godot_steps g/robot.tres)"
    [ "$got" = "$want_g" ] || problem "godot4 shows $got, expected $want_g"
fi
if expect_exit 0 sheet robot -o a/robot.png --engine aseprite; then
    grep -qF '"direction": "reverse"' a/robot.json ||
        problem "a/robot.json tags: $(grep -F '"name": "robot_walk"' a/robot.json | tr -s ' ')"
fi
end

begin "sequence.json with a mistyped direction (pingpng, Reverse, ping-pong): exit 3 naming the value"
for typo in pingpng:pingpong Reverse:reverse ping-pong:pingpong; do
    rm -rf robot
    robot_with "{\"direction\": \"${typo%%:*}\"}"
    for engine in phaser3 pixi godot4 aseprite; do
        expect_exit 3 sheet robot -o "$engine/robot.png" --engine "$engine" &&
            expect_mentions "did you mean \"${typo#*:}\""
    done
    expect_exit 1 validate robot && expect_mentions "manifest.invalid"
done
expect_files . robot
end
