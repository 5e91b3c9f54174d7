export * from './framing.js';
export * from './messages.js';
export * from './encode.js';
export * from './decoder.js';
export * from './fisb.js';
export * from './fisbCollector.js';
export * from './fisbWeather.js';
export * from './uatAdsb.js';
