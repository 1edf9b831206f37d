# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 8. reruns into the same output replace it"

rerun() {  # rerun FILE FIRST-ARGS -- SECOND-ARGS: the second run exits 0 and FILE is what a fresh run gives
    local file="$1" first=() second=()
    shift
    while [ "$1" != -- ]; do first+=("$1"); shift; done
    shift
    second=("$@")
    setup "${first[@]}" -o "$file" || return
    expect_exit 0 "${second[@]}" -o "$file" || return
    mkdir -p fresh
    setup "${second[@]}" -o "fresh/$file" && expect_same "$file" "fresh/$file"
}

begin "assemble twice into walk.gif (12 then 24 fps)"
cp -R "$robot_src" robot
rerun walk.gif assemble robot --fps 12 -- assemble robot --fps 24
end

begin "blur twice into soft.png (sigma 2 then 6)"
cp "$image_src" hero.png
rerun soft.png blur hero.png --sigma 2 -- blur hero.png --sigma 6
end

begin "resize twice into small.png (0.5 then 0.25)"
cp "$image_src" hero.png
rerun small.png resize hero.png --scale 0.5 -- resize hero.png --scale 0.25
end

begin "draw twice into scene.png (scale 1 then 2)"
cp "$scene_src" scene.json
rerun scene.png draw scene.json --scale 1 -- draw scene.json --scale 2
end
