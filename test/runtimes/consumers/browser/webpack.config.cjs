// webpack 5 as a web app configures it: production mode, one bundle, the page beside it.
const { resolve } = require('node:path');

module.exports = {
  mode: 'production',
  entry: './app.mjs',
  output: { path: resolve(__dirname, 'dist-webpack'), filename: 'app.js' },
  performance: { hints: false },
};
