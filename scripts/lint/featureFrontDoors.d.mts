// Types of featureFrontDoors.mjs for the TypeScript tests under scripts/.
import type { Rule } from 'eslint';

/** Feature name -> the features it may import (through their index.ts). */
export type FeatureMap = Record<string, readonly string[]>;

/** Throws when the map names an unknown feature or has a cycle; returns it otherwise. */
export function checkFeatureMap<T extends FeatureMap>(features: T): T;

export const featureFrontDoors: Rule.RuleModule;
