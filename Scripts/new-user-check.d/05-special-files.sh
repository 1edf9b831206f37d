# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 5. special files"

TIMEOUT=20
for command in info validate assemble; do
    begin "a FIFO named fire2.png in the frames: $command does not hang"
    copy_frames "$fire_src" ff fire
    rm ff/fire2.png; mkfifo ff/fire2.png
    case "$command" in
        assemble) fb assemble ff -o ff.gif ;;
        *) fb "$command" ff ;;
    esac
    if timed_out; then
        problem "'$cmd' hung (killed after ${TIMEOUT} s)"
    elif [ "$rc" = 0 ] && ! grep -qi 'regular file' "$OUT" "$ERR"; then
        problem "'$cmd' exited 0 without saying fire2.png is not a regular file"
    elif [ "$rc" != 0 ] && [ "$command" = assemble ]; then
        expect_no_file ff.gif
    fi
    end
done
TIMEOUT=60

begin "validate a folder with a symlink loop (ln -s .. loop): each sequence once"
copy_frames "$fire_src" lp/a fire
cp -R "$coin_src" lp/coin
ln -s .. lp/a/loop
if expect_exit 0/1 validate lp --json; then
    n="$(json_numbers sequences "$OUT" | head -n 1)"
    [ "$n" = 2 ] || problem "validate lp reports ${n:-no} sequences, expected 2 (lp/a/fire, lp/coin/gold_)"
fi
end
