// Renders Vega-Lite chart specs to SVG files without a browser: SerBench writes this script, the Vega and
// Vega-Lite bundles and a manifest into a scratch folder, then runs `node render-svg.cjs manifest.json`.
// The manifest is a JSON array of { "spec": "<file>.vl.json", "svg": "<file>.svg" }.
'use strict';
const fs = require('fs');
const path = require('path');
const Module = require('module');

// The Vega-Lite bundle asks for require('vega'): point it at the bundle beside this script.
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vega' ? path.join(__dirname, 'vega.min.js') : resolve.call(this, request, ...rest);
};
const vega = require('./vega.min.js');
const vegaLite = require('./vega-lite.min.js');

async function main() {
  const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  let failures = 0;
  for (const item of manifest) {
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
  process.exitCode = failures === 0 ? 0 : 1;
}

main();
