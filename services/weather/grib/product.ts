/**
 * Section 4 (product definition): what the field is (discipline/category/number), at which level,
 * for which time, and for which ensemble member. Templates:
 *   4.0  analysis or forecast at a level, at a point in time
 *   4.1  the same for one ensemble member
 *   4.8  4.0 processed statistically over a time interval (average, accumulation, maximum...)
 *   4.11 4.1 processed statistically over a time interval
 */
import { int8, int32, MISSING_UINT8, MISSING_UINT32, uint8, uint16, uint32 } from "./bytes";
import { GribError, unsupportedTemplate } from "./errors";
import type { SectionSpan } from "./framing";
import { type ParameterInfo, parameterInfo } from "./parameters";

export interface FixedSurface {
  /** Code table 4.5: 1 ground or water surface, 101 mean sea level, 103 height above ground (m), 160 depth below sea level (m), 241 ordered sequence... */
  readonly type: number;
  /** The surface's value in the table's unit, or null when the file leaves it missing. */
  readonly value: number | null;
}

export interface ForecastTime {
  readonly value: number;
  /** Code table 4.4: 0 minute, 1 hour, 2 day, 3 month, 4 year, 10 3 hours, 11 6 hours, 12 12 hours, 13 second. */
  readonly unit: number;
  readonly unitName: string;
}

export interface EnsembleMember {
  /** Code table 4.6: 0 unperturbed high-resolution control, 1 unperturbed low-resolution control, 2 negatively perturbed, 3 positively perturbed, 4 multi-model. */
  readonly type: number;
  readonly perturbationNumber: number;
  readonly numberOfForecasts: number;
}

export interface StatisticalProcess {
  /** Code table 4.10: 0 average, 1 accumulation, 2 maximum, 3 minimum... */
  readonly process: number;
  /** The outermost time range the statistic covers. */
  readonly length: ForecastTime;
  readonly startMs: number;
  readonly endMs: number;
}

export interface ProductDefinition {
  readonly template: 0 | 1 | 8 | 11;
  readonly parameterCategory: number;
  readonly parameterNumber: number;
  /** Short name and units when the parameter is one this decoder knows (see parameters.ts). */
  readonly parameter: ParameterInfo | undefined;
  /** Code table 4.3: 0 analysis, 2 forecast, 4 ensemble forecast... */
  readonly typeOfGeneratingProcess: number;
  readonly generatingProcess: number;
  readonly forecastTime: ForecastTime;
  /** Time the values are valid at, ms since the epoch: the end of the interval for 4.8 and 4.11. */
  readonly validTimeMs: number;
  readonly firstSurface: FixedSurface;
  readonly secondSurface: FixedSurface;
  readonly ensemble: EnsembleMember | undefined;
  readonly statistical: StatisticalProcess | undefined;
}

export const SUPPORTED_PRODUCT_TEMPLATES = [0, 1, 8, 11] as const;

/** Octets each template needs: the fixed part (and for 4.8/4.11 one time range specification). */
const TEMPLATE_LENGTH: Record<number, number> = { 0: 34, 1: 37, 8: 58, 11: 61 };

export function readProduct(
  bytes: Uint8Array,
  section: SectionSpan,
  discipline: number,
  referenceTimeMs: number,
): ProductDefinition {
  const o = section.offset - 1; // o + n is octet n of the section
  if (section.length < 9) {
    throw new GribError("grib_corrupt", `section 4 at byte ${section.offset} is too short`, {
      offset: section.offset,
    });
  }
  const template = uint16(bytes, o + 8);
  const needed = TEMPLATE_LENGTH[template];
  if (needed === undefined) {
    throw unsupportedTemplate(4, template, o + 8, SUPPORTED_PRODUCT_TEMPLATES);
  }
  if (section.length < needed) {
    throw new GribError(
      "grib_corrupt",
      `section 4 at byte ${section.offset} has ${section.length} octets, template 4.${template} ` +
        `needs ${needed}`,
      { offset: section.offset, sectionLength: section.length, template },
    );
  }
  const parameterCategory = uint8(bytes, o + 10);
  const parameterNumber = uint8(bytes, o + 11);
  const forecastTime = readTime(bytes, o + 18, o + 19, true);
  const ensemble = template === 1 || template === 11 ? readEnsemble(bytes, o + 35) : undefined;
  const statistical =
    template === 8 || template === 11
      ? readStatistical(bytes, o + (template === 8 ? 35 : 38), referenceTimeMs, forecastTime)
      : undefined;
  return {
    template: template as ProductDefinition["template"],
    parameterCategory,
    parameterNumber,
    parameter: parameterInfo(discipline, parameterCategory, parameterNumber),
    typeOfGeneratingProcess: uint8(bytes, o + 12),
    generatingProcess: uint8(bytes, o + 14),
    forecastTime,
    validTimeMs: statistical?.endMs ?? addTime(referenceTimeMs, forecastTime, o + 19),
    firstSurface: readSurface(bytes, o + 23),
    secondSurface: readSurface(bytes, o + 29),
    ensemble,
    statistical,
  };
}

function readEnsemble(bytes: Uint8Array, at: number): EnsembleMember {
  return {
    type: uint8(bytes, at),
    perturbationNumber: uint8(bytes, at + 1),
    numberOfForecasts: uint8(bytes, at + 2),
  };
}

/**
 * The statistical part shared by 4.8 and 4.11, from its first octet (year of the end of the
 * overall time interval). Of several time range specifications, the first is the outermost.
 */
function readStatistical(
  bytes: Uint8Array,
  at: number,
  referenceTimeMs: number,
  forecastTime: ForecastTime,
): StatisticalProcess {
  const endMs = Date.UTC(
    uint16(bytes, at),
    uint8(bytes, at + 2) - 1,
    uint8(bytes, at + 3),
    uint8(bytes, at + 4),
    uint8(bytes, at + 5),
    uint8(bytes, at + 6),
  );
  if (!Number.isFinite(endMs)) {
    throw new GribError("grib_corrupt", `impossible end of time interval at byte ${at}`, {
      offset: at,
    });
  }
  // at + 7: number of time ranges; at + 8..11: missing values in the process.
  const process = uint8(bytes, at + 12);
  const length = readTime(bytes, at + 14, at + 15, false);
  return { process, length, startMs: addTime(referenceTimeMs, forecastTime, at), endMs };
}

function readSurface(bytes: Uint8Array, at: number): FixedSurface {
  const type = uint8(bytes, at);
  const scaleByte = uint8(bytes, at + 1);
  const scaled = uint32(bytes, at + 2);
  const missing =
    type === MISSING_UINT8 || scaleByte === MISSING_UINT8 || scaled === MISSING_UINT32;
  // value = scaled value x 10^-scale factor (the scale factor is signed).
  return { type, value: missing ? null : roundToScale(scaled, int8(bytes, at + 1)) };
}

/** scaled / 10^scale without the binary noise of a multiplication by 10^-scale (10 m, not 10.000000001). */
function roundToScale(scaled: number, scale: number): number {
  return scale >= 0 ? scaled / 10 ** scale : scaled * 10 ** -scale;
}

const TIME_UNITS: Record<number, { name: string; ms?: number; months?: number }> = {
  0: { name: "minute", ms: 60_000 },
  1: { name: "hour", ms: 3_600_000 },
  2: { name: "day", ms: 86_400_000 },
  3: { name: "month", months: 1 },
  4: { name: "year", months: 12 },
  5: { name: "decade", months: 120 },
  6: { name: "normal (30 years)", months: 360 },
  7: { name: "century", months: 1200 },
  10: { name: "3 hours", ms: 3 * 3_600_000 },
  11: { name: "6 hours", ms: 6 * 3_600_000 },
  12: { name: "12 hours", ms: 12 * 3_600_000 },
  13: { name: "second", ms: 1000 },
};

function readTime(
  bytes: Uint8Array,
  unitAt: number,
  valueAt: number,
  signed: boolean,
): ForecastTime {
  const unit = uint8(bytes, unitAt);
  const known = TIME_UNITS[unit];
  if (!known) {
    throw new GribError(
      "grib_unsupported_feature",
      `time unit ${unit} at byte ${unitAt} is not in code table 4.4`,
      { offset: unitAt, feature: "time unit", value: unit },
    );
  }
  return {
    value: signed ? int32(bytes, valueAt) : uint32(bytes, valueAt),
    unit,
    unitName: known.name,
  };
}

/** `time` after `fromMs`; months and years count on the calendar, as their lengths vary. */
function addTime(fromMs: number, time: ForecastTime, offset: number): number {
  const unit = TIME_UNITS[time.unit];
  if (unit?.ms !== undefined) return fromMs + time.value * unit.ms;
  if (unit?.months !== undefined) {
    const d = new Date(fromMs);
    d.setUTCMonth(d.getUTCMonth() + time.value * unit.months);
    return d.getTime();
  }
  throw new GribError("grib_unsupported_feature", `time unit ${time.unit} at byte ${offset}`, {
    offset,
    feature: "time unit",
    value: time.unit,
  });
}
