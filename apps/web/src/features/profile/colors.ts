/** The colour codes of spec part 2 §3 "Colour codes", in the spec's order, for primary_color and secondary_color. */
export const COLOR_CODES: readonly { code: string; name: string }[] = [
  { code: 'A', name: 'Amber' },
  { code: 'B', name: 'Blue' },
  { code: 'BE', name: 'Beige' },
  { code: 'BK', name: 'Black' },
  { code: 'BR', name: 'Brown' },
  { code: 'G', name: 'Green' },
  { code: 'GD', name: 'Gold' },
  { code: 'GY', name: 'Gray' },
  { code: 'M', name: 'Maroon' },
  { code: 'O', name: 'Orange' },
  { code: 'OD', name: 'Olive Drab' },
  { code: 'P', name: 'Purple' },
  { code: 'PK', name: 'Pink' },
  { code: 'R', name: 'Red' },
  { code: 'S', name: 'Silver' },
  { code: 'TQ', name: 'Turquoise' },
  { code: 'T', name: 'Tan' },
  { code: 'V', name: 'Violet' },
  { code: 'W', name: 'White' },
  { code: 'Y', name: 'Yellow' },
];

/** The name of a colour code, or the code itself when it is not in the table. */
export function colorName(code: string): string {
  return COLOR_CODES.find((c) => c.code === code)?.name ?? code;
}
