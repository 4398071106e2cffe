/** Section 1 (identification): who made the data and the reference time everything counts from. */
import { uint8, uint16 } from "./bytes";
import { GribError } from "./errors";
import type { SectionSpan } from "./framing";

export interface Identification {
  /** Originating centre (WMO Common Code Table C-11): 7 = NCEP, 98 = ECMWF. */
  readonly centre: number;
  readonly subCentre: number;
  readonly masterTablesVersion: number;
  readonly localTablesVersion: number;
  /** Code table 1.2: 0 analysis, 1 start of forecast, 2 verifying time of forecast, 3 observation. */
  readonly significanceOfReferenceTime: number;
  /** Reference time, ms since the Unix epoch, UTC. */
  readonly referenceTimeMs: number;
  /** Code table 1.3: 0 operational, 1 test, 2 research, 3 re-analysis... */
  readonly productionStatus: number;
  /** Code table 1.4: 0 analysis, 1 forecast, 2 analysis and forecast, 3 control, 4 perturbed... */
  readonly typeOfData: number;
}

const MIN_LENGTH = 21;

export function readIdentification(bytes: Uint8Array, section: SectionSpan): Identification {
  const o = section.offset - 1; // o + n is octet n of the section (the WMO tables count from 1)
  if (section.length < MIN_LENGTH) {
    throw new GribError(
      "grib_corrupt",
      `section 1 at byte ${section.offset} has ${section.length} octets, fewer than ${MIN_LENGTH}`,
      { offset: section.offset, sectionLength: section.length },
    );
  }
  const year = uint16(bytes, o + 13);
  const month = uint8(bytes, o + 15);
  const day = uint8(bytes, o + 16);
  const hour = uint8(bytes, o + 17);
  const minute = uint8(bytes, o + 18);
  const second = uint8(bytes, o + 19);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) {
    throw new GribError(
      "grib_corrupt",
      `section 1 at byte ${section.offset} has an impossible reference time ` +
        `${year}-${month}-${day} ${hour}:${minute}:${second}`,
      { offset: o + 13, year, month, day, hour, minute, second },
    );
  }
  return {
    centre: uint16(bytes, o + 6),
    subCentre: uint16(bytes, o + 8),
    masterTablesVersion: uint8(bytes, o + 10),
    localTablesVersion: uint8(bytes, o + 11),
    significanceOfReferenceTime: uint8(bytes, o + 12),
    referenceTimeMs: Date.UTC(year, month - 1, day, hour, minute, second),
    productionStatus: uint8(bytes, o + 20),
    typeOfData: uint8(bytes, o + 21),
  };
}
