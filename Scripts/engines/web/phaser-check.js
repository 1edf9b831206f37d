// Phaser 3 check: loads each job's sheet with Phaser's own loaders (load.atlas, load.multiatlas,
// load.aseprite), draws every expected frame with add.image(0, 0, key, frame).setOrigin(0) into a
// transparent canvas (pixelArt: NEAREST, no antialias, roundPixels), reads the pixels back and
// posts them to the driver. For Aseprite jobs it also reports anims.createFromAseprite's output.
'use strict';

(async function main() {
  const spec = await fetchJobs();
  const jobs = spec.jobs;
  const type = window.RENDERER === 'canvas' ? Phaser.CANVAS : Phaser.WEBGL;
  const W = spec.width, H = spec.height;

  let sceneRef = null;
  const ready = new Promise((resolve) => {
    new Phaser.Game({
      type, width: W, height: H, banner: false,
      audio: { noAudio: true },
      scale: { mode: Phaser.Scale.NONE },
      // Phaser reads these from `render` when a render object is given (Core/Config.js)
      render: { transparent: true, pixelArt: true, preserveDrawingBuffer: true, antialias: false, roundPixels: true, clearBeforeRender: true },
      scene: { create() { sceneRef = this; resolve(); } },
    });
  });
  await ready;
  const scene = sceneRef;
  const game = scene.game;
  await postJSON('/log', { msg: 'phaser ' + Phaser.VERSION + ' renderer ' + (game.renderer.type === Phaser.WEBGL ? 'webgl' : 'canvas') });
  const img = scene.add.image(0, 0, '__DEFAULT').setOrigin(0).setVisible(false);

  const nextRender = () => new Promise((resolve) => game.events.once('postrender', () => resolve()));

  function load(job, key) {
    return new Promise((resolve) => {
      const errors = [];
      const onError = (file) => errors.push('load error: ' + file.type + ' ' + file.src);
      scene.load.on('loaderror', onError);
      scene.load.once('complete', () => { scene.load.off('loaderror', onError); resolve(errors); });
      const b = job.base;
      if (job.kind === 'atlas') scene.load.atlas(key, b + job.png, b + job.json);
      else if (job.kind === 'multiatlas') scene.load.multiatlas(key, b + job.json, b);
      else if (job.kind === 'aseprite') scene.load.aseprite(key, b + job.png, b + job.json);
      scene.load.start();
    });
  }

  for (const job of jobs) {
    const key = 'job' + job.id;
    const result = { id: job.id, errors: [], frameNames: [], anims: null, missing: [] };
    try {
      result.errors = await load(job, key);
      const tex = scene.textures.exists(key) ? scene.textures.get(key) : null;
      if (!tex) result.errors.push('texture "' + key + '" not in the TextureManager after loading');
      else result.frameNames = tex.getFrameNames(false);
      if (job.kind === 'aseprite') {
        let anims = [];
        try { anims = scene.anims.createFromAseprite(key) || []; } catch (e) { result.errors.push('createFromAseprite threw: ' + e.message); }
        result.anims = anims.map((a) => ({
          key: a.key,
          frames: a.frames.map((f) => ({ frame: f.textureFrame, duration: f.duration })),
          repeat: a.repeat, yoyo: a.yoyo, msPerFrame: a.msPerFrame,
        }));
        for (const a of anims) scene.anims.remove(a.key);
      }
      for (const fr of job.frames) {
        if (!tex || !tex.has(fr.name)) { result.missing.push(fr.name); continue; }
        img.setTexture(key, fr.name).setOrigin(0).setPosition(0, 0).setVisible(true);
        await nextRender();
        let bytes, premult;
        if (game.renderer.type === Phaser.WEBGL) {
          bytes = readGL(game.renderer.gl, H, fr.sw, fr.sh);
          premult = true;
        } else {
          bytes = new Uint8Array(game.canvas.getContext('2d').getImageData(0, 0, fr.sw, fr.sh).data.buffer);
          premult = false;
        }
        await postFrame(job.id, fr.name, fr.sw, fr.sh, bytes, premult);
      }
      img.setVisible(false);
      await nextRender();
      if (tex) scene.textures.remove(key);
    } catch (e) {
      result.errors.push('exception: ' + (e.stack || e));
    }
    await postJSON('/result', result);
  }
  await postJSON('/done', { engine: 'phaser', version: Phaser.VERSION });
})();
