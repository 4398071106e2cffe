/**
 * Vessel types the interfaces accept, with per-type defaults for what a caller may leave out.
 * The defaults are typical values for the class (documented, not a specific ship): dimensions,
 * service speed, block coefficient (for Kwon's speed loss), the roll-period coefficient and the
 * windage used for drift, and operating limits.
 *
 * Operating limits: merchant ships take the IMO "adverse conditions" of MEPC.232(65) (Lpp < 200 m:
 * Hs 4.0 m, wind 15.7 m/s ≈ 30.5 kt; Lpp > 250 m: Hs 5.5 m, wind 19.0 m/s ≈ 37 kt) as the
 * conditions a ship must still be controllable in; recreational craft take their EU RCD design
 * category (A ocean: Hs ≥ 4 m, above Bft 8; B offshore: Hs 4 m, Bft 8 ≈ 34-40 kt; C inshore: Hs
 * 2 m, Bft 6 ≈ 22-27 kt). Small workboats take the US NWS small-craft advisory (sustained wind
 * 18-33 kt). Sources in docs/research/wind-waves-and-limits.md.
 */

/**
 * The largest particulars a request may give: beyond merchant ships' (the largest built were
 * about 460 m long, 70 m in beam and 25 m in draught; 100 m of air draught clears any bridge a
 * passage has), so only a typo or a unit slip is refused. Every interface that takes particulars
 * (the API, the route CLI) checks them against these.
 */
export const MAX_PARTICULARS = {
  loa_m: 500,
  beam_m: 80,
  draft_m: 30,
  air_draft_m: 100,
  speed_kts: 45,
} as const;

export const VESSEL_TYPES = [
  "cargo_small",
  "general_cargo",
  "bulk_carrier",
  "tanker",
  "container_ship",
  "ro_ro",
  "passenger",
  "offshore_supply",
  "fishing",
  "tug",
  "yacht_motor",
  "sailing_monohull",
  "sailing_multihull",
] as const;
export type VesselType = (typeof VESSEL_TYPES)[number];

/**
 * The types routed as sailing yachts: by the reference polar scaled to their length, motoring at
 * their cruising speed where sailing is slower (engine/physics/sailing-polar.ts). A multihull
 * takes the monohull's polar: no published polar of a cruising multihull was at hand, and a
 * cruising catamaran's reaching speed (faster) and pointing (worse) offset each other on passage;
 * its higher cruising speed under engine (8 kn) is its own. Every other type is powered: Kwon's
 * speed loss within that method's range, the small-craft loss outside it (physics/speed-loss.ts).
 */
export function isSailingYacht(type: VesselType): boolean {
  return type === "sailing_monohull" || type === "sailing_multihull";
}

export interface VesselTypeDefaults {
  description: string;
  loa_m: number;
  beam_m: number;
  draft_m: number;
  cruising_speed_kts: number;
  block_coefficient: number;
  /**
   * Roll period coefficient C of the IMO 2008 IS Code weather criterion, T = 2 C B / sqrt(GM)
   * (with C from hull proportions there; a typical value per class here), and GM as a share of
   * the beam, giving the natural roll period the dangerous-encounter check compares with.
   */
  roll_coefficient: number;
  gm_over_beam: number;
  /** Lateral windage (above-water side area / (LOA x draft)): more windage, more leeway. */
  windage: number;
  max_wave_m: number;
  max_wind_kts: number;
  container_ship: boolean;
}

export const VESSEL_TYPE_DEFAULTS: Readonly<Record<VesselType, VesselTypeDefaults>> = {
  cargo_small: {
    description: "small general cargo / coaster, under ~5,000 GT",
    loa_m: 90,
    beam_m: 14,
    draft_m: 5.5,
    cruising_speed_kts: 11,
    block_coefficient: 0.72,
    roll_coefficient: 0.38,
    gm_over_beam: 0.05,
    windage: 1.6,
    max_wave_m: 4.0,
    max_wind_kts: 30,
    container_ship: false,
  },
  general_cargo: {
    description: "general cargo / multipurpose, 5,000-30,000 GT",
    loa_m: 140,
    beam_m: 22,
    draft_m: 8.5,
    cruising_speed_kts: 13,
    block_coefficient: 0.72,
    roll_coefficient: 0.38,
    gm_over_beam: 0.05,
    windage: 1.5,
    max_wave_m: 4.0,
    max_wind_kts: 30,
    container_ship: false,
  },
  bulk_carrier: {
    description: "bulk carrier (Supramax to Capesize)",
    loa_m: 225,
    beam_m: 32.3,
    draft_m: 14,
    cruising_speed_kts: 13,
    block_coefficient: 0.84,
    roll_coefficient: 0.37,
    gm_over_beam: 0.08,
    windage: 0.8,
    max_wave_m: 5.0,
    max_wind_kts: 35,
    container_ship: false,
  },
  tanker: {
    description: "oil or product tanker",
    loa_m: 250,
    beam_m: 44,
    draft_m: 15,
    cruising_speed_kts: 13,
    block_coefficient: 0.82,
    roll_coefficient: 0.37,
    gm_over_beam: 0.1,
    windage: 0.7,
    max_wave_m: 5.5,
    max_wind_kts: 37,
    container_ship: false,
  },
  container_ship: {
    description: "container ship (feeder to ULCV)",
    loa_m: 300,
    beam_m: 48,
    draft_m: 14.5,
    cruising_speed_kts: 18,
    block_coefficient: 0.65,
    roll_coefficient: 0.4,
    gm_over_beam: 0.04,
    windage: 2.5,
    max_wave_m: 5.5,
    max_wind_kts: 37,
    container_ship: true,
  },
  ro_ro: {
    description: "ro-ro / car carrier",
    loa_m: 200,
    beam_m: 32,
    draft_m: 9,
    cruising_speed_kts: 18,
    block_coefficient: 0.6,
    roll_coefficient: 0.4,
    gm_over_beam: 0.05,
    windage: 3.0,
    max_wave_m: 4.5,
    max_wind_kts: 33,
    container_ship: false,
  },
  passenger: {
    description: "passenger / cruise ship",
    loa_m: 250,
    beam_m: 32,
    draft_m: 8,
    cruising_speed_kts: 18,
    block_coefficient: 0.65,
    roll_coefficient: 0.4,
    gm_over_beam: 0.06,
    windage: 3.0,
    max_wave_m: 4.5,
    max_wind_kts: 33,
    container_ship: false,
  },
  offshore_supply: {
    description: "offshore supply vessel",
    loa_m: 80,
    beam_m: 18,
    draft_m: 6,
    cruising_speed_kts: 12,
    block_coefficient: 0.7,
    roll_coefficient: 0.38,
    gm_over_beam: 0.08,
    windage: 1.8,
    max_wave_m: 4.0,
    max_wind_kts: 30,
    container_ship: false,
  },
  fishing: {
    description: "fishing vessel, 24-60 m",
    loa_m: 40,
    beam_m: 9,
    draft_m: 4,
    cruising_speed_kts: 10,
    block_coefficient: 0.6,
    roll_coefficient: 0.39,
    gm_over_beam: 0.07,
    windage: 1.6,
    max_wave_m: 3.0,
    max_wind_kts: 28,
    container_ship: false,
  },
  tug: {
    description: "tug / small workboat",
    loa_m: 32,
    beam_m: 11,
    draft_m: 5,
    cruising_speed_kts: 11,
    block_coefficient: 0.55,
    roll_coefficient: 0.39,
    gm_over_beam: 0.1,
    windage: 1.4,
    max_wave_m: 2.5,
    max_wind_kts: 25,
    container_ship: false,
  },
  yacht_motor: {
    description: "motor yacht, 15-40 m (RCD category A/B)",
    loa_m: 25,
    beam_m: 6,
    draft_m: 1.8,
    cruising_speed_kts: 14,
    block_coefficient: 0.45,
    roll_coefficient: 0.4,
    gm_over_beam: 0.12,
    windage: 2.2,
    max_wave_m: 3.0,
    max_wind_kts: 30,
    container_ship: false,
  },
  sailing_monohull: {
    description: "sailing yacht, monohull, 10-20 m (RCD category A)",
    loa_m: 14,
    beam_m: 4.3,
    draft_m: 2.2,
    cruising_speed_kts: 6.5,
    block_coefficient: 0.4,
    roll_coefficient: 0.42,
    gm_over_beam: 0.25,
    windage: 1.2,
    max_wave_m: 4.0,
    max_wind_kts: 34,
    container_ship: false,
  },
  sailing_multihull: {
    description: "sailing catamaran / trimaran, 10-20 m (RCD category A/B)",
    loa_m: 14,
    beam_m: 7.5,
    draft_m: 1.3,
    cruising_speed_kts: 8,
    block_coefficient: 0.4,
    roll_coefficient: 0.42,
    gm_over_beam: 0.6,
    windage: 1.5,
    max_wave_m: 3.5,
    max_wind_kts: 30,
    container_ship: false,
  },
};

/** A vessel as scoring sees it: the caller's facts, the type's defaults for the rest. */
export interface ScoringVessel {
  type: VesselType;
  loa_m: number;
  beam_m: number;
  draft_m: number;
  /** Height above the waterline (m), when stated: bridges lower than this close passages. */
  air_draft_m?: number;
  speed_kts: number;
  block_coefficient: number;
  max_wave_m: number;
  max_wind_kts: number;
  /** Natural roll period estimate, s (IMO IS Code 2008 weather criterion formula). */
  roll_period_s: number;
  windage: number;
  container_ship: boolean;
  displacement_t: number;
}

export function resolveVessel(v: {
  type: VesselType;
  loa_m?: number;
  beam_m?: number;
  draft_m?: number;
  air_draft_m?: number;
  cruising_speed_kts?: number;
  max_wave_m?: number;
  max_wind_kts?: number;
  displacement_t?: number;
}): ScoringVessel {
  const d = VESSEL_TYPE_DEFAULTS[v.type];
  const loa = v.loa_m ?? d.loa_m;
  // Unstated beam and draft scale with a stated length (same proportions as the type default).
  const scale = loa / d.loa_m;
  const beam = v.beam_m ?? d.beam_m * scale;
  const draft = v.draft_m ?? d.draft_m * scale;
  const gm = Math.max(0.15, d.gm_over_beam * beam);
  return {
    type: v.type,
    loa_m: loa,
    beam_m: beam,
    draft_m: draft,
    // No type default: a guessed height would close bridges to ships that pass under them.
    ...(v.air_draft_m === undefined ? {} : { air_draft_m: v.air_draft_m }),
    speed_kts: v.cruising_speed_kts ?? d.cruising_speed_kts,
    block_coefficient: d.block_coefficient,
    max_wave_m: v.max_wave_m ?? d.max_wave_m,
    max_wind_kts: v.max_wind_kts ?? d.max_wind_kts,
    // IMO 2008 IS Code, 2.3.4 (weather criterion): T = 2 C B / sqrt(GM).
    roll_period_s: (2 * d.roll_coefficient * beam) / Math.sqrt(gm),
    windage: d.windage,
    container_ship: d.container_ship,
    displacement_t: v.displacement_t ?? loa * beam * draft * d.block_coefficient * 1.025,
  };
}
