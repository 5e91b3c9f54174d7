/**
 * The colours of the hosted sign-in pages: the web app's day and night themes
 * (apps/web/src/app/theme.ts, brand colours of spec part 1 §9 "Theme colours primary #13406A, dark
 * #0d2c51"), so signing in looks like the app. The server cannot import the web app, so the values
 * are repeated here; pageTheme.test.ts reads theme.ts and fails when the two drift apart. The other
 * values are MUI's light and dark defaults the app's themes build on.
 */
export interface PageColours {
  /** Page background (MUI background.default). */
  background: string;
  /** The form's card (MUI background.paper). */
  paper: string;
  /** The top bar with the product name (the app's AppBar). */
  bar: string;
  text: string;
  secondaryText: string;
  /** Buttons and links (MUI primary.main) and the text on a button (primary.contrastText). */
  primary: string;
  onPrimary: string;
  /** Button hover. */
  primaryHover: string;
  inputBorder: string;
  /** MUI's standard error and info alerts. */
  errorBackground: string;
  errorText: string;
  noticeBackground: string;
  noticeText: string;
}

export const DAY_COLOURS: PageColours = {
  background: '#ffffff',
  paper: '#ffffff',
  bar: '#13406A',
  text: 'rgba(0,0,0,0.87)',
  secondaryText: 'rgba(0,0,0,0.6)',
  primary: '#13406A',
  onPrimary: '#ffffff',
  primaryHover: '#0d2c51',
  inputBorder: 'rgba(0,0,0,0.23)',
  errorBackground: '#fdeded',
  errorText: '#5f2120',
  noticeBackground: '#e5f6fd',
  noticeText: '#014361',
};

export const NIGHT_COLOURS: PageColours = {
  background: '#0a1726',
  paper: '#0f2236',
  bar: '#0d2c51',
  text: '#ffffff',
  secondaryText: 'rgba(255,255,255,0.7)',
  primary: '#6f9fd4',
  onPrimary: '#0a1726',
  primaryHover: '#8fb5e0',
  inputBorder: 'rgba(255,255,255,0.23)',
  errorBackground: '#160b0b',
  errorText: '#f4c7c7',
  noticeBackground: '#071318',
  noticeText: '#b8e7fb',
};

const VARIABLES: Record<keyof PageColours, string> = {
  background: '--background',
  paper: '--paper',
  bar: '--bar',
  text: '--text',
  secondaryText: '--secondary-text',
  primary: '--primary',
  onPrimary: '--on-primary',
  primaryHover: '--primary-hover',
  inputBorder: '--input-border',
  errorBackground: '--error-background',
  errorText: '--error-text',
  noticeBackground: '--notice-background',
  noticeText: '--notice-text',
};

function declarations(colours: PageColours): string {
  return (Object.keys(VARIABLES) as Array<keyof PageColours>).map((key) => `${VARIABLES[key]}:${colours[key]}`).join(';');
}

/** The pages' style sheet: day colours, night ones when the device prefers a dark scheme. */
function pageStyles(): string {
  return `:root{color-scheme:light dark;${declarations(DAY_COLOURS)}}
@media (prefers-color-scheme: dark){:root{${declarations(NIGHT_COLOURS)}}}
body{font-family:Roboto,"Helvetica Neue",Arial,sans-serif;background:var(--background);margin:0;color:var(--text)}
header{background:var(--bar);color:#fff;padding:14px 24px;font-size:1.25em;font-weight:500;letter-spacing:.02em}
main{max-width:380px;margin:6vh auto;background:var(--paper);padding:28px 32px;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.16)}
h1{font-size:1.4em;margin:0 0 16px}
a{color:var(--primary)}
label{display:block;margin:12px 0 4px;font-weight:600}
input{width:100%;box-sizing:border-box;padding:9px;border:1px solid var(--input-border);border-radius:4px;font-size:1em;background:transparent;color:var(--text)}
input:focus{outline:2px solid var(--primary);outline-offset:-1px}
button{margin-top:18px;width:100%;padding:10px;border:0;border-radius:4px;background:var(--primary);color:var(--on-primary);font-size:1em;cursor:pointer}
button:hover{background:var(--primary-hover)}
.error{background:var(--error-background);color:var(--error-text);padding:10px;border-radius:4px;margin:0 0 12px}
.notice{background:var(--notice-background);color:var(--notice-text);padding:10px;border-radius:4px;margin:0 0 12px}
nav{margin-top:18px;font-size:.95em;display:flex;justify-content:space-between;gap:12px;color:var(--secondary-text)}`;
}

/** Built once: every hosted page carries the same sheet. */
export const PAGE_STYLES = pageStyles();
