import Animated

/// The page's HTML, style and script. The script does no timing arithmetic of its own: each
/// sequence carries its timing table (``PreviewTiming``, computed by `Animation`), and
/// `frameAt(table, t)` walks it exactly as `Animation.frameIndex(at:highlighted:)` does, on the same
/// IEEE doubles (`%` is C's `fmod`, as Swift's `truncatingRemainder`), so the frame shown at time t
/// is the one `Animation` gives for t.
///
/// Test hook: `?at=T1,T2,…` stops the clock and records, for every sequence (and its highlighted
/// play), the frame the page shows at each time into `<pre id="flipbook-test">` as JSON, with any
/// script error the page caught. `?reloadtest` records the reload notice instead of reloading.
enum PreviewHTML {
    static func page(title: String, data: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(escape(title))</title>
        <link rel="icon" href="data:,">
        <style>
        \(style)
        </style>
        </head>
        <body>
        <header>
          <h1>\(escape(title))</h1>
          <div class="controls">
            <span>Scale</span>
            <button type="button" data-zoom="1" class="on">1x</button><button type="button" data-zoom="2">2x</button><button type="button" data-zoom="3">3x</button>
            <button type="button" id="pause">Pause</button>
            <button type="button" id="restart">Restart all</button>
          </div>
        </header>
        <div id="notice" hidden></div>
        <main>
          <section id="sequences"><h2>Sequences</h2></section>
          <section id="animated"><h2>Animations (GIF, APNG, WebP)</h2></section>
          <section id="sheets"><h2>Sprite sheets</h2></section>
          <section id="findings"><h2>Validation</h2></section>
          <section id="problems"><h2>Not shown</h2></section>
        </main>
        <script type="application/json" id="flipbook-data">\(data)</script>
        <script>
        \(script)
        </script>
        </body>
        </html>

        """
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static let style = #"""
    :root { --zoom: 1; color-scheme: light dark; font: 14px/1.4 system-ui, sans-serif; }
    body { margin: 0; }
    header { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 1em; align-items: center;
             padding: .5em 1em; background: Canvas; border-bottom: 1px solid GrayText; }
    h1 { font-size: 1.1em; margin: 0; }
    h2 { font-size: 1em; margin: 1.5em 0 .5em; }
    main { padding: 0 1em 2em; }
    button { font: inherit; }
    button.on { font-weight: bold; outline: 2px solid Highlight; }
    #notice { position: fixed; top: .5em; right: .5em; z-index: 3; padding: .5em 1em; background: #ffd54f; color: #000; border-radius: 4px; }
    .grid { display: flex; flex-wrap: wrap; gap: 1em; align-items: flex-start; }
    figure { margin: 0; padding: .5em; border: 1px solid GrayText; border-radius: 4px; max-width: 100%; overflow: auto; }
    figcaption { font-size: .85em; max-width: 40em; }
    .stage { background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; display: inline-block; }
    .stage img, .sheet img { image-rendering: pixelated; display: block; }
    .sheet { position: relative; display: inline-block; background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    .region { position: absolute; box-sizing: border-box; border: 1px solid rgba(255, 0, 128, .8); }
    .region:hover { background: rgba(255, 0, 128, .2); z-index: 1; }
    .region:hover::after { content: attr(data-name); position: absolute; left: 0; top: 100%; white-space: nowrap;
                           background: #000; color: #fff; padding: 0 .3em; font-size: 12px; }
    table { border-collapse: collapse; }
    td, th { border: 1px solid GrayText; padding: .2em .5em; text-align: left; vertical-align: top; }
    .error { color: #c62828; } .warning { color: #ef6c00; }
    .empty { color: GrayText; }
    """#

    static let script = #"""
    (function () {
      "use strict";
      // Animation.boundaryTolerance: a time this close below a step's end has reached it.
      var TOLERANCE = \#(Animation.boundaryTolerance);
      var errors = [];
      window.addEventListener("error", function (e) { errors.push(String(e.message || e.type)); });
      var data = JSON.parse(document.getElementById("flipbook-data").textContent);
      var params = new URLSearchParams(location.search);
      var zoom = 1, paused = false, pausedAt = 0, players = [];

      // Animation.frameIndex(at:highlighted:), step for step, over the table Swift computed.
      function frameAt(table, t) {
        var steps = table.steps, durations = table.durations, n = steps.length;
        if (n === 0) return null;
        if (!(table.play > 0) || !(t > 0)) return steps[0];
        if (table.repeatCount > 0 && t >= table.play * table.repeatCount - TOLERANCE) return steps[n - 1];
        var local = t % table.play;
        for (var i = 0; i < n; i++) {
          if (local < durations[i] - TOLERANCE) return steps[i];
          local -= durations[i];
        }
        return steps[0];  // within the tolerance of a play's end: the next play has begun
      }

      function el(tag, attrs, text) {
        var node = document.createElement(tag);
        for (var key in attrs) node.setAttribute(key, attrs[key]);
        if (text !== undefined) node.textContent = text;
        return node;
      }

      function urlsFor(lists, scale) {
        var best = null;
        for (var i = 0; i < lists.length; i++) {
          if (lists[i].scale === scale) return lists[i];
          if (best === null || Math.abs(lists[i].scale - scale) < Math.abs(best.scale - scale)) best = lists[i];
        }
        return best;
      }

      function show(player, t) {
        var seq = player.seq, table = player.highlighted ? seq.highlighted : seq.normal;
        var lists = player.highlighted ? seq.highlightedFrames : seq.frames;
        var frame = frameAt(table, t);
        var chosen = urlsFor(lists, zoom);
        if (frame === null || chosen === null) return;
        var url = chosen.urls[frame];
        if (player.img.getAttribute("src") !== url) player.img.setAttribute("src", url);
        player.img.dataset.frame = String(frame);
        player.img.dataset.scale = String(chosen.scale);
        player.status.textContent = "frame " + (frame + 1) + " of " + chosen.urls.length + (player.highlighted ? " (highlighted)" : "");
      }

      function size(player) {
        var seq = player.seq;
        if (seq.width > 0) {
          player.img.style.width = (seq.width * zoom) + "px";
          player.img.style.height = (seq.height * zoom) + "px";
        }
      }

      var sequences = document.getElementById("sequences"), grid = el("div", { "class": "grid" });
      sequences.appendChild(grid);
      data.sequences.forEach(function (seq) {
        var figure = el("figure", { "data-sequence": seq.name });
        var stage = el("div", { "class": "stage" });
        var img = el("img", { alt: seq.name });
        stage.appendChild(img);
        figure.appendChild(stage);
        var caption = el("figcaption");
        caption.appendChild(el("strong", {}, seq.name));
        caption.appendChild(el("div", {}, seq.summary));
        var status = el("div", { "class": "status" });
        caption.appendChild(status);
        var player = { seq: seq, img: img, status: status, highlighted: false, start: 0 };
        var restart = el("button", { type: "button" }, "Restart");
        restart.addEventListener("click", function () { player.start = now(); });
        caption.appendChild(restart);
        if (seq.highlighted) {
          var toggle = el("button", { type: "button", "class": "highlight" }, "Highlighted");
          toggle.addEventListener("click", function () {
            player.highlighted = !player.highlighted;
            toggle.classList.toggle("on", player.highlighted);
            player.start = now();
          });
          caption.appendChild(toggle);
        }
        figure.appendChild(caption);
        grid.appendChild(figure);
        players.push(player);
        size(player);
      });
      if (data.sequences.length === 0) sequences.appendChild(el("p", { "class": "empty" }, "No frame sequence."));

      var animated = document.getElementById("animated"), agrid = el("div", { "class": "grid" });
      animated.appendChild(agrid);
      data.animated.forEach(function (file) {
        var figure = el("figure");
        var stage = el("div", { "class": "stage" });
        stage.appendChild(el("img", { src: file.url, alt: file.name }));
        figure.appendChild(stage);
        var caption = el("figcaption");
        caption.appendChild(el("strong", {}, file.name));
        caption.appendChild(el("div", {}, file.summary));
        figure.appendChild(caption);
        agrid.appendChild(figure);
      });
      if (data.animated.length === 0) animated.appendChild(el("p", { "class": "empty" }, "No GIF, APNG or WebP."));

      var sheetsSection = document.getElementById("sheets"), sheetViews = [];
      data.sheets.forEach(function (sheet) {
        var figure = el("figure");
        var caption = el("figcaption");
        caption.appendChild(el("strong", {}, sheet.name));
        caption.appendChild(el("div", {}, sheet.summary + " (hover a region for its name)"));
        figure.appendChild(caption);
        sheet.pages.forEach(function (page, index) {
          var box = el("div", { "class": "sheet" });
          box.appendChild(el("img", { src: page.url, alt: sheet.name + " page " + (index + 1) }));
          var regions = [];
          sheet.regions.forEach(function (r) {
            if (r[1] !== index) return;
            var region = el("div", { "class": "region", "data-name": r[0], title: r[0] });
            box.appendChild(region);
            regions.push({ node: region, r: r });
          });
          figure.appendChild(box);
          sheetViews.push({ box: box, page: page, regions: regions });
        });
        sheetsSection.appendChild(figure);
      });
      if (data.sheets.length === 0) sheetsSection.appendChild(el("p", { "class": "empty" }, "No sprite sheet."));

      function layoutSheets() {
        sheetViews.forEach(function (view) {
          var k = zoom / view.page.scale, img = view.box.firstChild;
          img.style.width = (view.page.width * k) + "px";
          img.style.height = (view.page.height * k) + "px";
          view.regions.forEach(function (region) {
            var r = region.r, style = region.node.style;
            style.left = (r[2] * k) + "px"; style.top = (r[3] * k) + "px";
            style.width = (r[4] * k) + "px"; style.height = (r[5] * k) + "px";
          });
        });
      }
      layoutSheets();

      var findings = document.getElementById("findings");
      if (data.findings.length === 0) {
        findings.appendChild(el("p", { "class": "empty" }, "No findings."));
      } else {
        var table = el("table"), head = el("tr");
        ["Severity", "Rule", "File", "Message"].forEach(function (h) { head.appendChild(el("th", {}, h)); });
        table.appendChild(head);
        data.findings.forEach(function (f) {
          var row = el("tr", { "class": f.severity });
          [f.severity, f.rule, f.file, f.message].forEach(function (v) { row.appendChild(el("td", {}, v)); });
          table.appendChild(row);
        });
        findings.appendChild(table);
      }
      var problems = document.getElementById("problems");
      if (data.problems.length === 0) {
        problems.hidden = true;
      } else {
        var list = el("ul");
        data.problems.forEach(function (p) { list.appendChild(el("li", {}, p)); });
        problems.appendChild(list);
      }

      function now() { return paused ? pausedAt : performance.now() / 1000; }

      Array.prototype.forEach.call(document.querySelectorAll("button[data-zoom]"), function (button) {
        button.addEventListener("click", function () {
          zoom = Number(button.dataset.zoom);
          Array.prototype.forEach.call(document.querySelectorAll("button[data-zoom]"), function (b) { b.classList.toggle("on", b === button); });
          players.forEach(size);
          layoutSheets();
          players.forEach(function (player) { if (player.visible) preload(player); });
        });
      });
      document.getElementById("pause").addEventListener("click", function (e) {
        if (paused) {
          var shift = performance.now() / 1000 - pausedAt;
          players.forEach(function (p) { p.start += shift; });
        } else {
          pausedAt = performance.now() / 1000;
        }
        paused = !paused;
        e.target.textContent = paused ? "Play" : "Pause";
      });
      document.getElementById("restart").addEventListener("click", function () {
        var t = now();
        players.forEach(function (p) { p.start = t; });
      });

      // Frames are loaded when their player comes into view (a page of thousands of frames loads
      // what is looked at), all of one scale at once so the first play does not stutter.
      var preloaded = {};
      function preload(player) {
        var chosen = urlsFor(player.seq.frames, zoom), lists = [chosen].concat(player.seq.highlighted ? [urlsFor(player.seq.highlightedFrames, zoom)] : []);
        lists.forEach(function (list) {
          if (!list) return;
          list.urls.forEach(function (url) {
            if (preloaded[url]) return;
            var image = new Image();
            image.src = url;
            preloaded[url] = image;
          });
        });
      }
      if ("IntersectionObserver" in window) {
        var observer = new IntersectionObserver(function (entries) {
          entries.forEach(function (entry) {
            entry.target.player.visible = entry.isIntersecting;
            if (entry.isIntersecting) preload(entry.target.player);
          });
        });
        players.forEach(function (player) { player.img.closest("figure").player = player; observer.observe(player.img.closest("figure")); });
      }

      function tick() {
        var t = now();
        players.forEach(function (p) { show(p, t - p.start); });
        requestAnimationFrame(tick);
      }

      function notice(text) {
        var box = document.getElementById("notice");
        box.textContent = text;
        box.hidden = false;
        document.body.dataset.reloadNotice = "shown";
      }

      function watch(version) {
        fetch("/__flipbook/changes?since=" + encodeURIComponent(version), { cache: "no-store" })
          .then(function (response) { return response.ok ? response.json() : { version: version }; })
          .then(function (answer) {
            if (answer.version !== version) {
              notice("The outputs changed: reloading…");
              if (!params.has("reloadtest")) setTimeout(function () { location.reload(); }, 300);
            } else {
              watch(version);
            }
          }, function () { setTimeout(function () { watch(version); }, 1000); });
      }

      if (params.has("at")) {
        var times = params.get("at").split(",").map(Number), record = [];
        players.forEach(function (player) {
          [false, true].forEach(function (highlighted) {
            if (highlighted && !player.seq.highlighted) return;
            player.highlighted = highlighted;
            times.forEach(function (t) {
              show(player, t);
              record.push({ sequence: player.seq.name, highlighted: highlighted, t: t, frame: Number(player.img.dataset.frame),
                            src: player.img.getAttribute("src") });
            });
          });
          player.highlighted = false;
        });
        var out = el("pre", { id: "flipbook-test" }, JSON.stringify({ frames: record, errors: errors }));
        document.body.appendChild(out);
      } else {
        players.forEach(function (p) { p.start = now(); });
        requestAnimationFrame(tick);
      }
      if (typeof data.live === "string") watch(data.live);
    })();
    """#
}
