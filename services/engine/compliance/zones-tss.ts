/**
 * Major IMO traffic separation schemes (SOLAS V/10; General Provisions on Ships' Routeing,
 * A.572(14)) as simplified overall extents: a band round an approximate centre line of the
 * lanes. Names from MSC.190(79) annex para 6.2.1 (shipregulations.com) and Wikipedia's "List
 * of traffic separation schemes"; Lombok and Sunda (2019) per Indonesian Ministry of Transport
 * statements (voi.id). None of the centre lines or widths comes from a coordinate list: every
 * scheme here is `verified: false`, good for "the route passes through the scheme", not for
 * which lane. Centre lines agree with the routing passages (routing/passages.ts) where both
 * exist.
 */
import { corridor } from "./shapes";
import type { DesignatedZoneSpec } from "./zone-spec";

type Line = ReadonlyArray<readonly [number, number]>;

const TSS_SOURCE =
  "IMO-adopted routeing measure (SOLAS V/10); name per MSC.190(79) annex 6.2.1 / Wikipedia 'List of traffic separation schemes'; extent approximated for this module (centre line and half-width estimated, no coordinate list retrieved)";

function tss(
  id: string,
  name: string,
  lines: readonly Line[],
  halfWidthNm: number,
  notes?: string,
  designation = "IMO traffic separation scheme (SOLAS V/10)",
): DesignatedZoneSpec {
  return {
    category: "tss",
    id,
    name,
    designation,
    source: TSS_SOURCE,
    verified: false,
    simplified: true,
    notes: `Overall extent approximated as ${halfWidthNm} nm either side of an estimated centre line.${notes === undefined ? "" : ` ${notes}`}`,
    geometry: {
      kind: "polygons",
      parts: lines.map((line) => corridor(line, halfWidthNm, "A")),
    },
  };
}

export const TSS_ZONES: DesignatedZoneSpec[] = [
  tss(
    "tss-dover-strait",
    "TSS In the Strait of Dover and adjacent waters",
    [
      [
        [50.55, 0.35],
        [50.75, 0.95],
        [50.93, 1.35],
        [51.05, 1.55],
        [51.2, 1.8],
        [51.35, 2.1],
      ],
    ],
    6,
    "The first IMO-approved TSS (1967).",
  ),
  tss(
    "tss-off-casquets",
    "TSS Off Casquets",
    [
      [
        [49.78, -3.25],
        [49.9, -2.7],
        [50.0, -2.2],
      ],
    ],
    7,
  ),
  tss(
    "tss-off-ushant",
    "TSS Off Ushant (Ouessant)",
    [
      [
        [48.35, -5.85],
        [48.7, -5.6],
        [49.05, -5.35],
      ],
    ],
    8,
  ),
  tss(
    "tss-off-lands-end",
    "TSS Off Land's End, between Seven Stones and Longships",
    [
      [
        [49.95, -5.9],
        [50.25, -5.92],
      ],
    ],
    3.5,
  ),
  tss(
    "tss-off-finisterre",
    "TSS Off Finisterre",
    [
      [
        [42.75, -9.9],
        [43.35, -9.75],
      ],
    ],
    10,
  ),
  tss(
    "tss-off-cape-st-vincent",
    "TSS Off Cape S. Vicente",
    [
      [
        [36.7, -9.35],
        [37.05, -9.25],
      ],
    ],
    6,
  ),
  tss(
    "tss-gibraltar",
    "TSS In the Strait of Gibraltar",
    [
      [
        [35.93, -5.75],
        [35.95, -5.6],
        [35.97, -5.45],
        [35.99, -5.35],
      ],
    ],
    2.5,
  ),
  tss(
    "tss-off-texel",
    "TSS Off Texel",
    [
      [
        [52.8, 4.25],
        [53.4, 4.35],
      ],
    ],
    4,
  ),
  tss(
    "tss-terschelling-german-bight",
    "TSS Off Terschelling and in the German Bight",
    [
      [
        [53.55, 4.9],
        [53.7, 5.8],
        [53.78, 6.6],
        [53.88, 7.3],
      ],
    ],
    3.5,
  ),
  tss(
    "tss-singapore-strait",
    "TSS In the Straits of Malacca and Singapore (Singapore Strait)",
    [
      [
        [1.15, 103.6],
        [1.17, 103.72],
        [1.19, 103.8],
        [1.205, 103.87],
        [1.22, 103.95],
        [1.235, 104.05],
        [1.26, 104.15],
        [1.29, 104.3],
        [1.33, 104.42],
      ],
    ],
    1.5,
  ),
  tss(
    "tss-strait-of-hormuz",
    "TSS In the Strait of Hormuz",
    [
      [
        [26.05, 56.85],
        [26.3, 56.65],
        [26.5, 56.5],
        [26.57, 56.35],
        [26.55, 56.15],
      ],
    ],
    4,
  ),
  tss(
    "tss-bab-el-mandeb",
    "TSS In the Strait of Bab el Mandeb",
    [
      [
        [12.45, 43.55],
        [12.55, 43.42],
        [12.62, 43.35],
        [12.72, 43.27],
        [12.85, 43.18],
      ],
    ],
    2.5,
  ),
  tss(
    "tss-istanbul-strait",
    "TSS In the Istanbul Strait (Bosporus, Turkish Straits)",
    [
      [
        [40.98, 28.99],
        [41.04, 29.0],
        [41.1, 29.06],
        [41.17, 29.08],
        [41.22, 29.12],
      ],
    ],
    0.6,
  ),
  tss(
    "tss-lombok-strait",
    "TSS In the Lombok Strait",
    [
      [
        [-8.95, 115.72],
        [-8.6, 115.78],
        [-8.3, 115.85],
      ],
    ],
    3,
    undefined,
    "IMO traffic separation scheme (SOLAS V/10), adopted 2019",
  ),
  tss(
    "tss-sunda-strait",
    "TSS In the Sunda Strait",
    [
      [
        [-6.02, 105.78],
        [-5.88, 105.86],
      ],
    ],
    2,
    undefined,
    "IMO traffic separation scheme (SOLAS V/10), adopted 2019",
  ),
  tss(
    "tss-santa-barbara-channel",
    "TSS In the Santa Barbara Channel",
    [
      [
        [34.4, -120.45],
        [34.27, -119.9],
        [34.15, -119.5],
        [34.0, -119.15],
      ],
    ],
    3,
  ),
  tss(
    "tss-approaches-new-york",
    "TSS In the approaches to New York",
    [
      [
        [40.47, -73.83],
        [40.4, -73.4],
        [40.32, -72.9],
      ],
      [
        [40.47, -73.83],
        [40.15, -73.7],
        [39.85, -73.55],
      ],
    ],
    2.5,
    "Two approach lanes (east and south-east) from Ambrose.",
  ),
];
