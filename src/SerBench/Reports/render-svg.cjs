// Renders Vega-Lite chart specs to SVG files without a browser: SerBench writes this script, the Vega and
// Vega-Lite bundles and a manifest into a scratch folder, then runs `node render-svg.cjs manifest.json`.
// The manifest is a JSON array of { "spec": "<file>.vl.json", "svg": "<file>.svg" }.
// Charts are shared among one worker thread per core (at most 4): drawing is CPU-bound, and nothing is timed meanwhile.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const Module = require('module');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

async function render(items) {
  // The Vega-Lite bundle asks for require('vega'): point it at the bundle beside this script.
  const resolve = Module._resolveFilename;
  Module._resolveFilename = function (request, ...rest) {
    return request === 'vega' ? path.join(__dirname, 'vega.min.js') : resolve.call(this, request, ...rest);
  };
  const vega = require('./vega.min.js');
  const vegaLite = require('./vega-lite.min.js');
  let failures = 0;
  for (const item of items) {
    try {
      const spec = JSON.parse(fs.readFileSync(item.spec, 'utf8'));
      const view = new vega.View(vega.parse(vegaLite.compile(spec).spec), { renderer: 'none' });
      fs.writeFileSync(item.svg, await view.toSVG());
      view.finalize();
    } catch (error) {
      failures++;
      console.error(`${path.basename(item.spec)}: ${error.message}`);
    }
  }
  return failures;
}

function share(items) {
  // Loading the bundles costs a worker ~0.4 s: below 8 charts each, fewer workers draw sooner.
  const workers = Math.max(1, Math.min(4, os.cpus().length, Math.floor(items.length / 8)));
  return Array.from({ length: workers }, (_, w) => items.filter((_, i) => i % workers === w));
}

async function main() {
  const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  const parts = share(manifest);
  const failures = parts.length === 1 ? [await render(parts[0])] : await Promise.all(parts.map(part => new Promise(done => {
    const worker = new Worker(__filename, { workerData: part });
    let failed = part.length;
    worker.on('message', count => { failed = count; });
    worker.on('error', error => console.error(error.message));
    worker.on('exit', () => done(failed));
  })));
  process.exitCode = failures.every(count => count === 0) ? 0 : 1;
}

if (isMainThread) {
  main();
} else {
  render(workerData).then(count => parentPort.postMessage(count));
}
