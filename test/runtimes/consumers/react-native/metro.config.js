// Metro as a React Native app runs it for a release build: @react-native/metro-config's defaults
// (the Babel preset @react-native/babel-preset with Metro's default transform profile, inline
// requires, the 'react-native' condition), `metro build --dev false`. Changed only where this test
// has no React Native: no `react-native/setup-env` module to run first. Project root: the
// consumer folder (apps/); node_modules is the one above it.
const path = require('node:path');
const { getDefaultConfig, mergeConfig } = require('@react-native/metro-config');

const apps = path.resolve(__dirname, '..');
const defaults = getDefaultConfig(apps);

module.exports = mergeConfig(defaults, {
  watchFolders: [path.resolve(apps, '..')],
  resolver: {
    useWatchman: false,
  },
  serializer: { getModulesRunBeforeMainModule: () => [] },
  cacheStores: [],
});
