import { normalizeFplForm, type FplForm } from './form.js';
import { formatItem18, parseItem18 } from './item18.js';

/** The ICAO FPL message and the item 19 line kept with it. */
export interface FplMessage {
  /**
   * The ATS message (ICAO Doc 4444 Appendix 3, fields 3 to 18), one field a line:
   * `(FPL-N12345-VG` / `-C172/L-SGR/C` / `-KHWD1530` / `-N0110A065 DCT SUNOL` / `-KSAC0045` / `-DOF/261206)`.
   */
  message: string;
  /** Item 19, supplementary information (`-E/0430 P/2 R/V A/WHITE BLUE C/J SMITH`): kept by flight service, not sent in the FPL. */
  supplementary: string;
}

/**
 * The FPL message of a form. It does not validate: call `validateFpl` first and file only when it
 * reports no error. Boxes are trimmed and upper-cased; item 18's indicators are put in the
 * prescribed order; alternates left empty are left out.
 */
export function buildFplMessage(input: FplForm): FplMessage {
  const form = normalizeFplForm(input);
  const alternates = [form.alternate1, form.alternate2].filter((a) => a !== '');
  const lines = [
    `(FPL-${form.aircraftId}-${form.flightRules}${form.flightType}`,
    `-${form.aircraftCount}${form.aircraftType}/${form.wake}-${form.equipment}/${form.surveillance}`,
    `-${form.departure}${form.departureTime}`,
    `-${form.speed}${form.level} ${form.route}`,
    `-${[`${form.destination}${form.eet}`, ...alternates].join(' ')}`,
    `-${formatItem18(parseItem18(form.otherInfo).entries)})`,
  ];
  const item19 = [
    `E/${form.endurance}`,
    `P/${form.personsOnBoard}`,
    form.emergencyRadio && `R/${form.emergencyRadio}`,
    form.survivalEquipment && `S/${form.survivalEquipment}`,
    form.jackets && `J/${form.jackets}`,
    form.colour && `A/${form.colour}`,
    form.remarks && `N/${form.remarks}`,
    form.pilot && `C/${form.pilot}`,
  ].filter((part) => part !== '');
  return { message: lines.join('\n'), supplementary: `-${item19.join(' ')}` };
}
