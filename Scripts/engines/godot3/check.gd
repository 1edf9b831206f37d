# flipbook engine check, Godot 3: loads every SpriteFrames resource listed in res://list.txt with
# Godot's own ResourceLoader and prints, per animation frame, what AtlasTexture.draw uses: region,
# margin (position = offset of the region in the frame box, size = total extra width/height), the
# atlas page and its size, plus each animation's speed and loop. One JSON line per resource,
# prefixed "FLIPBOOK_CHECK ". Run: godot3-server --no-window --path PROJECT -s check.gd
extends SceneTree

func rect(r):
	return [r.position.x, r.position.y, r.size.x, r.size.y]

func dump(path):
	var out = {"path": path}
	var res = load(path)
	if res == null:
		out["error"] = "ResourceLoader.load returned null"
		return out
	if not (res is SpriteFrames):
		out["error"] = "not a SpriteFrames resource: " + res.get_class()
		return out
	var anims = []
	for name in res.get_animation_names():
		var frames = []
		for i in range(res.get_frame_count(name)):
			var t = res.get_frame(name, i)
			var fr = {}
			if t == null:
				fr["error"] = "null frame"
			elif t is AtlasTexture:
				fr["region"] = rect(t.region)
				fr["margin"] = rect(t.margin)
				fr["atlas"] = t.atlas.resource_path if t.atlas != null else ""
				fr["atlas_size"] = [t.atlas.get_width(), t.atlas.get_height()] if t.atlas != null else []
				fr["size"] = [t.get_width(), t.get_height()]
				fr["filter_clip"] = t.filter_clip
			else:
				fr["error"] = "frame is " + t.get_class() + ", not AtlasTexture"
			frames.append(fr)
		anims.append({"name": name, "speed": res.get_animation_speed(name), "loop": res.get_animation_loop(name), "frames": frames})
	out["animations"] = anims
	return out

func _init():
	var f = File.new()
	if f.open("res://list.txt", File.READ) != OK:
		print("FLIPBOOK_CHECK " + to_json({"path": "res://list.txt", "error": "cannot open list"}))
		quit()
		return
	while not f.eof_reached():
		var p = f.get_line().strip_edges()
		if p != "":
			print("FLIPBOOK_CHECK " + to_json(dump(p)))
	f.close()
	quit()
