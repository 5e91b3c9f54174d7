/** Where NOTAMs and TFRs come from (config.notams: NOTAM_SOURCE and its FAA variables, config/notamsConfig.ts). */
export type NotamsConfig =
  | { kind: 'off' }
  | { kind: 'path'; dir: string }
  | { kind: 'faa'; apiUrl: string; clientId: string; clientSecret: string; query: string; tfrUrl: string | null };
