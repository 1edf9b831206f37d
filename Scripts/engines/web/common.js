// Shared helpers for the engine pages: talk to browser.py's HTTP server.
'use strict';

async function postJSON(path, obj) {
  await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(obj) });
}

// Sends one drawn frame: raw RGBA rows, top row first. premult says whether the bytes are
// premultiplied (WebGL readPixels) or straight (canvas getImageData).
async function postFrame(jobId, name, w, h, bytes, premult) {
  const q = new URLSearchParams({ job: jobId, name: name, w: String(w), h: String(h), premult: premult ? '1' : '0' });
  await fetch('/frame?' + q.toString(), { method: 'POST', body: bytes });
}

function log(msg) { postJSON('/log', { msg: String(msg) }); }

window.addEventListener('error', (e) => { postJSON('/log', { msg: 'page error: ' + e.message + ' @' + e.filename + ':' + e.lineno }); });
window.addEventListener('unhandledrejection', (e) => { postJSON('/log', { msg: 'unhandled rejection: ' + (e.reason && (e.reason.stack || e.reason)) }); });

// Reads w×h pixels at the top-left of a WebGL drawing buffer, returns rows top-first.
function readGL(gl, canvasHeight, w, h) {
  const buf = new Uint8Array(w * h * 4);
  gl.readPixels(0, canvasHeight - h, w, h, gl.RGBA, gl.UNSIGNED_BYTE, buf);
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    out.set(buf.subarray((h - 1 - y) * w * 4, (h - y) * w * 4), y * w * 4);
  }
  return out;
}

async function fetchJobs() {
  const r = await fetch('/jobs.json');
  return r.json();
}
