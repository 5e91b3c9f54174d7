// Components of features/plates that other features embed (the chart supplement's FAA pages). Kept
// out of index.ts so importing the feature's functions does not pull pdf.js's wrapper into the first screen.
export { PdfPages, type PdfPagesProps } from './PdfPages';
