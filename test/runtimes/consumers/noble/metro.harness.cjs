// Metro with docs/switching.md's metro.config.js: its resolveRequest (the alias) on the React Native
// consumer's configuration (../react-native/metro.config.js: the same defaults, without React
// Native's setup module, the consumer folder as project root).
const { mergeConfig } = require('@react-native/metro-config');
const recipe = require('./metro.config.js');
const consumer = require('../react-native/metro.config.js');

module.exports = mergeConfig(consumer, { resolver: { resolveRequest: recipe.resolver.resolveRequest } });
