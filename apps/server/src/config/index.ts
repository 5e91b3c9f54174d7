// The config module's front door: other modules import it only from here (eslint.config.js).
export { ConfigError, DEFAULT_WEATHER_AWC_URL, describeDatabase, loadConfig, loadProcessConfig, type AuthConfig, type Config, type ConfigProblem, type DatabaseConfig, type DevicesConfig, DEVICES_ENVIRONMENTS, type OidcIssuerConfig, type WeatherConfig, type WeatherSourceConfig } from './loadConfig.js';
export { BillingConfigError, DEFAULT_TRIAL_DAYS, loadBillingConfig, type BillingConfig } from './billingVariables.js';
export { EMBEDDED_DEFAULT_ENV, LIVE_ENVIRONMENTS, MAIL_DISABLED, deploymentProblems, isEmbeddedDefault } from './deploymentRules.js';
export { findRepoRoot, readRootVersion, resolveFromRoot } from './paths.js';
export { redactAddresses, redactSecret, type ImagerySourceVariable, type ServerLogLevel, type TrustProxy } from './variables.js';
export { XPlaneConfigError, xplaneConfigOf, type XPlaneConfig } from './xplaneConfig.js';
export { GeoipConfigError, geoipConfigOf, type GeoipConfig } from './geoipConfig.js';
export { TelemetryConfigError, telemetryConfigOf, trimTrailingSlashes, type TelemetryConfig } from './telemetryConfig.js';
export { StratuxConfigError, stratuxConfigOf, type StratuxConfig } from './stratuxConfig.js';
export { PlatesConfigError, platesConfigOf } from './platesConfig.js';
