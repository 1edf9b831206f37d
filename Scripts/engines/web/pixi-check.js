// PixiJS 8 check: loads each job's JSON with Assets.load (Pixi's spritesheet loader, which also
// follows meta.related_multi_packs), checks sheet.textures[name] for every expected frame and
// sheet.animations[seq], then draws each texture with a plain Sprite at (0, 0) into a
// RenderTexture of the frame's source size and reads it back with renderer.extract.pixels.
'use strict';

(async function main() {
  const spec = await fetchJobs();
  const app = new PIXI.Application();
  await app.init({
    width: spec.width, height: spec.height, backgroundAlpha: 0, antialias: false,
    preference: window.RENDERER, preserveDrawingBuffer: true, autoStart: false,
  });
  const rendererName = app.renderer.name || (app.renderer.type === 1 ? 'webgl' : String(app.renderer.type));
  await postJSON('/log', { msg: 'pixi ' + PIXI.VERSION + ' renderer ' + rendererName });

  for (const job of spec.jobs) {
    const result = { id: job.id, errors: [], frameNames: [], animations: {}, missing: [], renderer: rendererName };
    try {
      const textureOptions = { scaleMode: 'nearest' };
      if (job.premultiplied) textureOptions.alphaMode = 'premultiplied-alpha';
      const sheet = await PIXI.Assets.load({ src: job.base + job.json, data: { textureOptions } });
      const sheets = [sheet].concat(sheet.linkedSheets || []);
      const textures = {};
      for (const s of sheets) Object.assign(textures, s.textures);
      result.frameNames = Object.keys(textures);
      result.sheetCount = sheets.length;
      for (const [name, list] of Object.entries(sheet.animations || {})) {
        result.animations[name] = list.map((t) => (t ? (t.label || 'texture') : null));
      }
      for (const fr of job.frames) {
        const tex = textures[fr.name];
        if (!tex) { result.missing.push(fr.name); continue; }
        const res = tex.source.resolution || 1;
        const sprite = new PIXI.Sprite(tex);
        sprite.position.set(0, 0);
        const rt = PIXI.RenderTexture.create({ width: fr.sw / res, height: fr.sh / res, resolution: res, scaleMode: 'nearest' });
        app.renderer.render({ container: sprite, target: rt, clear: true, clearColor: [0, 0, 0, 0] });
        const px = app.renderer.extract.pixels(rt);
        const premult = rendererName === 'webgl';
        if (px.width !== fr.sw || px.height !== fr.sh) {
          result.errors.push('extract gave ' + px.width + 'x' + px.height + ' for ' + fr.name);
        }
        await postFrame(job.id, fr.name, px.width, px.height, new Uint8Array(px.pixels.buffer, px.pixels.byteOffset, px.pixels.byteLength), premult);
        sprite.destroy();
        rt.destroy(true);
      }
      await PIXI.Assets.unload(job.base + job.json);
    } catch (e) {
      result.errors.push('exception: ' + (e.stack || e));
    }
    await postJSON('/result', result);
  }
  await postJSON('/done', { engine: 'pixi', version: PIXI.VERSION });
})();
