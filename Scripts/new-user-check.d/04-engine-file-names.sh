# Sourced by Scripts/new-user-check (its helpers: begin, end, fb, expect_*, …).
echo "== 4. engine file names"

begin "sheet -o gd/tele.tres --engine godot4: gd/tele.tres + gd/tele.png"
cp -R "$coin_src" coin
if expect_exit 0 sheet coin -o gd/tele.tres --engine godot4; then
    expect_files gd tele.png tele.tres
    [ ! -f gd/tele.tres ] || grep -q '[/"]tele\.png"' gd/tele.tres || problem "gd/tele.tres does not load tele.png"
fi
end
