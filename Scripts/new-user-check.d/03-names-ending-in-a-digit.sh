# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 3. names ending in a digit: orc1.gif and orc2.gif into one folder"

make_orcs() {  # orc1.gif (robot, 12 fps) and orc2.gif (adventurer, 5 fps): same size, other timing
    cp -R "$robot_src" robot
    cp -R "$adventurer_src" adventurer
    setup assemble robot -o orc1.gif --fps 12 && setup assemble adventurer -o orc2.gif --fps 5
}

same_timing() {  # same_timing WANT FILE...: the files (or else their prefix path) assemble to a GIF like WANT
    local want="$1" prefix="${2%1.png}"
    shift
    got=""
    if fb assemble "$@" -o rebuilt.gif && [ "$(descriptor rebuilt.gif)" = "$want" ]; then return 0; fi
    if fb assemble "$prefix" -o rebuilt.gif && [ "$(descriptor rebuilt.gif)" = "$want" ]; then return 0; fi
    fb assemble "$@" -o rebuilt.gif && got="$(descriptor rebuilt.gif)"
    return 1
}

begin "frames orc1.gif then orc2.gif -o chars: two separate sequences, first set intact"
if make_orcs && setup frames orc1.gif -o chars; then
    mapfile -t first < <(listing chars | grep '\.png$')
    [ ${#first[@]} -gt 0 ] && remember "${first[@]/#/chars/}" || problem "frames orc1.gif wrote no PNG"
    fb frames orc2.gif -o chars
    case "$rc" in
        0) want_animations=2 ;;
        2) want_animations=1; expect_message ;;
        *) want_animations=2; problem "'$cmd' exited $rc$(said)" ;;
    esac
    expect_unchanged chars
    if ! expect_exit 0 validate chars; then
        rules="$(grep -oE '(seq|png|size|scale)\.[a-z-]+' "$OUT" | sort -u | tr '\n' ' ')"
        [ -z "$rules" ] || problem "validate chars found ${rules% }"
    fi
    if expect_exit 0 sheet chars -o chars-sheet.png --json; then
        found="$(animations chars-sheet.json)"
        summary="$(echo "$found" | awk 'NF { printf "%s%s: %s frames", sep, $1, $2; sep = ", " }')"
        if [ "$(echo "$found" | grep -c .)" != "$want_animations" ] || echo "$found" | awk 'NF && $2 != 8 { bad = 1 } END { exit !bad }'; then
            problem "chars-sheet.json animations: ${summary:-none}; expected $want_animations of 8 frames"
        fi
    fi
fi
end

begin "frames orc2.gif into the folder of orc1.gif: the first timing survives (or exit 2)"
if make_orcs && setup frames orc1.gif -o chars; then
    mapfile -t first < <(listing chars | grep '\.png$' | sort -V)
    mapfile -t was < <(listing chars)
    want1="$(descriptor orc1.gif)"
    want2="$(descriptor orc2.gif)"
    fb frames orc2.gif -o chars
    second_rc=$rc
    case "$second_rc" in
        2) expect_message; expect_files chars "${was[@]}" ;;
        0) ;;
        *) problem "'$cmd' exited $rc$(said)" ;;
    esac
    same_timing "$want1" "${first[@]/#/chars/}" ||
        problem "the first set now plays as ${got:-nothing}, was $want1 (its sequence.json was replaced)"
    if [ "$second_rc" = 0 ]; then
        mapfile -t second < <(listing chars | grep '\.png$' | grep -vxF -f <(printf '%s\n' "${first[@]}") | sort -V)
        if [ ${#second[@]} -eq 0 ]; then
            problem "no new frames from orc2.gif"
        else
            same_timing "$want2" "${second[@]/#/chars/}" ||
                problem "the second set plays as ${got:-nothing}, not $want2"
        fi
    fi
fi
end
