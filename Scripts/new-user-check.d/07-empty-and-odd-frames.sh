# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 7. empty and odd frames, typos"

for odd in empty text; do
    if [ "$odd" = empty ]; then bad=fire3.png what="an empty fire3.png"; else bad=fire4.png what="a text file named fire4.png"; fi

    begin "validate a sequence with $what: exit 1, a png.* rule"
    copy_frames "$fire_src" e fire
    if [ "$odd" = empty ]; then : >"e/$bad"; else cp "$root/README.md" "e/$bad"; fi
    if expect_exit 1 validate e; then
        grep -qE '(^|[^a-z])png\.[a-z-]+' "$OUT" || problem "validate e names no png.* rule$(said)"
        expect_mentions "$bad"
    fi
    end

    begin "assemble a sequence with $what: exit 3 naming it, nothing written"
    copy_frames "$fire_src" e fire
    if [ "$odd" = empty ]; then : >"e/$bad"; else cp "$root/README.md" "e/$bad"; fi
    expect_exit 3 assemble e -o e.gif && expect_mentions "$bad"
    expect_files . e
    end
done

begin "assemble Sequences/kenney-robo-walk (typo): exit 3 or 2 naming it, no x.gif"
mkdir Sequences; cp -R "$robot_src" Sequences/kenney-robot-walk
expect_exit 3/2 assemble Sequences/kenney-robo-walk -o x.gif && expect_mentions kenney-robo-walk
expect_files . Sequences
end

# ---------------------------------------------------------------------------------------------------
begin "typos in command and generator names: exit 2 naming the nearest"
expect_exit 2 assmble x -o y && expect_mentions "did you mean 'assemble'"
expect_exit 2 generate seagul -o x.gif && expect_mentions "did you mean 'seagull'"
expect_files .
end
