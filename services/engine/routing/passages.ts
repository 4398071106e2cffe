/**
 * Canals and straits that the router treats as explicit passages.
 *
 * A coastline at 1:50m (Natural Earth) closes canals and makes many straits too narrow (or
 * closes them), so the router cannot find them from the land mask alone. Each passage here is an
 * ordered centre line [lat, lon] (WGS84, decimal degrees) from one open-sea end to the other,
 * following the canal or the traffic lanes, plus the published dimensional limits that gate it
 * for a vessel.
 *
 * Pure data and types, no I/O. Where each geometry and each limit comes from, and what is
 * verified and what is not, is in docs/routing-data.md. Limits carry `limits_verified: false`
 * where the figure could not be found in a citable source. The router applies them (they match
 * practice: VLCCs too deep for Malacca go by Lombok) and a refusal that rests on one says so
 * (`closed_to_vessel[].limit_verified: false`), so it can be reviewed.
 */

export interface PassageLimits {
  /** Maximum draught (m). For canals in fresh water the authority's basis is given in notes. */
  max_draft_m?: number;
  /**
   * A river's draught limit for a ship sailing down it, to the sea, where its authority gives one
   * apart from the limit going up (`max_draft_m`): a ship leaves a river port lighter on the ebb
   * than it came up on the flood (the Seine: 11.30 m down, 11.70 m up).
   */
  max_draft_down_m?: number;
  max_beam_m?: number;
  max_loa_m?: number;
  /** Maximum height above the waterline (m), set by bridges or cables. */
  max_air_draft_m?: number;
}

/** A bridge over a river fairway: it binds only the ends further up the fairway than itself. */
export interface RiverBridge {
  name: string;
  /** Where it crosses the fairway's line, [lat, lon] (on or beside the line). */
  at: [number, number];
  /** Clearance under its navigation span (m), on the datum its source gives. */
  max_air_draft_m: number;
  source: string;
  /** As limits_verified: whether the value was found in the cited source. */
  verified: boolean;
}

export interface Passage {
  /** Stable lower-case id used by callers to require or avoid it. */
  id: string;
  name: string;
  /**
   * A river is a fairway up a river the coastline does not draw: from the water the coastline
   * draws (its first waypoint) up to its highest port (its last). An end on land near it is
   * snapped onto it and sails it from there (see riverJoins in route-ends.ts).
   */
  kind: "canal" | "strait" | "river";
  /**
   * Ordered centre-line waypoints [lat, lon] from one open-sea end to the other, following the
   * canal or the traffic lanes. The first and last points are in open water beyond the narrows
   * (a river's last point is its highest port). Canals and rivers cross land in any coastline
   * dataset by design.
   */
  waypoints: Array<[number, number]>;
  /** Published dimensional limits, where the passage has them. */
  limits?: PassageLimits;
  /** Authority + year (+ URL) for the limits. */
  limits_source?: string;
  /**
   * false when one or more limit values could not be verified in a citable source (see notes);
   * true when every value given was found in the cited source. Absent when there are no limits.
   */
  limits_verified?: boolean;
  /**
   * Published length of the canal between its termini (km), where one is published. The
   * waypoint polyline is a simplified centre line and is shorter than the real channel (see
   * docs/routing-data.md); a router that reports distances should use this length for the
   * canal section when it is given.
   */
  published_length_km?: number;
  published_length_source?: string;
  /**
   * A river's published kilometres at some of its waypoints (indices into `waypoints`, rising;
   * the first and the last waypoint among them), the kilometre a port's authority gives it. A line
   * that cuts some bends harder than others would, scaled as a whole, put the ports part way up
   * at the wrong distance; between two posts the river's length is spread over the line evenly.
   * Sources go in published_length_source.
   */
  kilometre_posts?: Array<{ waypoint: number; km: number }>;
  /**
   * Bridges over a river fairway, from the sea up. Each closes the fairway above it to ships
   * taller than its clearance and leaves the ports below it open to them; a limit in `limits`
   * binds every end on the fairway.
   */
  bridges?: RiverBridge[];
  /** Typical transit facts a router may use. */
  transit?: { typical_hours?: number; speed_limit_kts?: number; source?: string };
  /**
   * Optional passages are not needed to connect the world's oceans at 1:50m (they are open in
   * the coastline data or serve regional traffic); they exist so callers can avoid or require
   * them by id.
   */
  optional?: boolean;
  /**
   * For a strait open in the coastline data: a line [lat, lon] across its narrows from land on
   * one shore to land on the other. Every way through the strait crosses it, so a route that
   * crosses it used the strait, and a route that avoids the strait may not cross it (gates.ts).
   * Straits closed at 1:50m and canals need none: only their passage edges lead through.
   */
  gate?: Array<[number, number]>;
  /**
   * The strait's open water beside its channel is no way through for ships (reefs, shoals):
   * routes cross its gate only by the passage's own path, never by the grid or a straight leg.
   */
  channelOnly?: boolean;
  /**
   * A strait ice closes for part of the year: the months (1-12, UTC) it is open in. A voyage
   * that would reach it in another month (at the earliest, by the great circle at its speed)
   * may not use it (we have no ice data).
   */
  season?: { openMonths: number[]; source: string };
  notes?: string;
}

export const PASSAGES: readonly Passage[] = [
  // ---------------------------------------------------------------- canals
  {
    id: "suez",
    name: "Suez Canal",
    kind: "canal",
    // North: Port Said fairway/anchorage -> Port Said -> El Qantara -> Ballah -> Ismailia
    // (Lake Timsah) -> Deversoir -> Great Bitter Lake -> Little Bitter Lake -> Shallufa ->
    // Port Tewfik -> Suez Bay, at the southern access channel's end 9 km below Port Tewfik.
    // Centre line at canal scale, approximate (see docs).
    waypoints: [
      [31.4, 32.37],
      [31.3, 32.33],
      [31.22, 32.32],
      [31.05, 32.31],
      [30.9, 32.31],
      [30.78, 32.31],
      [30.65, 32.31],
      [30.57, 32.3],
      [30.5, 32.33],
      [30.42, 32.35],
      [30.35, 32.38],
      [30.28, 32.43],
      [30.2, 32.48],
      [30.12, 32.53],
      [30.04, 32.56],
      [29.95, 32.56],
      [29.87, 32.55],
    ],
    limits: { max_draft_m: 20.1, max_beam_m: 77.5, max_air_draft_m: 68 },
    published_length_km: 193.3,
    // The northern access channel's sea end, Port Said (the canal's km 0), Port Tewfik (km
    // 162.25) and the southern access channel's end: a port on the access channels (Port Said,
    // Suez) joins the canal there (RouteEnds.canalJoins) and counts the canal from there, not a
    // share of the whole spread evenly over a line whose access channels are drawn straight.
    kilometre_posts: [
      { waypoint: 0, km: 0 },
      { waypoint: 1, km: 22 },
      { waypoint: 15, km: 184.25 },
      { waypoint: 16, km: 193.3 },
    ],
    published_length_source:
      "Suez Canal Authority figure 193.30 km including the northern and southern access channels (as quoted on thespiceroute2017.blogspot.com 'Suez Canal', 2017); Wikipedia, 'Suez Canal' (as reproduced by primidi.com): 'the northern access channel of 22 km/14 mi, the canal itself of 162.25 km/100.82 mi and the southern access channel of 9 km/5.6 mi' (the kilometre posts; the canal itself runs from Port Said to Port Tewfik); seapace.com Suez Canal info (older): overall 192.548 km, Port Said to Ismailia 78.5 km, Ismailia to Port Tewfik 83.75 km",
    limits_source:
      "Suez Canal Authority draft/beam tables as summarised in: SIS Egypt, 'Importance of the Suez Canal' (66 ft permissible draft from Jan 2010), http://www.sis.gov.eg/section/4241/4251?lang=en-us; shiptradehouse.com 'Suezmax' (945 m2 wetted section: 20.1 m draught up to 50.0 m beam, 12.2 m draught at the maximum 77.5 m beam; air draft 68 m under the Suez Canal Bridge), http://shiptradehouse.com/en/suezmax",
    limits_verified: true,
    transit: {
      typical_hours: 14,
      source:
        "Egyptian Maritime Data Bank, 'Suez Canal - Traffic System' (archived 2013): 'from 12 to 16 hours to transit the Canal'; convoy system",
    },
    notes:
      "No LOA limit. The draught limit depends on beam (SCA table): 20.1 m (66 ft) only for beam <= 50 m, falling to 12.2 m at the maximum beam of 77.5 m (254 ft 3 in); vessels with beam > 210 ft transit only with beam wind <= 10 kn (SCA Rules of Navigation art. 52, lethagencies.com/RON/art52.htm). A caller with beam > 50 m must check the SCA table. Convoys: two southbound, one northbound per day (EMDB). Older speed limits 13-14 km/h (7.0-7.6 kn) are reported by seapace.com for the pre-2010 canal and are not used here.",
  },
  {
    id: "panama",
    name: "Panama Canal",
    kind: "canal",
    // Atlantic: Limon Bay anchorage -> Colon breakwater -> Cristobal -> Gatun/Agua Clara locks ->
    // Gatun Lake channel -> Gamboa -> Culebra (Gaillard) Cut -> Pedro Miguel / Cocoli ->
    // Miraflores -> Balboa -> Bridge of the Americas -> Pacific anchorage.
    waypoints: [
      [9.42, -79.93],
      [9.39, -79.92],
      [9.35, -79.91],
      [9.27, -79.92],
      [9.22, -79.89],
      [9.17, -79.85],
      [9.15, -79.8],
      [9.13, -79.75],
      [9.12, -79.7],
      [9.08, -79.67],
      [9.05, -79.64],
      [9.02, -79.61],
      [9.0, -79.59],
      [8.95, -79.565],
      [8.91, -79.54],
      [8.87, -79.52],
    ],
    limits: { max_loa_m: 366, max_beam_m: 51.25, max_draft_m: 15.2, max_air_draft_m: 57.91 },
    limits_source:
      "Panama Canal Authority (ACP) Neopanamax locks (opened 26 Jun 2016), as quoted by brafam.com 'Basic transit requirements Neo-Panamax' (LOA 366 m, beam 51.25 m, max height 57.9 m, draft 15.2 m TFW 'subject to change'), http://brafam.com/questions/basic-transit-requirements-neo-panamax/ and wikimili.com/en/Panamax (citing ACP 'Vessel Requirements'); Panamax locks: LOA 294.13 m, beam 32.31 m, draft 12.04 m TFW, air draft 57.91 m (same sources)",
    limits_verified: true,
    transit: {
      typical_hours: 10.5,
      source:
        "J.-P. Rodrigue, The Geography of Transport Systems, 'Average Transit Times for the Panama Canal, 2002-2012' (source ACP): canal transit time 'relatively stable around 10.5 hours' (excludes waiting), https://people.hofstra.edu/geotrans/eng/ch1en/appl1en/panama_transit.html",
    },
    notes:
      "Two lock sets. The limits above are the larger Neopanamax locks (Agua Clara / Cocoli); the original Panamax locks (Gatun / Pedro Miguel / Miraflores) take at most LOA 294.13 m, beam 32.31 m, draft 12.04 m TFW. Draft is in Tropical Fresh Water (Gatun Lake, density 0.9954) and the ACP reduces it in dry seasons by advisory (e.g. 2024 advisories in safety4sea.com); a vessel at 15.2 m TFW needs less in sea water. Air draft is set by the Bridge of the Americas (57.91 m / 190 ft). Waiting time (Canal Waters Time) is extra and variable.",
  },
  {
    id: "kiel",
    name: "Kiel Canal (Nord-Ostsee-Kanal)",
    kind: "canal",
    // West: the Elbe off the Brunsbuettel locks -> the locks -> Hochdonn -> Gruenental ->
    // Oldenbuettel -> Rendsburg -> Sehestedt -> Levensau -> Kiel-Holtenau locks -> the Kiel Fjord
    // off them. The ends lie in the water the 1:10m coastline draws just outside the locks, so a
    // ship from up the Elbe (Hamburg) or from Kiel's own quays enters the canal where it lies;
    // ends 4 nm down the Elbe and 9 nm out in the outer fjord sent those ships out and back (Hamburg
    // to Kiel's quays: 112 nm for about 85).
    waypoints: [
      [53.882, 9.13],
      [53.895, 9.145],
      [53.95, 9.2],
      [54.03, 9.27],
      [54.1, 9.36],
      [54.17, 9.47],
      [54.23, 9.57],
      [54.3, 9.67],
      [54.33, 9.75],
      [54.37, 9.83],
      [54.36, 9.95],
      [54.37, 10.06],
      [54.365, 10.14],
      [54.368, 10.16],
    ],
    limits: { max_loa_m: 235.5, max_beam_m: 32.5, max_draft_m: 9.5, max_air_draft_m: 40 },
    published_length_km: 97.96,
    published_length_source:
      "Kreishafen Rendsburg, 'The Kiel Canal': Brunsbuettel locks at canal km 0.68, Kiel-Holtenau locks at km 98.64 (lock to lock 97.96 km), https://www.kreishafen-rd.de/en/the-port/the-kiel-canal.html ; WSV brochure: length 98.6 km",
    limits_source:
      "Kiel Canal operating limits as given in the Wikipedia 'Kiel Canal' article (mirrored at liquisearch.com/kiel_canal/operation and alphaship.shipnext.com): max LOA 235.50 m, max beam 32.50 m with draught up to 7.00 m; ships up to 160 m LOA may draw up to 9.50 m; fixed bridges 42 m clearance (air draft 40 m); Federal Waterways and Shipping Administration (WSV) brochure 'The Kiel Canal' (length 98.6 km), docslib.org/doc/4662727",
    limits_verified: true,
    transit: {
      typical_hours: 8,
      speed_limit_kts: 8.1,
      source:
        "Speed: 15 km/h (8.1 kn) maximum, German Wikipedia 'Nord-Ostsee-Kanal' infobox (mirror de.zxc.wiki). Hours: passenger accounts of cruise-ship transits (about 8 h Brunsbuettel-Holtenau), e.g. travelcounsellors.co.uk (2010), larrymuffin.blogspot.com (2012); not an authority figure",
    },
    notes:
      "Draught and size interact: the 9.5 m draught applies only to ships up to 160 m LOA; a ship at the maximum 235.5 m x 32.5 m may draw at most 7.0 m (traffic groups and pilot/helmsman rules per the canal's traffic regulations, not encoded here). Brackish/fresh water. Saves on average 250 nm against the route round the Skaw (WSV: 460 km). The official WSV vessel-size table was not found in the stored sources.",
  },
  {
    id: "corinth",
    name: "Corinth Canal",
    kind: "canal",
    // Straight cut on bearing 131.5 deg from Poseidonia (Gulf of Corinth) to Isthmia (Saronic Gulf).
    waypoints: [
      [37.975, 22.9],
      [37.958, 22.94],
      [37.949, 22.9567],
      [37.9111, 23.0109],
      [37.9, 23.035],
      [37.89, 23.06],
    ],
    limits: { max_draft_m: 7.3, max_air_draft_m: 52 },
    published_length_km: 6.343,
    published_length_source:
      "AEDIK, 'The Canal - Specifications' (6,343 m including the ports of Poseidonia and Isthmia)",
    limits_source:
      "AEDIK (Corinth Canal operator), 'The Canal - Specifications': channel 24.60 m wide at sea level, 21.00 m at the bottom, depth 8.00 m on the axis below mean low water, air draft limited to 52 m by the rail and road bridges, length 6,343 m on bearing 131.5/311.5 deg, http://aedik.gr/the-canal/specifications/?lang=en ; the 7.3 m draught is from secondary sources only (bjorkaoddities.com, newsps.ru: 'width up to 16.5 m and depth 7.3 m')",
    limits_verified: false,
    transit: {
      source:
        "Towage is compulsory for larger vessels (AEDIK); one-way traffic; no hour figure verified",
    },
    notes:
      "No beam limit is given: the channel is 24.6 m wide at the surface; secondary sources quote 16.5 m (unverified); the cruise ship Braemar (beam 22.5 m, LOA 195.8 m) transited in Oct 2019. The draught limit 7.3 m is unverified (the authority gives an 8.0 m channel depth). Canal is closed at times for rockfall repairs.",
    optional: true,
  },
  {
    id: "cape-cod",
    name: "Cape Cod Canal",
    kind: "canal",
    // Buzzards Bay approach channel -> Railroad bridge -> Bourne -> Sagamore -> Cape Cod Bay jetties.
    waypoints: [
      [41.66, -70.72],
      [41.7, -70.655],
      [41.735, -70.615],
      [41.745, -70.6],
      [41.76, -70.565],
      [41.77, -70.535],
      [41.775, -70.505],
      [41.78, -70.49],
      [41.79, -70.45],
    ],
    limits: { max_draft_m: 9.75, max_air_draft_m: 41.1 },
    limits_source:
      "US Army Corps of Engineers canal as described in Cape Cod Commission, 'Regional Transportation Plan 2012' (480 ft wide, 32 ft deep channel at MLW; bridges 135 ft overhead clearance), yumpu.com/en/document/view/49623463; Cape Cod Canal Railroad Bridge 135 ft (41 m) clearance when raised (Wikipedia via oceansart.us)",
    limits_verified: false,
    notes:
      "32 ft (9.75 m) is the authorized channel depth at mean low water, not a published maximum draught; the usable draught is less (squat, under-keel clearance) and no authority draught limit was found. 135 ft (41.1 m) is the bridges' vertical clearance. Saves about 135 statute miles round Cape Cod. Strong tidal current (up to 5.2 mph).",
    optional: true,
  },
  {
    id: "chesapeake-delaware",
    name: "Chesapeake and Delaware Canal (Back Creek to Reedy Point)",
    kind: "canal",
    // The Elk River off Back Creek's mouth (the upper Chesapeake, drawn) -> up Back Creek ->
    // Chesapeake City -> the cut past the Summit and St Georges bridges -> Reedy Point -> the
    // Delaware River (drawn). Placed along the canal's course, not charted.
    waypoints: [
      [39.52, -75.875],
      [39.527, -75.845],
      [39.527, -75.81],
      [39.536, -75.76],
      [39.541, -75.73],
      [39.548, -75.68],
      [39.553, -75.651],
      [39.556, -75.6],
      [39.558, -75.567],
      [39.558, -75.54],
    ],
    limits: { max_draft_m: 10.67, max_air_draft_m: 40.5 },
    limits_source:
      "US Army Corps of Engineers, Philadelphia District, 'Chesapeake & Delaware Canal' (web.archive.org copy, 2013): 'a channel 35 feet deep and 450 feet wide, extends from Reedy Point on the Delaware River'; five high bridges, ship clearance 133 ft (St Georges, Delaware Route 13), 134 ft (Reedy Point), 135 ft (Chesapeake City, Summit), 138 ft (Senator Roth, Route 1), and the railroad lift bridge 138 ft when raised (industrialscenery.blogspot.com)",
    limits_verified: false,
    notes:
      "35 ft (10.67 m) is the channel's depth, not a published maximum draught (as for the Cape Cod Canal); 133 ft (40.5 m) is the lowest bridge's clearance. 14 statute miles (23 km) long, sea level, no locks, maintained by the Corps; it carries 40 percent of the ships in and out of Baltimore (USACE) and shortens Baltimore to the north-east and Europe by about 300 miles (Michigan Tech industrial archaeology site record). A cruising guide gives 886 ft (270 m) as the longest self-propelled vessel allowed; another says ships of 960 ft with bow thrusters have used it: no length limit is applied.",
    optional: true,
  },
  {
    id: "rio-de-la-plata",
    name: "Rio de la Plata channels (Canal Punta Indio and Canal Intermedio, across the middle estuary to the Rada La Plata)",
    kind: "canal",
    // The Canal Punta Indio where it enters the middle estuary (the line from Montevideo to Punta
    // Piedras) -> el Codillo -> the zona comun off La Plata. Dredged channels across the middle
    // Rio de la Plata, which is closed water (rio-de-la-plata-middle): every ship for Buenos Aires,
    // La Plata and the Parana comes this way.
    waypoints: [
      [-35.016, -56.53],
      [-35.0, -57.13],
      [-34.76, -57.8],
    ],
    limits: { max_draft_m: 10.36 },
    limits_source:
      "Bolsa de Comercio de Rosario, 'Situacion actual del Sistema de Navegacion Troncal del Rio Parana' (Sese, Ybanez): Resolution 1534/2006 allows 'un calado de 10,36 m (34 pies) desde el Oceano hasta Puerto San Martin'. The channels are 100 m wide at the bottom and 9.75-10.80 m deep at the lowest low water, with a safety margin of 0.60 m set by the Prefectura Naval Argentina (E. Gilardoni, 'Problematica de la navegacion en los canales del Rio de la Plata', IFSMA AGA 44, 2018)",
    limits_verified: true,
    notes:
      "The Prefectura's pontoon 'Recalada' lies at 35 02S 55 51W (patrullerasargentinas.blogspot.com, 2013), off Montevideo, 240 km from the port of Buenos Aires (La Nacion, 2018), and marks the entrance to the Canal Punta Indio (iProfesional). From it ships pass north of the Banco Ingles, cross the river by the Canal Punta Indio, 'a hundred kilometres long' and one-way (Universidad de Navarra, Global Affairs, 2023), to el Codillo, then follow the Canal Intermedio, the river's natural thalweg, to the zona comun off the port of La Plata (R. J. Rocca, nuestromar.org). The line is placed, not charted: el Codillo so that the channel from the Recalada and the way on to Buenos Aires keep the published 240 km, the inner end 7 nm off La Plata's port. It begins where the channel's line from the Recalada crosses into the middle estuary, 28 nm west of the Recalada: east of there the outer estuary is open water to the router, as it is for ships bound to Montevideo, and a ship from Montevideo joins the channel there rather than sailing out to the Recalada and back. The line counts as drawn. Beyond the inner end the upper estuary is open water in the coastline data: the Canal de Acceso to Buenos Aires and the Canal Emilio Mitre to the Parana de las Palmas are not drawn, and ships may cross its shallows. The Canal Magdalena, planned as a second way in from the south, is not open.",
    optional: true,
  },
  // ---------------------------------------------------------------- Turkish Straits
  {
    id: "bosporus",
    name: "Bosporus (Istanbul Strait)",
    kind: "strait",
    // Black Sea approach -> Rumeli/Anadolu Feneri entrance -> Buyukdere -> Yenikoy -> Kandilli
    // narrows -> Besiktas/Uskudar -> Sea of Marmara.
    waypoints: [
      [41.32, 29.17],
      [41.235, 29.13],
      [41.2, 29.105],
      [41.17, 29.075],
      [41.135, 29.075],
      [41.11, 29.06],
      [41.085, 29.06],
      [41.065, 29.045],
      [41.045, 29.025],
      [41.025, 29.01],
      [41.0, 28.995],
      [40.96, 28.99],
    ],
    // Gate: Rumeli Hisari - Anadolu Hisari, the narrowest reach.
    gate: [
      [41.085, 28.98],
      [41.085, 29.15],
    ],
    limits: { max_air_draft_m: 58 },
    limits_source:
      "Turkish Straits Maritime Traffic Regulations (1998) and Administration notices, as summarised by BIMCO 'Turkey - General information' and bosphorusstrait.com 'Passage restrictions': vessels with air draught of 58 m or more may not pass; 54-58 m only with tug escort; no definite LOA or draught restriction",
    limits_verified: true,
    notes:
      "The air-draught limit is strict (< 58 m): a vessel of exactly 58 m may not pass. No LOA/draught limit, but vessels 200-300 m LOA or > 15 m draught must send the SP-1 report 48 h ahead (10-15 m: 24 h), vessels > 300 m LOA must plan with the Administration and report 72 h ahead; a 'vessel restricted in her ability to manoeuvre' is LOA >= 150 m and draught >= 10 m (1998 regulations art. 2). Large vessels and tankers transit one way, by daylight, on the Administration's schedule. Currents to 7-8 kn at Kandilli; 12 course alterations.",
  },
  {
    id: "dardanelles",
    name: "Dardanelles (Canakkale Strait)",
    kind: "strait",
    // Aegean entrance (Kumkale/Mehmetcik) -> Canakkale narrows (Kilitbahir) -> Nara ->
    // 1915 Canakkale Bridge (Gelibolu/Lapseki) -> Sea of Marmara.
    waypoints: [
      [39.97, 26.08],
      [40.02, 26.19],
      [40.06, 26.27],
      [40.1, 26.34],
      [40.14, 26.385],
      [40.18, 26.41],
      [40.21, 26.44],
      [40.26, 26.5],
      [40.31, 26.58],
      [40.36, 26.64],
      [40.41, 26.7],
      [40.46, 26.78],
      [40.52, 26.92],
    ],
    // Gate: Kilitbahir - Canakkale, the Narrows.
    gate: [
      [40.17, 26.3],
      [40.12, 26.48],
    ],
    limits: { max_air_draft_m: 70 },
    limits_source:
      "The 1915 Canakkale Bridge (40 20 24N 26 38 10E, opened 18 March 2022, main span 2,023 m): clearance below 70 m (Wikipedia, '1915 Canakkale Bridge', infobox, 2025 copy)",
    limits_verified: false,
    notes:
      "Since March 2022 the strait is spanned by the 1915 Canakkale Bridge, between Gelibolu and Lapseki about 10 km from the Sea of Marmara (the gate, at the Narrows, is crossed by every way through the strait, so the bridge's clearance is the strait's limit). No LOA or draught limit. Same Turkish Straits regulations and reporting as the Bosporus. The Aegean entrance line Mehmetcik Burnu 40 03N 26 11E - Kumkale Burnu 40 01N 26 12E closes the Mediterranean ECA (MEPC.361(79)).",
  },
  {
    id: "kerch",
    name: "Kerch Strait",
    kind: "strait",
    // Black Sea (off Cape Takil) -> Kerch-Yenikale Canal -> under the Crimean Bridge arch -> Sea
    // of Azov. The only way into the Sea of Azov; closed at 1:50m to the grid.
    waypoints: [
      [44.98, 36.55],
      [45.1, 36.52],
      [45.2, 36.5],
      [45.28, 36.6],
      [45.33, 36.64],
      [45.4, 36.66],
      [45.5, 36.62],
    ],
    limits: { max_air_draft_m: 35 },
    limits_source:
      "Crimean Bridge navigable arch over the Kerch-Yenikale Canal fairway: clear space 185 m wide and 35 m high (bridge builder's press service via RIA Novosti, as reported by VZ.ru, 11 May 2017, https://vz.ru/news/2017/5/11/869847.html)",
    limits_verified: true,
    notes:
      "Passage under Russian control and inspection since 2014/2018 and in a war zone since 2022: a sanctions and war-risk matter for the caller, not a routing limit. The canal's draught limit was not found in the stored sources, so none is set.",
  },
  // ---------------------------------------------------------------- Europe
  {
    id: "gibraltar",
    name: "Strait of Gibraltar",
    kind: "strait",
    // Atlantic (off Cape Trafalgar/Spartel) -> TSS off Tarifa -> Europa Point -> Alboran Sea.
    waypoints: [
      [35.9, -6.25],
      [35.92, -5.95],
      [35.95, -5.7],
      [35.96, -5.5],
      [35.98, -5.35],
      [36.02, -5.2],
      [36.06, -5.0],
    ],
    // Gate: Tarifa - Punta Cires, the narrowest section.
    gate: [
      [36.1, -5.6],
      [35.85, -5.5],
    ],
    notes:
      "TSS in the Strait of Gibraltar (IMO-adopted). Open at 1:50m; an explicit passage so callers can require or avoid it and so traffic scoring knows the chokepoint. No dimensional limits.",
  },
  {
    id: "dover",
    name: "Strait of Dover",
    kind: "strait",
    // English Channel (off Dungeness/Boulogne) -> Dover Strait TSS -> Southern North Sea.
    waypoints: [
      [50.6, 0.7],
      [50.78, 1.1],
      [50.93, 1.35],
      [51.02, 1.5],
      [51.13, 1.7],
      [51.25, 1.9],
      [51.38, 2.1],
    ],
    // Gate: South Foreland - Cap Gris-Nez, the narrowest section.
    gate: [
      [51.17, 1.33],
      [50.8, 1.66],
    ],
    notes:
      "Dover Strait TSS (first IMO-approved TSS, 1967); north-east-bound lane on the French side, south-west-bound on the English side; the centre line here follows the separation zone. No dimensional limits; deep-draught vessels use the deep-water route. Open at 1:50m (about 18 nm wide).",
  },
  {
    id: "oresund",
    name: "Oresund (The Sound)",
    kind: "strait",
    // Kattegat -> Helsingor/Helsingborg narrows -> east of Ven -> Copenhagen roads -> Drogden
    // channel -> south of Saltholm -> off Falsterbo -> Baltic.
    waypoints: [
      [56.15, 12.5],
      [56.04, 12.63],
      [55.96, 12.67],
      [55.85, 12.75],
      [55.72, 12.72],
      [55.64, 12.7],
      [55.57, 12.715],
      [55.5, 12.74],
      [55.4, 12.74],
      [55.3, 12.7],
      [55.22, 12.7],
    ],
    limits: { max_draft_m: 7.7 },
    limits_source:
      "Drogden channel: dredged depth 8.0 m (Wikipedia 'Drogden'; Danish and Swedish maritime authorities, 'Navigational safety in the Sound' 2006: Drogden 8 m, Flintrannan 8.4 m); 7.7 m as the navigable depth in es.wikipedia 'Drogden' citing Sound VTS 'Drogden and the Flint' (archived 2014)",
    limits_verified: false,
    notes:
      "The controlling depth is the Drogden channel (about 8 m); the usable draught of 7.7 m is a secondary figure and sources differ (8.0 m depth vs 7.7 m). Ships with a deeper draught use the Great Belt (Route T). Ships taller than 35 m in Drogden need permission (Copenhagen airport approach). The Oresund Bridge (Flintrannan side) limits air draught; its clearance was not verified here.",
  },
  {
    id: "great-belt",
    name: "Great Belt (Route T)",
    kind: "strait",
    // Kattegat (Route T south of Anholt) -> Sjaellands Rev -> Great Belt north -> East Bridge
    // TSS (Sprogo-Zealand) -> Langeland east -> Kiel Bight / Fehmarn Belt.
    waypoints: [
      [56.45, 11.55],
      [56.2, 11.35],
      [55.95, 11.1],
      [55.8, 10.97],
      [55.7, 10.92],
      [55.55, 10.93],
      [55.42, 11.0],
      [55.34, 11.04],
      [55.25, 11.03],
      [55.12, 11.0],
      [55.0, 10.98],
      [54.9, 10.95],
      [54.8, 10.93],
      [54.7, 10.97],
      [54.62, 11.2],
    ],
    limits: { max_air_draft_m: 65, max_draft_m: 15 },
    limits_source:
      "Air draught: Danish Defence, VTS Great Belt 'Facts on VTS Great Belt' (East Bridge navigation span, free vertical clearance 65 m at mean sea level; TSS between pylons 16 and 17), forsvaret.dk; depth: IMO routeing measures for Route T (puc.overheid.nl/nsi PUC_1571_14): 17 m maximum obtainable depth NE of Gedser, charted depths may be up to 2 m less; Route T recommended for ships > 40,000 dwt or draught 13 m (boatbuilding.xyz quoting Sailing Directions)",
    limits_verified: false,
    notes:
      "The 65 m air draught under the East Bridge is verified (at mean sea level; water level varies). The 15 m draught is derived (17 m minimum depth of Route T less the 2 m IMO caution), not a published limit; ships with draught >= 11 m should take a pilot (IMO), >= 13 m not taking one are reported to the flag state (Danish Pilotage Authority). Vessels > 1000 GT or air draught > 18 m must use the East Bridge (the West Bridge gives 18 m).",
  },
  {
    id: "messina",
    name: "Strait of Messina",
    kind: "strait",
    // Tyrrhenian (off Capo Peloro) -> Ganzirri/Punta Pezzo narrows -> Messina -> Ionian Sea.
    waypoints: [
      [38.36, 15.7],
      [38.3, 15.67],
      [38.26, 15.645],
      [38.22, 15.615],
      [38.17, 15.6],
      [38.12, 15.6],
      [38.05, 15.58],
      [37.96, 15.55],
    ],
    notes:
      "TSS and VTS (Messina); narrowest about 1.6 nm between Capo Peloro and Punta Pezzo, strong tidal currents. No dimensional limits verified; overhead power-line clearance (Pylons of Messina, disused) not verified.",
    optional: true,
  },
  {
    id: "bonifacio",
    name: "Strait of Bonifacio",
    kind: "strait",
    // West (off Capo di Feno) -> between Lavezzi (Corsica) and Razzoli (La Maddalena) -> east.
    waypoints: [
      [41.38, 8.95],
      [41.36, 9.08],
      [41.34, 9.2],
      [41.325, 9.3],
      [41.31, 9.4],
      [41.28, 9.52],
      [41.25, 9.65],
    ],
    // Gate: Bonifacio (Corsica) - Santa Teresa Gallura (Sardinia), west of La Maddalena.
    gate: [
      [41.45, 9.18],
      [41.18, 9.22],
    ],
    notes:
      "PSSA (IMO, 2011) with a TSS; France and Italy restrict laden tankers and ships carrying dangerous goods under their flags (not verified here). Regulatory, not dimensional: no limits set.",
    optional: true,
  },
  // ---------------------------------------------------------------- Middle East
  {
    id: "bab-el-mandeb",
    name: "Bab-el-Mandeb",
    kind: "strait",
    // Gulf of Aden -> TSS in the western (large) strait, west of Perim (Mayyun) -> Red Sea.
    waypoints: [
      [12.35, 43.75],
      [12.45, 43.55],
      [12.55, 43.42],
      [12.62, 43.35],
      [12.72, 43.27],
      [12.85, 43.18],
      [13.0, 43.08],
    ],
    notes:
      "TSS west of Perim Island. No dimensional limits. Security risk area (attacks on shipping from late 2023); scoring, not geometry, should carry that.",
  },
  {
    id: "hormuz",
    name: "Strait of Hormuz",
    kind: "strait",
    // Gulf of Oman -> TSS round Musandam (between Musandam/Quoin Is. and Larak) -> Persian Gulf.
    waypoints: [
      [25.8, 57.1],
      [26.05, 56.85],
      [26.3, 56.65],
      [26.5, 56.5],
      [26.57, 56.35],
      [26.55, 56.15],
      [26.45, 55.95],
      [26.35, 55.7],
      [26.3, 55.45],
    ],
    notes:
      "TSS off Musandam (IMO). No dimensional limits; the deep-water lanes accommodate the largest crude carriers.",
  },
  // ---------------------------------------------------------------- Asia / Australia
  {
    id: "malacca",
    name: "Strait of Malacca",
    kind: "strait",
    // Singapore Strait west end (off Karimun) -> Port Klang approaches / One Fathom Bank ->
    // off Penang -> northern entrance towards the Andaman Sea.
    waypoints: [
      [1.2, 103.45],
      [1.4, 103.1],
      [1.75, 102.55],
      [2.15, 101.9],
      [2.55, 101.35],
      [2.9, 100.95],
      [3.4, 100.45],
      [4.0, 99.95],
      [4.7, 99.4],
      [5.4, 98.7],
      [5.9, 98.0],
      [6.1, 97.4],
    ],
    // Gate: Cape Rachado - Rupat Island - Sumatra (Dumai), the narrows.
    gate: [
      [2.6, 102.0],
      [1.6, 101.3],
    ],
    limits: { max_draft_m: 20.5 },
    limits_source:
      "IMO 'Rules for vessels navigating through the Straits of Malacca and Singapore' (MSC 69, 1998; A.858(20)), reiterated in MPA Singapore Port Marine Circular No. 20 of 2019 (via gac.com Hot Port News, 2 Dec 2019): deep-draught vessels (draught >= 15 m) and VLCCs keep an under-keel clearance of at least 3.5 m; 'Malaccamax' draught 20.5 m for a 25 m controlling depth (Wikipedia 'Malaccamax', citing MHI Technical Review)",
    limits_verified: false,
    notes:
      "There is no published maximum draught. 20.5 m is the 'Malaccamax' design draught derived from the ~25 m controlling depth and the 3.5 m UKC rule (secondary sources); treat as indicative. Deeper ships route via Lombok/Makassar (see 'lombok'). STRAITREP mandatory reporting; TSS along the strait.",
  },
  {
    id: "singapore",
    name: "Singapore Strait",
    kind: "strait",
    // West (off Karimun / Phillip Channel) -> south of Sentosa and St John's -> Horsburgh.
    waypoints: [
      [1.15, 103.45],
      [1.14, 103.6],
      [1.17, 103.72],
      [1.19, 103.8],
      [1.205, 103.87],
      [1.22, 103.95],
      [1.235, 104.05],
      [1.26, 104.15],
      [1.29, 104.3],
      [1.33, 104.42],
      [1.42, 104.55],
    ],
    // Gate: Johor (east of Tanjung Pengelih) - Bintan, the eastern entrance; Keppel Harbour and the western approaches lie west of it.
    gate: [
      [1.45, 104.28],
      [1.1, 104.45],
    ],
    limits: { max_draft_m: 20.5 },
    limits_source:
      "As 'malacca': IMO Rules for vessels navigating through the Straits of Malacca and Singapore (1998) / MPA Port Marine Circular No. 20 of 2019 (UKC >= 3.5 m; DDV = draught >= 15 m); 20.5 m 'Malaccamax' draught (secondary)",
    limits_verified: false,
    transit: {
      speed_limit_kts: 12,
      source:
        "MPA Singapore Port Marine Circular No. 20 of 2019 (via gac.com, 2019): DDVs and VLCCs in the westbound lane proceed at not more than 12 kn over ground between 01 12.51N 103 52.15E and 01 08.65N 103 44.30E (south of St John's Island to Raffles Lighthouse), as far as safe and practicable",
    },
    notes:
      "The 12 kn figure applies to deep-draught vessels and VLCCs in the westbound lane only. Eastbound deep-draught vessels use the deep-water routes (Phillip Channel, Singapore Strait). 20.5 m draught is indicative, not a published limit.",
  },
  {
    id: "sunda",
    name: "Sunda Strait",
    kind: "strait",
    // Java Sea (off Merak) -> west of Sangiang -> Indian Ocean (off Krakatau / Java Head).
    waypoints: [
      [-5.65, 106.0],
      [-5.8, 105.88],
      [-5.92, 105.8],
      [-6.05, 105.72],
      [-6.15, 105.55],
      [-6.25, 105.35],
      [-6.45, 105.05],
    ],
    notes:
      "TSS adopted 2019 (Indonesia). Reported controlling depth about 20 m (secondary sources on 'Malaccamax'; unverified), so not a deep-draught alternative; no limit is set because none was verified.",
    optional: true,
  },
  {
    id: "lombok",
    name: "Lombok Strait",
    kind: "strait",
    // Bali Sea -> between Bali/Nusa Penida and Lombok -> Indian Ocean.
    waypoints: [
      [-8.2, 115.85],
      [-8.4, 115.8],
      [-8.6, 115.78],
      [-8.8, 115.78],
      [-9.0, 115.75],
      [-9.2, 115.7],
    ],
    // Gate: Bali (east coast) - Lombok (west coast), north of Nusa Penida.
    gate: [
      [-8.4, 115.45],
      [-8.6, 116.2],
    ],
    notes:
      "Deep-water alternative to Malacca for ships that exceed its draught (route Lombok - Makassar Strait); TSS adopted 2019. Nusa Penida and Gili Matra PSSA (MEPC 82, 2024). No dimensional limits.",
  },
  {
    id: "torres",
    name: "Torres Strait (Great North East Channel - Prince of Wales Channel)",
    kind: "strait",
    // Coral Sea (GNEC east end near Bramble Cay) -> Great North East Channel -> Varzin Passage ->
    // Prince of Wales Channel -> Booby Island pilot boarding ground -> Arafura Sea.
    waypoints: [
      [-9.1, 144.0],
      [-9.3, 143.65],
      [-9.55, 143.3],
      [-9.8, 143.0],
      [-10.05, 142.7],
      [-10.3, 142.45],
      [-10.5, 142.25],
      [-10.55, 142.1],
      [-10.58, 141.97],
      [-10.6, 141.85],
      [-10.55, 141.5],
    ],
    // Gate: New Guinea (south coast) - Cape York Peninsula along about 142.5 E, across every channel.
    gate: [
      [-8.9, 142.6],
      [-10.9, 142.4],
    ],
    // Outside the channel the strait is reefs and shallows: "The average depth of the Torres
    // Strait is 30-50 metres in the east and 10-15 metres in the west" (IMO resolution
    // MEPC.133(53), 2005, annex), and the Natural Earth reef layer leaves gaps there (routes ran
    // north of the Warrior Reefs along the New Guinea coast).
    channelOnly: true,
    limits: { max_draft_m: 12.5 },
    limits_source:
      "Australian Maritime Safety Authority (AMSA): maximum draught 12.5 m for all vessels from 1 Nov 2021, within tidal windows with >= 1 m under-keel clearance (UKCM system), seaandjob.com and thedcn.com.au (2021); Torres Pilots 'Draft restrictions' (12.5 m basis SW density 1.025), https://torrespilots.com.au/pilot-info/draft-restrictions/",
    limits_verified: true,
    notes:
      "12.5 m requires a tidal window; up to 12.2 m transits are possible nearly every day. UKC: 1.0 m (Varzin Passage), 10% of draught in the Prince of Wales Channel for draught >= 11.9 m (Torres Pilots). Compulsory coastal pilotage for vessels >= 70 m LOA and all laden tankers; draught >= 9 m must be piloted by an AMSA-licensed pilot. Great Barrier Reef / Torres Strait PSSA.",
  },
  {
    id: "taiwan",
    name: "Taiwan Strait",
    kind: "strait",
    // South China Sea (off Kaohsiung) -> west of Penghu -> East China Sea (off Taipei).
    waypoints: [
      [22.5, 119.6],
      [23.1, 119.25],
      [23.8, 119.35],
      [24.5, 119.85],
      [25.2, 120.4],
      [25.6, 120.9],
    ],
    // Gate: Fujian (Fuqing) - Taiwan (Hsinchu), the narrowest section.
    gate: [
      [25.5, 119.3],
      [24.7, 121.2],
    ],
    notes:
      "About 70 nm wide: open in the 1:50m coastline, kept as a passage so callers can avoid it (political risk). No dimensional limits.",
    optional: true,
  },
  // ---------------------------------------------------------------- Americas
  {
    id: "magellan",
    name: "Strait of Magellan",
    kind: "strait",
    // Atlantic (off Punta Dungeness) -> Primera Angostura -> Segunda Angostura -> Punta Arenas ->
    // Cape Froward -> Paso Ingles -> Paso Largo -> Cabo Pilar -> Pacific.
    waypoints: [
      [-52.4, -68.2],
      [-52.45, -68.8],
      [-52.47, -69.3],
      [-52.485, -69.5],
      [-52.52, -69.58],
      [-52.58, -69.85],
      [-52.68, -70.2],
      [-52.75, -70.45],
      [-52.9, -70.65],
      [-53.1, -70.8],
      [-53.35, -70.83],
      [-53.6, -70.8],
      [-53.7, -70.85],
      [-53.8, -70.9],
      [-53.87, -71.1],
      [-53.95, -71.3],
      [-53.9, -71.55],
      [-53.8, -71.8],
      [-53.7, -72.05],
      [-53.62, -72.3],
      [-53.55, -72.55],
      [-53.45, -72.8],
      [-53.3, -73.05],
      [-53.12, -73.35],
      [-52.95, -73.7],
      [-52.8, -74.1],
      [-52.7, -74.5],
      [-52.55, -75.0],
    ],
    notes:
      "Chilean compulsory pilotage. No dimensional limits verified. Alternative to Cape Horn / Drake Passage and to the Panama Canal for ships that exceed its locks. Geometry approximate between the narrows (see docs).",
  },
  {
    id: "windward",
    name: "Windward Passage",
    kind: "strait",
    waypoints: [
      [20.5, -73.8],
      [20.1, -73.85],
      [19.7, -74.0],
      [19.3, -74.3],
    ],
    // Gate: Cuba (Baracoa) - Haiti (north-west peninsula).
    gate: [
      [20.2, -74.6],
      [19.7, -73.2],
    ],
    notes: "About 45 nm wide, open at 1:50m; kept so callers can avoid or require it.",
    optional: true,
  },
  {
    id: "florida",
    name: "Straits of Florida",
    kind: "strait",
    waypoints: [
      [24.15, -83.0],
      [24.3, -82.0],
      [24.35, -81.3],
      [24.65, -80.5],
      [25.2, -80.0],
      [25.9, -79.9],
      [26.6, -79.85],
    ],
    // Gate: Florida (Everglades) - the Middle Keys - Cuba along about 81 W.
    gate: [
      [26.0, -80.9],
      [22.8, -81.0],
    ],
    notes:
      "Open at 1:50m; kept so callers can avoid or require it. Florida Keys PSSA and areas to be avoided lie on the north side.",
    optional: true,
  },
  {
    id: "belle-isle",
    name: "Strait of Belle Isle, between Newfoundland and Labrador",
    kind: "strait",
    // Gulf of St Lawrence -> the narrows off Point Amour -> north of Cape Norman -> the Atlantic
    // south of Belle Isle.
    waypoints: [
      [51.15, -57.3],
      [51.41, -56.77],
      [51.75, -55.9],
      [51.75, -55.0],
    ],
    // Gate: across the narrows, Labrador (Point Amour) to Newfoundland, a few miles inland.
    gate: [
      [51.52, -56.9],
      [51.3, -56.6],
    ],
    season: {
      openMonths: [6, 7, 8, 9, 10, 11],
      source:
        "Encyclopaedia Britannica, 'Strait of Belle Isle': the Labrador Current 'favouring an extended period of ice cover and limiting the shipping season to between June and late November'",
    },
    notes:
      "The northern entrance to the Gulf of St Lawrence, 145 km long and 10-17 mi wide, the most direct route from the St Lawrence and the Great Lakes to Europe (Encyclopaedia Britannica); the routes by Cabot Strait are 100-400 mi longer, and the strait is normally closed by pack ice and icebergs from the end of December to mid-July (Journal of Navigation, 'Winter Navigation through the Strait of Belle Isle', 1964). Open to voyages reaching it June to November (season); no dimensional limits set.",
    optional: true,
  },
  {
    id: "chacao",
    name: "Chacao Channel, between the mainland and Chiloe",
    kind: "strait",
    // The Pacific off the western entrance (Punta Chocoy - Punta Guapacho) -> past Dona
    // Sebastiana -> the narrows at Roca Remolinos -> the eastern entrance (Punta Coronel - Punta
    // Tres Cruces) -> the Gulf of Ancud, towards Puerto Montt. Points from the 1:10m coastline's
    // water, threaded on it.
    waypoints: [
      [-41.76, -74.1],
      [-41.77, -74.01],
      [-41.78, -73.9],
      [-41.81, -73.68],
      [-41.8, -73.57],
      [-41.83, -73.51],
      [-41.86, -73.47],
    ],
    // Gate: from the mainland to Chiloe across the channel's middle, on land at both ends.
    gate: [
      [-41.74, -73.75],
      [-41.86, -73.75],
    ],
    notes:
      "The channel between the mainland and the north of Chiloe, from the western entrance (Punta Chocoy - Punta Guapacho, 41 46 01S 73 52 10W) to the eastern (Punta Coronel - Punta Tres Cruces, 41 49 30S 73 29 30W): 14 nm long, from just over 1 nm wide at Roca Remolinos to 2.5 nm near its western entrance, deep enough for large ships, with strong tidal streams and fog from February to April (Spanish Wikipedia, 'Canal de Chacao', as reproduced). DIRECTEMAR (Chilean maritime authority), 'Southbound alternative routes': ships of every size in its three classes 'can safely' use the Chiloe channels 'from Chacao Channel to Canal Darwin'; a cruise ship's pilot describes Seabourn Sojourn entering it bound for Puerto Montt (patagonianfjords.blogspot.com, 2016). Too narrow for the routing grid, which went round Chiloe by the Gulf of Corcovado (the Pacific off Chiloe's north-west to the Gulf of Ancud 221 nm against 84). Tidal streams are not modelled; no dimensional limits set.",
    optional: true,
  },
  {
    id: "chios",
    name: "Chios Strait, between Chios and the Cesme peninsula",
    kind: "strait",
    // The Aegean north of Chios, off the Gulf of Izmir's mouth -> the narrows between Chios town
    // and the Turkish coast -> the Aegean south of Chios.
    waypoints: [
      [38.6, 26.2],
      [38.36, 26.22],
      [38.29, 26.2],
      [38.12, 26.2],
    ],
    // Gate: across the narrows from Chios to the Turkish shore, on land at both ends.
    gate: [
      [38.3, 26.12],
      [38.3, 26.33],
    ],
    notes:
      "The strait between Chios and the Karaburun and Cesme peninsulas of Turkey, about 4-5 nm wide off Chios town in the 1:10m coastline (the Oinousses islets north of it are not drawn): the way between the Gulf of Izmir and the southern Aegean. Too narrow for the routing grid (0.25 degree cells), which went round west of Chios (from north to south of the island 74 nm against about 40). Positions from the 1:10m coastline; no published traffic figures or limits were found, so none are set.",
    optional: true,
  },
  {
    id: "pentland-firth",
    name: "Pentland Firth, between Caithness and Orkney",
    kind: "strait",
    // The North Sea off Duncansby Head -> between Stroma and Swona (which the coastline does not
    // draw) -> the Atlantic off Dunnet Head.
    waypoints: [
      [58.73, -2.6],
      [58.715, -3.1],
      [58.72, -3.55],
    ],
    // Gate: from Caithness (west of Stroma) to Hoy, on land at both ends.
    gate: [
      [58.62, -3.25],
      [58.81, -3.25],
    ],
    notes:
      "The strait separating the Orkney Islands from Caithness, from Dunnet Head to Duncansby Head on the Caithness side and from Tor Ness (Hoy) to Old Head (South Ronaldsay) on the Orkney side, with Stroma and Swona in the middle; tidal streams of 16 kn reported close west of the Pentland Skerries; the cargo ship Cemfjord sank in it in 2015 (Wikipedia, 'Pentland Firth', 58 42 58N 3 06 54W). About 7 nm wide between Caithness and Hoy in the 1:10m coastline: the short way between the North Sea and the Atlantic north of Scotland. Too narrow for the routing grid (0.25 degree cells), which went round north of Orkney instead (Aberdeen to Stornoway 257 nm). No dimensional limits set.",
    optional: true,
  },
  {
    id: "kafireas",
    name: "Kafireas Strait (Doro Channel), between Euboea and Andros",
    kind: "strait",
    // The Aegean north-east of Cape Kafireas -> mid-channel between the cape and Andros ->
    // towards the Petalion Gulf and the Saronic Gulf (Piraeus).
    waypoints: [
      [38.3, 24.78],
      [38.02, 24.655],
      [37.8, 24.5],
    ],
    // Gate: from Cape Kafireas (Euboea) to Andros's north-western end, on land at both ends.
    gate: [
      [38.07, 24.55],
      [37.975, 24.76],
    ],
    notes:
      "Cape Kafireas (Cavo Doro, 38 03 43N 24 33 47E), Euboea's south-eastern tip, 'with the nearby island of Andros ... forms the Kafireas Straits or Doro Channel', historically one of the most dangerous waters of the Aegean (Wikipedia, 'Cape Caphereus'); a light on Nisis Mandhili marks the channel (cruising guide, 'Evia and the Northern Sporades'). About 6 nm wide between the cape and Andros in the 1:10m coastline: the way from the Dardanelles and the northern Aegean to Piraeus. Too narrow for the routing grid, which went round south of Tinos and Mykonos instead (Istanbul to Piraeus 391 nm). No dimensional limits set.",
    optional: true,
  },
  {
    id: "backstairs",
    name: "Backstairs Passage, between Kangaroo Island and the Fleurieu Peninsula",
    kind: "strait",
    // Southern Ocean south-east of the Pages -> the narrows (Cape Jervis - Dudley Peninsula) ->
    // Investigator Strait / Gulf St Vincent west of Cape Jervis.
    waypoints: [
      [-35.86, 138.32],
      [-35.715, 138.12],
      [-35.64, 137.98],
    ],
    // Gate: across the narrows, a few miles inland on both shores.
    gate: [
      [-35.62, 138.19],
      [-35.81, 138.03],
    ],
    notes:
      "The strait between Kangaroo Island's Dudley Peninsula and the Fleurieu Peninsula, about 14 km wide at its narrowest, 73 m deep at most, with the Pages islets in its eastern entrance (Wikipedia, 'Backstairs Passage'); a research vessel's log gives the gap as 7.75 nm between Ironstone Hill and Land's End, the passage 23 nm long, a 2.5 kn current and overfalls, steering 135 deg through it from Investigator Strait (cwr.org.au, 9 Jun 2013). The way between Gulf St Vincent (Adelaide) and the Southern Ocean to the south-east. Too narrow for the routing grid, which went round Kangaroo Island instead. No dimensional limits set.",
    optional: true,
  },
  {
    id: "boulari",
    name: "Passe de Boulari, the barrier reef's pass to Noumea",
    kind: "strait",
    // Coral Sea south-west of the reef -> the pass -> the lagoon west of Amedee islet.
    waypoints: [
      [-22.58, 166.4],
      [-22.515, 166.445],
      [-22.45, 166.45],
    ],
    // Gate: across the pass, between the ends of the reef layer's lines either side of it.
    gate: [
      [-22.494, 166.438],
      [-22.535, 166.452],
    ],
    notes:
      "Noumea's pass from the open sea on the south-west, 12 nm from the port and marked by the Amedee lighthouse (22 28 39S 166 28 04E); the Havannah pass, 40 nm south-east, serves ships to and from Vanuatu, Fiji and the Loyalty Islands (NGA Pub. 126, Sector 5; a cruiser's log, 2016). The gap it leaves in Natural Earth's reef lines is 2.6 nm, too narrow for the routing grid. No dimensional limits set.",
    optional: true,
  },
  {
    id: "havannah",
    name: "Canal de la Havannah, the barrier reef's pass at New Caledonia's south-east end",
    kind: "strait",
    // Open sea north-east of the pass -> the gap in the reef -> the canal along Grande Terre's
    // south coast -> its western end east of Ile Ouen, in the southern lagoon.
    waypoints: [
      [-22.29, 167.12],
      [-22.338, 167.066],
      [-22.4, 166.99],
      [-22.46, 166.87],
    ],
    // Gate: across the pass, from the reef line off the Goro coast to the end of the reef to the south.
    gate: [
      [-22.332, 167.044],
      [-22.344, 167.089],
    ],
    notes:
      "The southern lagoon's way to and from the open sea on the east: its tidal currents are among the strongest round New Caledonia, and the recommended track on to Noumea starts at the west end of the Woodin Canal (NGA Pub. 126, Sector 5); cruisers from Port Vila and Fiji come in by it. Cap Ndoua's lighthouse marks the western end, about 7 nm from the gap (tiaretaporo3.blogspot.com, 31 Aug 2011). Cruisers put the pass 40-45 nm from Noumea and Port Vila 340 nm from Noumea (sunstonesailing.com, 'New Caledonia and Return'; tagish.blogspot.com, 18 Oct 2010). The gap it leaves in Natural Earth's reef lines is 2.6 nm, too narrow for the routing grid; the Woodin Canal, about 1 nm wide in the 1:10m coastline, is not drawn, so routes go on south of Ile Ouen. No dimensional limits set.",
    optional: true,
  },
  {
    id: "navula",
    name: "Navula Passage, the barrier reef's pass to Lautoka from the south-west",
    kind: "strait",
    // Open sea west-south-west of the pass, on the reciprocal of the leading line -> the gap ->
    // north-north-east up the lagoon along the coast to off Lautoka.
    waypoints: [
      [-17.874, 177.143],
      [-17.859, 177.211],
      [-17.84, 177.25],
      [-17.72, 177.3],
      [-17.66, 177.35],
    ],
    // Gate: across the pass, between the ends of the reef layer's lines either side of it.
    gate: [
      [-17.849, 177.211],
      [-17.869, 177.211],
    ],
    notes:
      "Lautoka's usual way in, from the south-west; the alternative is Yavena Passage from the north-west, and either transit to the port takes about two hours. The leading line bears 077 deg 17'; Navula Reef forms the pass's north side and Tavaru Island (17 51S 177 12E) lies 1.5 nm north of it (ports.com, 'Port of Lautoka: Entrance Channel', a port guide). A yacht 6 nm short of the pass was 30 nm from Lautoka (blog.mailasail.com, 'Wandering Dream', 20 Jun 2015). The gap it leaves in Natural Earth's reef lines is 1.2 nm, too narrow for the routing grid, which has no node in the lagoon between the pass and the port; the lagoon leg follows the coast north-north-east and was not taken from a chart. No dimensional limits set.",
    optional: true,
  },
  {
    id: "kanmon",
    name: "Kanmon Strait (Kanmon Kaikyo), between Honshu and Kyushu",
    kind: "strait",
    // Hibiki-nada (the Sea of Japan side) -> south-east past Hikoshima -> east along Kanmon Port
    // -> north-east through Hayatomo Seto under the Kanmon Bridge -> Suo-nada (the Inland Sea).
    waypoints: [
      [33.97, 130.8],
      [33.935, 130.86],
      [33.915, 130.895],
      [33.912, 130.92],
      [33.935, 130.94],
      [33.957, 130.96],
      [33.975, 130.99],
      [33.99, 131.06],
    ],
    // Gate: across Hayatomo Seto, Shimonoseki (Honshu) to Moji (Kyushu), on land both sides.
    gate: [
      [33.966, 130.944],
      [33.95, 130.986],
    ],
    limits: { max_draft_m: 11.6, max_air_draft_m: 61 },
    limits_source:
      "Air draught: the Kanmon Bridge over Hayatomo Seto, 61 m clear above high water (Gakken's children's encyclopaedia, 'Kanmonkyo'; German Wikipedia, 'Kammon-Bruecke'). Draught: the fairway's least depth, 11.6 m (chemical-tankers.blogspot.com, 'Safe navigation in Kanmon Kaikyo passage', 2011: depths 11.6-19.7 m; rich.mcclear.net, 2024: 'as shallow as 12 meters'), an upper bound, not a published limit",
    limits_verified: false,
    transit: {
      source:
        "Pilotage compulsory for vessels of 10,000 GT and over passing through the Kanmon section (chemical-tankers.blogspot.com, 2011); no hour figure verified",
    },
    notes:
      "The only sea way between the Korea Strait and the Seto Inland Sea: 27.5 km long, about 500 m wide at Hayatomo Seto, tidal streams up to 9.4 kn, about 1,000 vessels a day (rich.mcclear.net, 2024); 22 nm long, 0.8 nm wide on average (chemical-tankers.blogspot.com, 2011); the navigable width about one nautical mile at the widest (Japan Transport Safety Board, marine accident special edition, 2010). Open in the 1:10m coastline but far narrower than the routing grid, which went round Kyushu (Busan to Osaka 603.7 nm). The draught limit is the fairway's least depth (unverified), the air draught the bridge's clearance.",
    optional: true,
  },
  {
    id: "bisan-seto",
    name: "Bisan Seto, the Seto Inland Sea between Hiuchi-nada and Harima-nada",
    kind: "strait",
    // Hiuchi-nada -> north-east between the islands -> east under the Great Seto Bridge (34.40N
    // 133.81E) -> east along Shodoshima's south side -> Harima-nada.
    waypoints: [
      [34.2, 133.35],
      [34.33, 133.55],
      [34.41, 133.7],
      [34.4, 133.82],
      [34.41, 133.95],
      [34.4, 134.1],
      [34.4, 134.3],
      [34.42, 134.45],
    ],
    // Gate: across the strait along the Great Seto Bridge's line, Kojima (Honshu) to Sakaide
    // (Shikoku), on land both sides.
    gate: [
      [34.48, 133.8],
      [34.3, 133.83],
    ],
    notes:
      "The middle of the Seto Inland Sea, where the Great Seto Bridge crosses from Kojima (Honshu) to Sakaide (Shikoku) over five islands, 13.1 km in all, centred at 34 23 54N 133 48 36E (Wikipedia, 'Great Seto Bridge'; Encyclopaedia Britannica, 'Seto Great Bridge': 9 km over water). The way between the western Inland Sea (Mizushima, Fukuyama, Imabari, Hiroshima, the Kanmon Strait) and Harima-nada, Kobe and Osaka. Open in the coastline data, but its islands cut the routing grid's one row of nodes through it, so Hiroshima to Kobe went round Shikoku (308.5 nm). The bridges' navigational clearance was not found in the stored sources: no air draught limit is set. Waypoints follow the open water of the 1:10m coastline, not the charted traffic routes.",
    optional: true,
  },
  {
    id: "akashi",
    name: "Akashi Strait (Akashi Kaikyo), between Awaji Island and Honshu",
    kind: "strait",
    // Harima-nada -> north-east past Awaji's northern tip -> under the Akashi Kaikyo Bridge ->
    // Osaka Bay off Kobe.
    waypoints: [
      [34.56, 134.88],
      [34.615, 134.99],
      [34.62, 135.03],
      [34.6, 135.12],
    ],
    // Gate: across the strait along the bridge, Awaji (Iwaya) to Honshu (Maiko), on land both sides.
    gate: [
      [34.59, 135.0],
      [34.65, 135.03],
    ],
    limits: { max_air_draft_m: 65.72 },
    limits_source:
      "The Akashi Kaikyo Bridge (34.6162N 135.0205E): clearance below 65.72 m (Wikipedia, 'Akashi Kaikyo Bridge', infobox); the strait is an international waterway and the bridge was required to leave a 1,500 m shipping lane (wikifun.blogspot.com, 2006)",
    limits_verified: false,
    notes:
      "The way between Harima-nada (the Inland Sea) and Osaka Bay (Kobe, Osaka), about 3.6 km wide between Awaji's northern tip and Maiko in the 1:10m coastline, too narrow for the routing grid, so routes from the Inland Sea to Kobe went south through the Naruto Strait and up the Kii Channel. The Naruto Strait (Awaji to Shikoku, 1.3 km, whirlpools) is open to the grid and not catalogued.",
    optional: true,
  },
  {
    id: "naruto",
    name: "Naruto Strait (Naruto Kaikyo), between Awaji Island and Shikoku",
    kind: "strait",
    // Harima-nada -> the narrows under the Onaruto Bridge -> the Kii Channel.
    waypoints: [
      [34.29, 134.6],
      [34.24, 134.66],
      [34.19, 134.7],
      [34.15, 134.75],
    ],
    // Gate: Shikoku (Naruto) - Awaji (south-western end), on land both sides, across the
    // narrows and the channels west of Oge Island.
    gate: [
      [34.215, 134.58],
      [34.27, 134.72],
    ],
    limits: { max_air_draft_m: 41 },
    limits_source:
      "The Onaruto Bridge (34 14 19N 134 39 05E): clearance below 41 m (Wikipedia, 'Onaruto Bridge', infobox; German Wikipedia, 'Naruto-Strasse': 41 m above sea level)",
    limits_verified: false,
    notes:
      "Between Awaji and Shikoku, 1.3 km wide, joining Harima-nada to the Kii Channel; a major shipping route whose navigational width is only 500 m, with the fastest tidal current in Japan (13-15 km/h, 20 km/h at springs) and the Naruto whirlpools; the Coast Guard warns ships to wait for the tide when the current is strong (Wikipedia, 'Naruto Strait'; 'Naruto whirlpool'). Open to the routing grid at 1:10m: catalogued with a gate so that the Onaruto Bridge's 41 m closes it to taller ships (before, they were routed under it) and callers can avoid it.",
    optional: true,
  },
  {
    id: "icy-strait",
    name: "Icy Strait and Cross Sound, south-eastern Alaska",
    kind: "strait",
    // Chatham Strait / Lynn Canal off Point Couverden -> west along Icy Strait past Pleasant and
    // Lemesurier Islands -> Cross Sound north of the Inian Islands -> the Gulf of Alaska off
    // Cape Spencer.
    waypoints: [
      [58.15, -135.0],
      [58.25, -135.4],
      [58.28, -135.65],
      [58.25, -136.0],
      [58.235, -136.3],
      [58.215, -136.6],
      [58.15, -136.85],
    ],
    // Gate: across Cross Sound at the Inian Islands, the mainland to Chichagof Island, on land
    // both sides.
    gate: [
      [58.34, -136.45],
      [58.05, -136.4],
    ],
    notes:
      "Icy Strait is 64 km (40 mi) long, from Cross Sound and Glacier Bay on the west to Chatham Strait and Lynn Canal on the east, between Chichagof Island and the mainland, centred at 58 16 41N 135 38 48W, with Pleasant and Lemesurier Islands in it and the Cape Spencer light at its seaward end (Wikipedia, 'Icy Strait', mirror); the way from Juneau to Pelican and the Gulf of Alaska runs through Icy Strait and Cross Sound, 'a window to the open ocean of the Gulf of Alaska' (Alaska Department of Fish and Game, Inside Passage audio guide, 'Juneau to Pelican'); cruise ships call at Icy Strait Point (Hoonah). Open in the 1:10m coastline, too narrow for the routing grid, which went down Chatham Strait and round Cape Ommaney instead (Haines to Prince William Sound 692.2 nm). No dimensional limits set.",
    optional: true,
  },
  // ---------------------------------------------------------------- straits under bridges
  {
    id: "golden-gate",
    name: "Golden Gate, the entrance to San Francisco Bay",
    kind: "strait",
    // Off the San Francisco Bar -> between Point Bonita and Point Lobos -> under the Golden Gate
    // Bridge's main span -> into the bay south of Alcatraz.
    waypoints: [
      [37.76, -122.6],
      [37.805, -122.52],
      [37.818, -122.478],
      [37.822, -122.44],
      [37.815, -122.4],
    ],
    // Gate: along the bridge, San Francisco (the Presidio) to Marin (above Lime Point), on land
    // both sides.
    gate: [
      [37.78, -122.47],
      [37.85, -122.485],
    ],
    limits: { max_air_draft_m: 67.1 },
    limits_source:
      "The Golden Gate Bridge (37 49 11N 122 28 43W): clearance below 220 ft (67.1 m) at high tide (Wikipedia, 'Golden Gate Bridge', infobox); the Bay Bridge's western span, under which ships for Oakland pass, has the same 220 ft (67 m) (Wikipedia, 'San Francisco-Oakland Bay Bridge', infobox, 2009 copy)",
    limits_verified: false,
    notes:
      "The only way between the Pacific and San Francisco Bay (Oakland, San Francisco, Richmond), about 1.6 km wide at the bridge. Open to the routing grid; catalogued with a gate so that the bridge's clearance closes the bay to taller ships (before, they were routed under it) and so that a route into the bay names it. Aircraft carriers lower their masts to pass.",
    optional: true,
  },
  // New York Harbor: the Upper Bay and Newark Bay are reached from the sea by the Narrows, and
  // also by the Arthur Kill from Raritan Bay and by the East River (or the Harlem River) from
  // Long Island Sound, under lower bridges. All four are open in the 1:10m coastline, so each
  // has a gate: without the kills and the East River gated, a ship too tall for the Verrazzano
  // was led round it under lower bridges.
  {
    id: "the-narrows",
    name: "The Narrows, New York (Lower Bay to Upper Bay)",
    kind: "strait",
    // Lower Bay off the Ambrose and Anchorage channels -> under the Verrazzano-Narrows Bridge ->
    // the Upper Bay.
    waypoints: [
      [40.55, -74.035],
      [40.606, -74.045],
      [40.66, -74.05],
    ],
    // Gate: along the bridge, Staten Island (Fort Wadsworth) to Brooklyn (Fort Hamilton).
    gate: [
      [40.598, -74.09],
      [40.614, -74.015],
    ],
    limits: { max_air_draft_m: 69.5 },
    limits_source:
      "The Verrazzano-Narrows Bridge (40 36 23N 74 02 44W): clearance below 228 ft (69.5 m) at mean high water (Wikipedia, 'Verrazzano-Narrows Bridge', infobox)",
    limits_verified: false,
    notes:
      "The way from the Lower Bay and the Atlantic into the Upper Bay (Manhattan, Brooklyn, Bayonne, Port Newark-Elizabeth by the Kill Van Kull); the bridge is the only fixed crossing of the Narrows.",
    optional: true,
  },
  {
    id: "kill-van-kull",
    name: "Kill Van Kull, New York (Upper Bay to Newark Bay)",
    kind: "strait",
    // The Upper Bay off Constable Hook -> along the kill between Bayonne and Staten Island ->
    // under the Bayonne Bridge -> Newark Bay.
    waypoints: [
      [40.655, -74.07],
      [40.65, -74.095],
      [40.644, -74.12],
      [40.644, -74.14],
      [40.66, -74.155],
    ],
    // Gate: across the kill 1.2 nm east of the Bayonne Bridge, Bayonne to Staten Island (at
    // 1:10m the bridge's own ends lie where the kill opens into Newark Bay).
    gate: [
      [40.652, -74.12],
      [40.63, -74.12],
    ],
    limits: { max_air_draft_m: 65.5 },
    limits_source:
      "The Bayonne Bridge, raised by the 'Raise the Roadway' project: navigational clearance 215 ft (65.5 m), certified by the US Coast Guard on 8 June 2017 (PaintSquare News, quoted by thebayonnebridgeblog.blogspot.com, 20 June 2017; 151 ft before)",
    limits_verified: false,
    notes:
      "The main way to the container terminals of Port Newark-Elizabeth and Howland Hook; the bridge was raised from 151 ft so that New Panamax ships could pass.",
    optional: true,
  },
  {
    id: "arthur-kill",
    name: "Arthur Kill, New York and New Jersey (Newark Bay to Raritan Bay)",
    kind: "strait",
    // Newark Bay's southern end -> south between Elizabeth and Staten Island under the Goethals
    // Bridge -> past Carteret and Linden -> under the Outerbridge Crossing -> Raritan Bay off
    // Perth Amboy.
    waypoints: [
      [40.648, -74.17],
      [40.636, -74.196],
      [40.61, -74.204],
      [40.58, -74.208],
      [40.562, -74.225],
      [40.545, -74.25],
      [40.515, -74.252],
      [40.485, -74.24],
    ],
    // Gate: across the kill at the Goethals Bridge, Elizabeth to Staten Island.
    gate: [
      [40.63, -74.23],
      [40.63, -74.17],
    ],
    limits: { max_air_draft_m: 41.1 },
    limits_source:
      "The Goethals Bridge (replaced 2017-2018): navigational clearance at least 135 ft (41.1 m) above mean high water at the channel margins, equal to the old bridge's (Port Authority of NY & NJ, Goethals Bridge Replacement FEIS, 'Preferred Alternative'); the Outerbridge Crossing further south 135 ft (41.1 m) in older copies of Wikipedia's infobox, 143 ft (43.6 m) in later ones (citing the Port Authority)",
    limits_verified: false,
    notes:
      "Tankers to the Linden and Carteret terminals use it; the gate is at the Goethals Bridge, so a call at a terminal between the two bridges from Raritan Bay is not held to the Outerbridge's clearance.",
    optional: true,
  },
  {
    id: "east-river",
    name: "East River, New York (Upper Bay to Long Island Sound)",
    kind: "strait",
    // The Upper Bay off the Battery -> under the Brooklyn, Manhattan and Williamsburg Bridges ->
    // past Roosevelt Island -> Hell Gate -> past Rikers Island -> Throgs Neck -> Long Island Sound.
    waypoints: [
      [40.695, -74.015],
      [40.704, -73.99],
      [40.712, -73.972],
      [40.725, -73.965],
      [40.745, -73.958],
      [40.76, -73.945],
      [40.772, -73.935],
      [40.784, -73.925],
      [40.79, -73.9],
      [40.8, -73.86],
      [40.81, -73.83],
      [40.82, -73.8],
      [40.84, -73.76],
    ],
    // Gate: along the Brooklyn Bridge, Brooklyn to Manhattan, then up Manhattan and across the
    // Harlem River to the Bronx (the Harlem River joins the Hudson to the East River, under
    // bridges lower still).
    gate: [
      [40.702, -73.975],
      [40.709, -74.0],
      [40.85, -73.93],
      [40.85, -73.905],
    ],
    limits: { max_air_draft_m: 38.7 },
    limits_source:
      "The Brooklyn Bridge: 127 ft (38.7 m) above mean high water at the centre of the span, the figure NOAA uses (Turnstile Tours, 'The Brooklyn Bridge and the Brooklyn Navy Yard', citing NOAA); 135 ft is the figure commonly cited",
    limits_verified: false,
    notes:
      "A tidal strait, not a river, with currents of about 4 kn; ships have struck the Brooklyn Bridge (the tanker Rainbow Quest; the Mexican Navy sail training ship Cuauhtemoc). The Harlem River is walled with it: its bridges are lower.",
    optional: true,
  },
  {
    id: "first-narrows",
    name: "First Narrows, Vancouver (English Bay to Burrard Inlet)",
    kind: "strait",
    // English Bay -> north of Stanley Park under the Lions Gate Bridge -> Vancouver Harbour.
    waypoints: [
      [49.312, -123.19],
      [49.315, -123.138],
      [49.305, -123.1],
    ],
    // Gate: along the bridge, from downtown Vancouver over Stanley Park to the North Shore.
    gate: [
      [49.27, -123.138],
      [49.36, -123.138],
    ],
    limits: { max_air_draft_m: 61 },
    limits_source:
      "The Lions Gate Bridge (First Narrows Bridge, 49 18 55N 123 08 18W): clearance below 61 m (200 ft) (Wikipedia, 'Lions Gate Bridge', infobox)",
    limits_verified: false,
    notes:
      "The entrance to Burrard Inlet, Vancouver's inner harbour (the Port of Vancouver's Burrard Inlet terminals; tankers, cruise ships and container ships pass under the bridge every week); dredged from 900 to 1,400 ft wide in 1912-1917 (Wikipedia, 'First Narrows'). The terminals outside it (Roberts Bank, Deltaport) are reached without it.",
    optional: true,
  },
  {
    id: "chesapeake-bay-bridge",
    name: "Chesapeake Bay at the Bay Bridge (Sandy Point to Kent Island)",
    kind: "strait",
    // The bay south of the bridge -> under its main spans -> the upper bay towards Baltimore.
    waypoints: [
      [38.93, -76.4],
      [38.99, -76.38],
      [39.06, -76.4],
    ],
    // Gate: along the bridge from the western shore to Kent Island, then across Kent Narrows to
    // the Eastern Shore (a way round Kent Island, under lower bridges).
    gate: [
      [39.03, -76.55],
      [38.975, -76.3],
      [38.96, -76.1],
    ],
    limits: { max_air_draft_m: 56.7 },
    limits_source:
      "The Chesapeake Bay Bridge (William Preston Lane Jr. Memorial Bridge, 38 59 30N 76 22 20W): clearance below 186 ft (56.7 m) (Wikipedia, 'Chesapeake Bay Bridge', infobox; a sailor's chart gives 186 ft for the Chesapeake Channel span, sailnet.com 2007)",
    limits_verified: false,
    notes:
      "Every ship for Baltimore passes under it. The Chesapeake Bay Bridge-Tunnel at the bay's mouth carries its road under the main channels, so it sets no limit.",
    optional: true,
  },
  {
    id: "sunshine-skyway",
    name: "Tampa Bay under the Sunshine Skyway Bridge",
    kind: "strait",
    // The Gulf off Egmont Key -> under the bridge's main span -> the bay towards Tampa.
    waypoints: [
      [27.6, -82.78],
      [27.625, -82.658],
      [27.68, -82.6],
    ],
    // Gate: along the bridge, St Petersburg (inland of Pinellas Point, on land at 1:50m too) to
    // Terra Ceia.
    gate: [
      [27.75, -82.68],
      [27.575, -82.58],
    ],
    limits: { max_air_draft_m: 55 },
    limits_source:
      "The Sunshine Skyway Bridge (27 37 30N 82 39 30W, 1987): clearance below 180.5 ft (55 m) (Simple English Wikipedia, 'Sunshine Skyway Bridge', infobox); 'an air draft of 180 feet: most newer cruise ships cannot squeeze under here' (a traveller's account, Barclaycard Travel Community)",
    limits_verified: false,
    notes:
      "Every ship for Port Tampa Bay, St Petersburg and Port Manatee's north side passes under it; the bridge it replaced fell when the freighter Summit Venture struck a pier in a storm (9 May 1980).",
    optional: true,
  },
  {
    id: "delaware-memorial-bridge",
    name: "Delaware River at the Delaware Memorial Bridge (New Castle to Pennsville)",
    kind: "strait",
    // The river below the bridge -> under its twin main spans -> the river towards Wilmington,
    // Chester and Philadelphia.
    waypoints: [
      [39.65, -75.55],
      [39.689, -75.514],
      [39.73, -75.475],
    ],
    // Gate: along the bridge, Delaware (New Castle) to New Jersey (Deepwater), on land both sides.
    gate: [
      [39.689, -75.56],
      [39.689, -75.47],
    ],
    limits: { max_air_draft_m: 53 },
    limits_source:
      "The Delaware Memorial Bridge (39 41 21N 75 31 08W): clearance below 174 ft (53 m) (Wikipedia, 'Delaware Memorial Bridge', infobox); the heavy-lift ship Zhen Hua 25, 188 ft 3 in to the top of its cranes, had to pass under it at low tide (Delaware River and Bay Authority, via the Sun (Salem County) and the News Journal, April 2019)",
    limits_verified: false,
    notes:
      "Every ship for the Delaware River ports (Wilmington, Chester, Marcus Hook, Philadelphia, Camden) passes under it. The Commodore Barry Bridge at Chester, further up, is higher (181 ft, 55.2 m above mean high water at the channel's edge, 190 ft at its centre: the pilots' notice of painting platforms that took 3 ft off both, Mariners' Advisory Committee for the Bay & River Delaware, 2016-2020) and sets no further limit; the Walt Whitman Bridge is catalogued (walt-whitman-bridge).",
    optional: true,
  },
  {
    id: "walt-whitman-bridge",
    name: "Delaware River at the Walt Whitman Bridge (South Philadelphia to Gloucester City)",
    kind: "strait",
    // The river off the Packer Avenue terminal -> under the bridge's main span -> the reach
    // between Philadelphia and Camden.
    waypoints: [
      [39.895, -75.14],
      [39.906, -75.125],
      [39.935, -75.125],
    ],
    // Gate: along the bridge, South Philadelphia to Gloucester City, on land both sides; the
    // Packer Avenue terminal's berths, just below the bridge, stay outside it.
    gate: [
      [39.912, -75.16],
      [39.903, -75.09],
    ],
    limits: { max_air_draft_m: 42.4 },
    limits_source:
      "The Walt Whitman Bridge (39 54 19N 75 07 43W): painting platforms 'will reduce the vertical clearance by 3 feet to approximately 136 feet above MHW' (Mariners' Advisory Committee for the Bay & River Delaware, notice of 2015-2018 works), so 139 ft (42.4 m) above mean high water without them",
    limits_verified: false,
    notes:
      "Camden's terminals and Philadelphia's piers above South Philadelphia lie behind it; further up, the Benjamin Franklin Bridge (41.1 m) closes the river above Center City, Tioga included.",
    optional: true,
  },
  {
    id: "ravenel-bridge",
    name: "Cooper River at the Arthur Ravenel Jr. Bridge (Charleston to Mount Pleasant)",
    kind: "strait",
    // Charleston Harbor off the Columbus Street terminal -> under the bridge's main span
    // (32 48 10N 79 54 54W, Wikipedia) -> the Cooper River towards the Wando Welch and North
    // Charleston terminals.
    waypoints: [
      [32.775, -79.925],
      [32.8028, -79.918],
      [32.83, -79.92],
    ],
    // Gate: along the bridge, downtown Charleston to Mount Pleasant, on land both sides.
    gate: [
      [32.801, -79.94],
      [32.804, -79.895],
    ],
    limits: { max_air_draft_m: 56.6 },
    limits_source:
      "BIMCO ports database, Charleston, 'Caution': 'Lower Cooper River Bridge airdraught 56.6m MHW'; Wikipedia's infobox gives 186 ft (57 m). The Upper Cooper River Bridge, 45.7 m, bars only the North Charleston Terminal (same source) and is not catalogued",
    limits_verified: true,
    notes:
      "The Wando Welch, Leatherman and North Charleston terminals lie behind it; the Columbus Street terminal, below it, stays open to taller ships.",
    optional: true,
  },
  {
    id: "fred-hartman-bridge",
    name: "Houston Ship Channel at the Fred Hartman Bridge (La Porte to Baytown)",
    kind: "strait",
    // Galveston Bay off Morgan's Point -> under the bridge (29 42 12N 95 01 03W, Wikipedia) ->
    // the channel towards Lynchburg and the Port of Houston's upper terminals.
    waypoints: [
      [29.685, -94.97],
      [29.7035, -95.0174],
      [29.725, -95.045],
    ],
    // Gate: along the bridge, La Porte to Baytown, on land both sides; Barbours Cut and Bayport,
    // below the bridge, stay outside it.
    gate: [
      [29.69, -95.03],
      [29.72, -94.995],
    ],
    limits: { max_air_draft_m: 54.8 },
    limits_source:
      "Wikipedia, 'Fred Hartman Bridge' infobox: clearance below 54.8 m (178 ft); a secondary page gives 175 ft (53 m)",
    limits_verified: false,
    notes:
      "The channel was deepened to 45 ft (13.7 m) when the Baytown Tunnel it replaced was removed (Wikipedia). Houston's terminals up the channel from the bridge (the Turning Basin, 11 nm past the drawn water, which the coastline does not draw) lie behind it; the Sam Houston Ship Channel Bridge further up is not catalogued.",
    optional: true,
  },
  {
    id: "benjamin-franklin-bridge",
    name: "Delaware River at the Benjamin Franklin Bridge (Philadelphia to Camden)",
    kind: "strait",
    // The reach between Philadelphia and Camden -> under the bridge's main span (39 57 11N
    // 75 08 02W, Wikipedia) -> the river towards Philadelphia's Tioga terminal.
    waypoints: [
      [39.94, -75.128],
      [39.953, -75.13],
      [39.97, -75.12],
    ],
    // Gate: along the bridge, Philadelphia to Camden, on land both sides; the Camden inlet just
    // north of it opens only up the river.
    gate: [
      [39.951, -75.145],
      [39.951, -75.112],
    ],
    limits: { max_air_draft_m: 41.1 },
    limits_source:
      "Wikipedia, 'Benjamin Franklin Bridge' infobox: clearance below 135 ft (41.19 m); NOAA PORTS measures its air gap live (station 8545556), less while scaffolding hangs under it",
    limits_verified: false,
    notes:
      "Philadelphia's Tioga terminal and the river's ports above it lie behind it; the Walt Whitman Bridge (42.4 m) is just below, so a ship under 42.4 m reaches Camden and the piers between the two bridges.",
    optional: true,
  },
  {
    id: "astoria-megler-bridge",
    name: "Columbia River at the Astoria-Megler Bridge (Astoria to Point Ellice)",
    kind: "strait",
    // The river inside the bar off Hammond -> under the cantilever span by the Oregon shore ->
    // the river towards Longview, Kalama, Vancouver and Portland.
    waypoints: [
      [46.23, -123.95],
      [46.215, -123.8656],
      [46.24, -123.75],
    ],
    // Gate: along the bridge, Astoria to Point Ellice (Washington), on land both sides.
    gate: [
      [46.185, -123.85],
      [46.255, -123.87],
    ],
    limits: { max_air_draft_m: 60 },
    limits_source:
      "The Astoria-Megler Bridge (46 13 01N 123 51 47W): clearance below 196 ft (60 m) at high tide (Wikipedia, 'Astoria-Megler Bridge', infobox); the Port of Portland gives 208 ft, its datum not stated ('Columbia River Navigation', portofportland.com)",
    limits_verified: false,
    notes:
      "Every ship for the Columbia River ports (Longview, Kalama, Vancouver, Portland) passes under it; a heavy-lift ship with 185 ft of cargo passed at low tide with four feet to spare (the Daily Astorian, 2008). The Lewis and Clark Bridge at Longview (198 ft, Port of Portland) is above the last of the river that the 1:10m coastline draws, and is not catalogued.",
    optional: true,
  },
  {
    id: "laviolette-bridge",
    name: "St. Lawrence River at the Laviolette Bridge (Trois-Rivieres to Becancour)",
    kind: "strait",
    // The river below Trois-Rivieres -> under the bridge's arch -> Lac Saint-Pierre and the way
    // to Montreal.
    waypoints: [
      [46.36, -72.51],
      [46.307, -72.565],
      [46.275, -72.64],
    ],
    // Gate: along the bridge, Trois-Rivieres to Becancour, on land both sides.
    gate: [
      [46.34, -72.615],
      [46.275, -72.505],
    ],
    limits: { max_air_draft_m: 52 },
    limits_source:
      "Montreal Port Authority, 'What is an air draft?' (Le Hublot, port-montreal.com): 'The lowest insurmountable obstacle on the river is Laviolette Bridge in Trois-Rivieres, which has only 52 metres of clearance under its structure. Consequently, vessels with a draft air higher than 52 metres can't go any further upriver'; Hydro-Quebec's lower power lines at Trois-Rivieres and Boucherville raised to 52 m (Canadian Sailings, 2013)",
    limits_verified: true,
    notes:
      "Every ship for Montreal, Sorel, Contrecoeur and Trois-Rivieres' upper berths passes under it. The Quebec Bridge below it has 47 m at high tide (Radio-Canada, via News Day FR) in tides of up to 6 m: taller ships pass it on the tide, so the port authority names the Laviolette Bridge as the limit; it is not catalogued (we have no tides). Queen Mary 2 (62 m) turns at Quebec City.",
    optional: true,
  },
  {
    id: "25-de-abril-bridge",
    name: "Tagus at the 25 de Abril Bridge, Lisbon (Alcantara to Almada)",
    kind: "strait",
    // The Tagus below the bridge off Belem -> under the main span -> the inner estuary off the
    // city (Santa Apolonia's cruise and container terminals, Barreiro).
    waypoints: [
      [38.685, -9.24],
      [38.69, -9.177],
      [38.7, -9.12],
    ],
    // Gate: along the bridge, Alcantara to Almada, on land both sides.
    gate: [
      [38.72, -9.177],
      [38.665, -9.177],
    ],
    limits: { max_air_draft_m: 70 },
    limits_source:
      "Lusoponte, the bridge's concessionaire, '25 de Abril: Design and Construction': 'both main towers are 190m above water level and have a navigational headroom of 70m'",
    limits_verified: true,
    notes:
      "Lisbon's quays upriver of it (the cruise terminal and the Santa Apolonia container terminal) and the south bank's ports (Barreiro, Seixal) lie behind it; the gate runs along the bridge, so a berth at its foot is inside or outside as the 1:10m coastline puts it. The Vasco da Gama Bridge further up is not catalogued.",
    optional: true,
  },
  {
    id: "saint-nazaire-bridge",
    name: "Loire estuary at the Saint-Nazaire Bridge (Saint-Nazaire to Saint-Brevin-les-Pins)",
    kind: "strait",
    // The estuary off Saint-Nazaire's locks -> under the cable-stayed main span -> Montoir and
    // Donges.
    waypoints: [
      [47.25, -2.22],
      [47.278, -2.165],
      [47.3, -2.12],
    ],
    // Gate: along the bridge, Saint-Nazaire (Penhoet, Montoir) to Saint-Brevin (Mindin), on land
    // both sides.
    gate: [
      [47.31, -2.23],
      [47.245, -2.1],
    ],
    limits: { max_air_draft_m: 61 },
    limits_source:
      "The Saint-Nazaire Bridge (47 16 36N 2 09 53W, 1975): 'La travee centrale axee sur le chenal de Donges degage un tirant d'air de 61 m au-dessus des plus basses eaux, sur 300 m de largeur' (a walker's account quoting the bridge's description, commeunbattementdecils.blogspot.com, 2010)",
    limits_verified: false,
    notes:
      "Above the lowest water: at high water, in tides of about 5 m, there is less. Every ship for Montoir (the LNG and container terminals), the Donges refinery and Nantes passes under it; Saint-Nazaire's own basins and shipyard lie below it.",
    optional: true,
  },
  {
    id: "sutong-bridge",
    name: "Yangtze River at the Sutong Bridge (Changshu to Nantong)",
    kind: "strait",
    // The estuary off Taicang -> under the cable-stayed main span -> the river towards Nantong,
    // Zhangjiagang, Jiangyin and Nanjing.
    waypoints: [
      [31.79, 121.1],
      [31.785, 121.0],
      [31.8, 120.9],
    ],
    // Gate: along the bridge, Changshu (south) to Nantong (north), on land both sides.
    gate: [
      [31.86, 121.0022],
      [31.7, 121.0022],
    ],
    limits: { max_air_draft_m: 62 },
    limits_source:
      "China Communications Construction Company (the builder), 'Su-Tong Yangtze River Highway Bridge' (2010): 'Navigation Clearance main bridge 62 meters high'; Wikipedia, 'Sutong Yangtze River Bridge', infobox (31 47 22N 121 00 08E): clearance below 62 m",
    limits_verified: true,
    notes:
      "The first bridge from the sea. Further up, the Shanghai-Nantong Bridge (2020) and the bridges at Zhenjiang are not catalogued; the Jiangyin Bridge is (jiangyin-bridge). Ports below it (Taicang, Shanghai's Waigaoqiao and Yangshan) are not held to it.",
    optional: true,
  },
  {
    id: "jiangyin-bridge",
    name: "Yangtze River at the Jiangyin Bridge (Jiangyin to Jingjiang)",
    kind: "strait",
    // The river below Jiangyin -> under the suspension span -> the river towards Taizhou,
    // Zhenjiang and Nanjing.
    waypoints: [
      [31.965, 120.3],
      [31.938, 120.2674],
      [31.925, 120.215],
    ],
    // Gate: along the bridge, Jingjiang (north) to Jiangyin (south), on land both sides.
    gate: [
      [31.958, 120.2674],
      [31.918, 120.2674],
    ],
    limits: { max_air_draft_m: 50 },
    limits_source:
      "Wikipedia, 'Jiangyin Yangtze River Bridge', infobox (31 56 57N 120 16 03E): clearance below 50 m; 'The height clearance for river navigation is 50 metres'",
    limits_verified: true,
    notes:
      "Every ship for Jiangyin's upper berths, Taizhou, Zhenjiang and Nanjing passes under it. The Taizhou, Runyang, Wufengshan and Nanjing bridges above it are not catalogued.",
    optional: true,
  },
  {
    id: "rio-niteroi-bridge",
    name: "Guanabara Bay at the Rio-Niteroi Bridge",
    kind: "strait",
    // The bay inside its entrance -> under the central span -> the upper bay.
    waypoints: [
      [-22.92, -43.16],
      [-22.871, -43.153],
      [-22.82, -43.15],
    ],
    // Gate: along the bridge, Rio de Janeiro (Caju) to Niteroi, on land both sides.
    gate: [
      [-22.875, -43.23],
      [-22.87, -43.1],
    ],
    limits: { max_air_draft_m: 72 },
    limits_source:
      "The Rio-Niteroi Bridge (22 52 16S 43 09 12W, 1974): central span 72 m (236 ft) high 'in order to allow passage to the hundreds of ships that enter and leave the bay every month' (Wikipedia, 'Rio-Niteroi Bridge', 2006 copy); 'ate 70 metros de altura no trecho do Vao Central' (a list of long bridges, dezmais-topten.blogspot.com, 2008)",
    limits_verified: false,
    notes:
      "The upper bay's terminals (the Ilha d'Agua oil terminal, the shipyards of Niteroi's north shore, Mage) lie behind it; Rio's city quays (Pier Maua) and the bay's entrance lie below it.",
    optional: true,
  },
  {
    id: "maracaibo-bridge",
    name: "Strait of Maracaibo at the General Rafael Urdaneta Bridge",
    kind: "strait",
    // The strait off Maracaibo -> under the navigation spans (placed mid-channel, not charted)
    // -> Lake Maracaibo's northern end, towards the oil terminals of its eastern shore.
    waypoints: [
      [10.7, -71.575],
      [10.598, -71.57],
      [10.5, -71.55],
    ],
    // Gate: along the bridge, from Punta Iguana (10 34 38N 71 31 39W, the eastern end,
    // es.wikipedia 'Punta Iguana') to the Maracaibo shore, on land both sides.
    gate: [
      [10.577, -71.52],
      [10.62, -71.615],
    ],
    limits: { max_air_draft_m: 45 },
    limits_source:
      "'Tiene una altura de 45 metros, por ser un canal de navegacion para los barcos petroleros que entran y salen del lago' (joya.life, 'El puente sobre el lago'; the same 45 m in diariodelosandes.com and mundour.com, 2021): the height of the navigation spans, not a clearance stated against a datum",
    limits_verified: false,
    notes:
      "8,678 m long, opened in 1962; two navigation spans of 235 m. The lake's terminals (Cabimas, La Salina, Tia Juana, Lagunillas, Bachaquero) lie behind it; the port of Maracaibo, on the city front north of the bridge, and the strait below it do not. The channel through the bar and the Tablazo Bay below sets the draught, not catalogued.",
    optional: true,
  },
  {
    id: "forth-bridges",
    name: "Firth of Forth at Queensferry (the Forth Bridge, the Forth Road Bridge, the Queensferry Crossing)",
    kind: "strait",
    // The firth off Hound Point -> under the three bridges at the Queensferry narrows -> the
    // upper firth towards Rosyth and Grangemouth.
    waypoints: [
      [56.0, -3.33],
      [56.008, -3.4],
      [56.025, -3.47],
    ],
    // Gate: along the Forth Road Bridge (56 00 03N 3 24 15W, the lowest of the three), South
    // Queensferry to North Queensferry, on land both sides; the other two stand within a mile.
    gate: [
      [55.99, -3.403],
      [56.03, -3.406],
    ],
    limits: { max_air_draft_m: 44.3 },
    limits_source:
      "Wikipedia, 'Forth Road Bridge' infobox: clearance below 44.3 m (145 ft); 'Forth Bridge' infobox: 150 ft (46 m) to high water; Forth Crossing Act 2011, s. 2: the Queensferry Crossing gives 'headroom of not less than 47.85 metres above ordnance datum (Newlyn)' (legislation.gov.uk). A reader's letter to The Scotsman gives about 144 ft (road) and 150 ft (rail)",
    limits_verified: false,
    notes:
      "Rosyth and Grangemouth, Scotland's largest container port, lie behind the three bridges; Leith, Edinburgh's port, and the Hound Point oil terminal lie below them. The Queen Elizabeth class carriers left Rosyth with their masts lowered, at low tide. Forth Ports publishes the bridges' allowable clearance heights in its marine guidelines, which we could not read.",
    optional: true,
  },
  // ---------------------------------------------------------------- river fairways
  {
    id: "ghent-terneuzen",
    name: "Ghent-Terneuzen Canal (Terneuzen to Ghent)",
    kind: "river",
    // The 1:10m coastline draws none of the canal, and Ghent, 15 nm from the Western Scheldt,
    // was refused as on land. Drawn water off Terneuzen -> the Terneuzen locks -> Sluiskil ->
    // Sas van Gent -> the Zelzate passage -> the Kluizendok -> the canal at 51 08 48N 3 46 57E
    // (Wikipedia's position for it) -> Ghent's docks. The points are estimates along the canal,
    // which runs nearly due south, good to about a kilometre or two.
    waypoints: [
      [51.352, 3.83],
      [51.335, 3.826],
      [51.31, 3.835],
      [51.28, 3.842],
      [51.25, 3.83],
      [51.23, 3.81],
      [51.2, 3.805],
      [51.17, 3.795],
      [51.1466, 3.7824],
      [51.12, 3.765],
      [51.09, 3.745],
    ],
    limits: { max_draft_m: 12.5, max_draft_down_m: 12.3, max_loa_m: 265, max_beam_m: 34 },
    limits_source:
      "Scheepvaartreglement voor het Kanaal van Gent naar Terneuzen, art. 38 (collegebundel.nl): seagoing ships at most 265 m long and 34 m wide, draught 12.50 m going up and 12.30 m going down, at a canal level of NAP +2.13 m in fresh water; the same 265 x 34 x 12.50 m in Portaal van Vlaanderen's canal facts and Wikipedia's infobox",
    limits_verified: true,
    published_length_km: 32,
    published_length_source:
      "Wikipedia, 'Ghent-Terneuzen Canal': 32 km; Portaal van Vlaanderen: 'ongeveer 32 kilometer' (Encyclopaedia Britannica: 31 km)",
    notes:
      "The canal is 13.5 m deep (Britannica; Portaal van Vlaanderen), one-way for the largest ships except past the Terneuzen locks, past Zelzate and at the Kluizendok. The New Lock at Terneuzen (opened October 2024: 427 x 55 m, 16.44 m deep) is larger than the regulation's ships; the canal's figures are applied.",
  },
  {
    id: "north-sea-canal",
    name: "North Sea Canal (IJmuiden to Amsterdam)",
    kind: "river",
    // The 1:10m coastline draws neither IJmuiden's harbour nor the canal, so Amsterdam snapped
    // 9 nm to the beach by IJmuiden and the canal's 21 km were not counted. Drawn water off the
    // IJmuiden piers -> the IJmuiden locks -> Velsen -> Buitenhuizen -> Zaandam and the Westpoort
    // harbours -> the Coentunnel -> the IJ off Amsterdam Centraal. The points are estimates along
    // the canal, good to about a kilometre or two.
    waypoints: [
      [52.465, 4.56],
      [52.463, 4.6],
      [52.462, 4.64],
      [52.455, 4.68],
      [52.44, 4.72],
      [52.425, 4.76],
      [52.415, 4.8],
      [52.41, 4.84],
      [52.4, 4.87],
      [52.385, 4.9],
    ],
    limits: { max_draft_m: 14.0 },
    limits_source:
      "Derived, not published: the canal is 15.10 m deep below canal level (Rijkswaterstaat, 'Noordzeekanaal'), and the harbour master's rule leaves an under-keel clearance of at least 1.0 m and about 0.1 m of squat (Port of Amsterdam, announcement of 27 June 2019, when a shoal at the first Coentunnel set 13.2 m in sea water, 13.5 m in fresh, from NAP-15.0 m): about 14.0 m. The new IJmuiden sea lock (2022) is 500 m long, 70 m wide and 18 m deep",
    limits_verified: false,
    notes:
      "The line counts as drawn, 25 km from the piers to Amsterdam Centraal: the canal proper is 21 km from the IJmuiden locks to the IJ (Rijkswaterstaat, 'Noordzeekanaal'), which it passes into just past the Coentunnel (Dutch Wikipedia), and the line runs on 2-3 km outside the locks and up the IJ. Locks at IJmuiden (the sea lock, the Noordersluis and two older ones) keep the canal at NAP -0.40 m; no bridge crosses it below Amsterdam (the Coentunnel and the Velsertunnel pass under it). Speed limits 12-18 km/h by size (German Wikipedia).",
  },
  {
    id: "houston-ship-channel",
    name: "Houston Ship Channel (above Lynchburg to the Turning Basin)",
    kind: "river",
    // The 1:10m coastline draws the channel only to just above the Fred Hartman Bridge (a gated
    // strait), so Houston snapped 11 nm over land to the end of that water, uncounted, and passed
    // under two bridges unchecked. The drawn water's end -> Lynchburg -> the Sam Houston Ship
    // Channel Bridge (29.73597N 95.146227W, Wikipedia) -> Deer Park and Pasadena -> the Sidney
    // Sherman Bridge (29.725086N 95.266421W, Wikipedia) -> the Turning Basin. The points between
    // the bridges, and the Turning Basin's, are estimates along Buffalo Bayou, good to about 2 km.
    waypoints: [
      [29.738, -95.045],
      [29.755, -95.07],
      [29.765, -95.085],
      [29.755, -95.105],
      [29.74, -95.125],
      [29.736, -95.1462],
      [29.732, -95.17],
      [29.725, -95.2],
      [29.722, -95.23],
      [29.7251, -95.2664],
      [29.74, -95.28],
      [29.748, -95.29],
    ],
    limits: { max_draft_m: 13.7 },
    limits_source:
      "The channel's depth, as for the Savannah and the Columbia: 'periodically widened and deepened ... 530 feet (160 m) wide by 45 feet (14 m) deep by 50 miles (80 km) long' (Wikipedia, 'Houston Ship Channel'); the upper reaches towards the Turning Basin may be shallower, which was not checked",
    limits_verified: false,
    bridges: [
      {
        name: "Sam Houston Ship Channel Bridge (Beltway 8)",
        at: [29.736, -95.1462],
        max_air_draft_m: 53.3,
        source:
          "Wikipedia, 'Sam Houston Ship Channel Bridge': clearance below 175 ft (53 m); German Wikipedia: 53.3 m over a width of 152.4 m",
        verified: true,
      },
      {
        name: "Sidney Sherman Bridge (I-610)",
        at: [29.7251, -95.2664],
        max_air_draft_m: 41.1,
        source:
          "Wikipedia, 'Sidney Sherman Bridge': clearance below 135 ft (41 m), 'deemed too low for ships to navigate' by some; cargo booms struck it in 2000 and 2001",
        verified: true,
      },
    ],
    notes:
      "The Turning Basin is the channel's navigational head, eight miles from downtown Houston (Port of Houston Authority, as quoted). The line counts as drawn: the channel is 50 miles long from the Gulf (Wikipedia), or from Morgan's Point (City of La Porte, 2012), and its bends are cut. The Washburn Tunnel passes under the channel; the Lynchburg Ferry crosses it.",
  },
  {
    id: "savannah",
    name: "Savannah River (Tybee Roads to the Garden City Terminal)",
    kind: "river",
    // The 1:10m coastline draws none of the river, so Savannah snapped 10 nm south to Ossabaw
    // Sound, another estuary. Drawn water off Tybee Roads -> north of Fort Pulaski (32 01 38N
    // 80 53 25W, Wikipedia) -> Elba Island -> downtown Savannah -> the Talmadge Memorial Bridge
    // (32.0891N 81.0988W, Wikipedia) -> Hutchinson Island -> the Garden City Terminal. The points
    // between the sourced ones are estimates along the river, good to about 2 km.
    waypoints: [
      [32.035, -80.85],
      [32.035, -80.875],
      [32.036, -80.9],
      [32.05, -80.93],
      [32.07, -80.96],
      [32.083, -80.99],
      [32.085, -81.03],
      [32.083, -81.06],
      [32.082, -81.085],
      [32.0891, -81.0988],
      [32.1, -81.115],
      [32.115, -81.13],
      [32.127, -81.14],
    ],
    limits: { max_draft_m: 14.3 },
    limits_source:
      "The channel's depth, as for the Columbia and the Mississippi: the Savannah Harbor Expansion Project deepened the inner harbour from 42 to 47 ft (14.3 m) at low tide, 54 ft at high tide (U.S. Army Corps of Engineers, Savannah District, 2022; savannahnow.com, 2018)",
    limits_verified: true,
    bridges: [
      {
        name: "Talmadge Memorial Bridge",
        at: [32.0891, -81.0988],
        max_air_draft_m: 56.4,
        source:
          "Wikipedia, 'Talmadge Memorial Bridge' (Georgia Department of Transportation): '185 ft (56.4 m.) of vertical navigational clearance', at mean high water (photosbyravi.com)",
        verified: true,
      },
    ],
    notes:
      "The inner harbour channel runs 22 miles from near Jones Island, between Fort Pulaski and Tybee Island, to the Garden City Terminal (savannahnow.com, 2018); the line counts as drawn. Ports below the Talmadge Memorial Bridge (downtown Savannah) take ships of any height; the Garden City Terminal, above it, takes ships of 56.4 m air draught at most.",
  },
  {
    id: "neches",
    name: "Sabine-Neches Waterway, Neches River (Sabine Lake to the Port of Beaumont)",
    kind: "river",
    // The 1:10m coastline draws Sabine Lake but none of the Neches, so Beaumont snapped 14 nm
    // over land to the lake's northern end. The lake's north-western corner -> the river's mouth
    // by Bridge City -> Port Neches -> up the river past the reserve fleet's McFadden Bend
    // anchorage -> the Port of Beaumont. Placed along the river's course, not charted: good to
    // about 2 km.
    waypoints: [
      [29.975, -93.855],
      [29.985, -93.875],
      [29.99, -93.91],
      [29.995, -93.95],
      [30.02, -93.99],
      [30.045, -94.03],
      [30.07, -94.07],
      [30.082, -94.09],
    ],
    limits: { max_draft_m: 12.2 },
    limits_source:
      "The channel's depth, as for the Houston Ship Channel: 'a minimum of 40 feet deep and a minimum of 400 feet wide' (Wikipedia, 'Sabine-Neches Waterway'); 'By 1962, the channel was 40 feet deep and 400 feet wide and is currently maintained at these dimensions by the Corps of Engineers. The channel allows up to 50,000 MT tankers ... as far upstream as the Port of Beaumont' (Reata Marine Terminal)",
    limits_verified: false,
    notes:
      "Deepening to 48 ft was authorised in 2014 and begun in 2019, for 12 to 15 years (Wikipedia); 40 ft is kept until it is done. Beaumont lies 'some 15 miles northwest of Port Arthur on the Neches River' (GlobalSecurity); the line counts as drawn. Not modelled: the Sabine-Neches Canal behind Pleasure Island, which ships take from Sabine Pass past Port Arthur (the coastline draws only the lake beside it, 2 m deep, which routes cross instead), the Martin Luther King Jr. Bridge over it ('one of the lowest vertical clearances of any bridge over Texas' deep draft channels', TxDOT, no figure found) and the Rainbow and Veterans Memorial Bridges over the Neches at Bridge City (no clearance found).",
  },
  {
    id: "calcasieu",
    name: "Calcasieu Ship Channel (the Gulf off the jetties to Lake Charles's City Docks)",
    kind: "river",
    // The 1:10m coastline draws neither Calcasieu Lake nor the river, so Lake Charles was refused
    // as on land. The Gulf off the jetties -> Calcasieu Pass by Cameron -> the channel along the
    // west side of Calcasieu Lake (29 59 47N 93 20 02W, Wikipedia's position for it, by
    // Hackberry) -> the Calcasieu River past Moss Lake and the Rose Bluff cutoff -> the City
    // Docks. Placed along the channel's course, not charted: good to about 2 km.
    waypoints: [
      [29.74, -93.345],
      [29.79, -93.345],
      [29.86, -93.35],
      [29.93, -93.345],
      [29.9964, -93.3339],
      [30.05, -93.32],
      [30.1, -93.295],
      [30.15, -93.27],
      [30.18, -93.26],
      [30.215, -93.245],
    ],
    limits: { max_draft_m: 12.2 },
    limits_source:
      "Port of Lake Charles, 'Port Facilities': the City Docks are '33 miles inland from the Gulf of Mexico' and 'connected to the gulf by the 12-meter- (40-foot-) deep Calcasieu Ship Channel'; 'a project depth of 40 feet and a bottom width of 400 feet' (Wikipedia, 'Port of Lake Charles')",
    limits_verified: false,
    notes:
      "The channel's depth, as for the Sabine-Neches Waterway, not a published maximum draught. The line, from off the jetties, is about as long as the port's 33 miles and counts as drawn. Cameron LNG at Hackberry and Lake Charles LNG lie on it. The bridges over the river at Lake Charles (the I-10 and I-210 bridges) are not catalogued: the City Docks lie below the I-10 bridge, and no clearance was found.",
  },
  {
    id: "st-johns",
    name: "St. Johns River (the entrance to Jacksonville's Talleyrand terminal)",
    kind: "river",
    // The 1:10m coastline draws none of the river, so Blount Island snapped 8 nm to the beach.
    // Off the jetties -> Mayport -> Mile Point -> Blount Island -> the Dames Point Bridge
    // (30.3858N 81.5574W, Wikipedia) -> the Talleyrand Marine Terminal. Placed along the river's
    // course, not charted: good to about 2 km.
    waypoints: [
      [30.4, -81.37],
      [30.395, -81.41],
      [30.385, -81.45],
      [30.39, -81.49],
      [30.4, -81.52],
      [30.39, -81.545],
      [30.3858, -81.5574],
      [30.37, -81.59],
      [30.355, -81.615],
    ],
    limits: { max_draft_m: 12.2 },
    limits_source:
      "The federal channel's depth, as for the Sabine-Neches Waterway: 'increasing the depth of the existing federal channel along the St. Johns River from its current depth of 40-feet to a maximum depth of 50-feet' (U.S. Army Corps of Engineers, Jacksonville District, 'Jacksonville Harbor Channel Deepening Study')",
    limits_verified: false,
    bridges: [
      {
        name: "Dames Point Bridge (Napoleon Bonaparte Broward Bridge)",
        at: [30.3858, -81.5574],
        max_air_draft_m: 53.3,
        source:
          "Wikipedia, 'Dames Point Bridge' infobox: clearance below 175 ft (53.34 m); 'height above water: 175 feet', raised from 160 ft late in the design for container ships (John A. Weeks III, bridge photography)",
        verified: false,
      },
    ],
    notes:
      "The deepening to 47 ft as far as Blount Island (the first 13 miles) is not applied: no stored source says it is finished. Blount Island's terminals lie below the Dames Point Bridge and take ships of any height; Talleyrand and downtown Jacksonville lie above it. The line counts as drawn.",
  },
  {
    id: "chao-phraya",
    name: "Chao Phraya River (the river mouth to Bangkok Port, Khlong Toei)",
    kind: "river",
    // The 1:10m coastline draws the river only to just above its mouth, so Bangkok Port snapped
    // 10 nm to the Gulf coast. The mouth by Phra Chulachomklao fort (the river's kilometre 0) ->
    // Samut Prakan -> Phra Pradaeng -> Bangkok Port at Khlong Toei (13 42N 100 34E, the port's
    // basic data). Placed along the river's course, not charted; the line cuts the river's bends,
    // so it counts the port's published kilometre instead.
    waypoints: [
      [13.545, 100.59],
      [13.6, 100.595],
      [13.64, 100.56],
      [13.665, 100.535],
      [13.69, 100.54],
      [13.7, 100.567],
    ],
    published_length_km: 27.5,
    kilometre_posts: [
      { waypoint: 0, km: 0 },
      { waypoint: 5, km: 27.5 },
    ],
    published_length_source:
      "Board of Investment of Thailand, 'Seaports': Bangkok Port 'is located on the west side of the Chao Phraya River between km. + 26.5 and km. + 28.5 at the entrance to Prakanong Canal' (the middle, km 27.5, counted); 'about 15 miles from the river mouth' (Basic data, Bangkok Port)",
    limits: { max_draft_m: 8.2, max_loa_m: 172 },
    limits_source:
      "'Basic data - Bangkok Port (BKP)' (Nippon Foundation library, 2003): 'Approach to the port is through the bar channel, about 18 km long ... maintained to a depth of -8.5 m MSL (-6.2 m LLW). Vessel size at BKP is limited to LOA 172m, draft 8.2 m (about 12,000 DWT)'",
    limits_verified: true,
    notes:
      "The bar channel outside the mouth, 18 km long and 100 m wide, is open water to the router (the Gulf is deep enough to it in the coastline data). The Bhumibol and Rama IX bridges over the river are not catalogued; the port's ships, 12,000 DWT at most, pass under them. The limits bind every end on the fairway, the private berths below the port too.",
  },
  {
    id: "manchester-ship-canal",
    name: "Manchester Ship Canal (Eastham Locks to Salford Quays)",
    kind: "river",
    // The 1:10m coastline draws the Mersey estuary but none of the canal, so Manchester (40 nm
    // inland) was refused as on land and the ports on the canal snapped to the estuary's banks.
    // The Eastham Channel off the locks -> Eastham Locks (53.3217N 2.94815W, Wikipedia's
    // coordinates) -> along the estuary's south shore past Ellesmere Port, Stanlow and Ince ->
    // Weston Point and Runcorn Docks -> under the Runcorn Gap bridges -> Warrington -> Latchford
    // Locks -> past the Thelwall Viaduct and Irlam -> Barton -> Mode Wheel Locks -> Salford
    // Quays. Placed along the canal's course, not charted: good to about 2 km.
    waypoints: [
      [53.326, -2.945],
      [53.3217, -2.9482],
      [53.305, -2.925],
      [53.2875, -2.898],
      [53.284, -2.862],
      [53.29, -2.82],
      [53.305, -2.78],
      [53.325, -2.753],
      [53.338, -2.743],
      [53.3455, -2.73],
      [53.344, -2.712],
      [53.352, -2.665],
      [53.365, -2.625],
      [53.376, -2.595],
      [53.38, -2.575],
      [53.3845, -2.552],
      [53.394, -2.522],
      [53.404, -2.48],
      [53.408, -2.455],
      [53.418, -2.432],
      [53.43, -2.42],
      [53.45, -2.392],
      [53.464, -2.367],
      [53.4715, -2.351],
      [53.473, -2.325],
      [53.472, -2.31],
      [53.4715, -2.296],
    ],
    published_length_km: 56,
    published_length_source:
      "Manchester Ship Canal Company (Peel Ports), 'Facts and Figures' (archived 2007): 'a 56 kilometre linear port providing access for shipping to docks and berthing facilities along its full length from Eastham on Merseyside to Salford'; Wikipedia gives 36 miles (58 km) from Eastham Locks to the canal's end at Woden Street, above the Quays",
    limits: { max_draft_m: 8.5, max_loa_m: 182.9, max_beam_m: 20.0 },
    limits_source:
      "Wikipedia 'Manchester Ship Canal' (infobox): maximum length 600 ft (182.9 m), 'regularly limited to 530 feet (160 m)', maximum beam 65 ft 6 in (20.0 m), 'regularly limited to 53 feet 6 inches (16.31 m)'; Peel Ports 'Facts and Figures': locks of 182.88 m x 24.38 m at Eastham and 182.88 m x 19.81 m at Latchford, Irlam, Barton and Mode Wheel; european-waterways.eu: 'Max. depth: 8.50' (28 ft since the deepening of 1909, geograph.org.uk at Latchford Locks): a channel depth, not a draught limit, which no source found gives",
    limits_verified: false,
    bridges: [
      {
        name: "Runcorn Railway Bridge and Silver Jubilee Bridge (Runcorn Gap), the first of the canal's fixed high-level bridges",
        at: [53.3459, -2.7372],
        max_air_draft_m: 21.3,
        source:
          "european-waterways.eu, 'Manchester Ship Canal': 'Max. headroom: 21.30' (70 ft), the canal's fixed high-level bridges (Runcorn Gap, Acton Grange, Warrington's Cantilever, Latchford, Thelwall, Warburton, Cadishead, Barton); 'passes two foot under the fixed high level bridges' (a canal officer's account); no figure per bridge found",
        verified: false,
      },
    ],
    notes:
      "A canal with five locks, modelled as a river fairway: its upper end is a port, not the sea. The limits bind every end on it: the lower ports (Ellesmere Port, Stanlow, Ince, Weston Point) lie below Latchford's 19.81 m locks, behind Eastham's 24.38 m ones, and may take wider ships than the 20.0 m applied; the 160 m and 16.31 m to which ships are 'regularly limited' are not applied. The Queen Elizabeth II Dock at Eastham has its own lock from the estuary (245.97 m x 30.48 m, draught up to 10 m) and is not on the canal. The ports below the Runcorn Gap take ships of any height. Swing bridges open for ships and are not limits.",
  },
  {
    id: "sacramento-ship-channel",
    name: "Sacramento River Deep Water Ship Channel (Suisun Bay to the Port of West Sacramento)",
    kind: "river",
    // The 1:10m coastline draws Suisun Bay to about Collinsville but none of the delta above it,
    // so West Sacramento was refused as on land. The bay's eastern end off Collinsville -> up the
    // Sacramento River past Decker Island (Wikipedia's position for the channel, 38 07 32N
    // 121 41 48W) -> Rio Vista -> Cache Slough -> the dug channel north to the port's Lake
    // Washington basin (38 33 51N 121 32 58W, Wikipedia). Placed along the course, not charted:
    // good to about 3 km.
    waypoints: [
      [38.062, -121.85],
      [38.075, -121.82],
      [38.095, -121.77],
      [38.1255, -121.6966],
      [38.155, -121.685],
      [38.2, -121.675],
      [38.25, -121.665],
      [38.33, -121.64],
      [38.42, -121.6],
      [38.5, -121.57],
      [38.5642, -121.5495],
    ],
    published_length_km: 69,
    published_length_source:
      "Wikipedia, 'Sacramento Deep Water Ship Channel': 'about 30 feet (9 m) deep, 200 feet (61 m) wide and 43 miles (69 km) long', counted from the Sacramento River's mouth at Suisun Bay: the port is '79 nautical miles (146 km) northeast of San Francisco' (Wikipedia, 'Port of Sacramento')",
    limits: { max_draft_m: 9.1 },
    limits_source:
      "Wikipedia, 'Port of Sacramento': 'The ship channel is 43 miles (69 km) long and its project depth is 30 feet (9.1 m)'; the deepening to 35 ft (USACE San Francisco District) is on hold: a channel depth, not a draught limit",
    limits_verified: false,
    notes:
      "The Rio Vista Bridge, a lift bridge over the river at Rio Vista, is not catalogued (no clearance found); nor are the bridges below Suisun Bay every voyage here passes under (Richmond-San Rafael, Carquinez, Benicia-Martinez), as for every port of the bay.",
  },
  {
    id: "stockton-ship-channel",
    name: "Stockton Deep Water Ship Channel (the San Joaquin River from Antioch to the Port of Stockton)",
    kind: "river",
    // The 1:10m coastline draws the San Joaquin only a few miles above Antioch, so Stockton
    // snapped 14 nm over the delta's islands to that water. Off Antioch -> under the Antioch
    // Bridge (38 01 28N 121 45 02W, Wikipedia) -> Jersey Point -> Prisoners Point -> the
    // Mandeville and Venice cuts -> Stockton's turning basin by the port (37 57 06N 121 19 04W,
    // Wikipedia). Placed along the river's course, not charted: good to about 3 km.
    waypoints: [
      [38.04, -121.8],
      [38.0244, -121.7506],
      [38.052, -121.685],
      [38.07, -121.6],
      [38.06, -121.55],
      [38.04, -121.49],
      [38.02, -121.44],
      [37.99, -121.39],
      [37.965, -121.35],
      [37.9516, -121.3176],
    ],
    // The line's first 2.5 nm, off Antioch to the bridge, count as drawn; above the bridge the
    // Coast Pilot's 28 nautical miles to Stockton (the line draws 23).
    published_length_km: 56.5,
    kilometre_posts: [
      { waypoint: 0, km: 0 },
      { waypoint: 1, km: 4.6 },
      { waypoint: 9, km: 56.5 },
    ],
    published_length_source:
      "U.S. Coast Pilot 7 (via usharbors.com, 'Stockton, CA'): 'Stockton, 28 miles above Antioch Bridge' (nautical miles, as the Coast Pilot counts; 51.9 km), and 75 nautical miles from the Golden Gate (calaveraslife.com); USACE counts the channel as '41 miles from the Port of Stockton to Antioch'",
    limits: { max_draft_m: 10.67 },
    limits_source:
      "U.S. Army Corps of Engineers, San Francisco District, 'San Joaquin River (Port of Stockton)': 'The Stockton Deep Water Ship Channel extends 41 miles from the Port of Stockton to Antioch ... maintenance dredging of the channel to the authorized depth of 35 feet': a channel depth, not a draught limit (the port's 'average depth of 37 feet at average low tide (35 feet MLLW)', calaveraslife.com)",
    limits_verified: false,
    bridges: [
      {
        name: "Antioch Bridge",
        at: [38.0244, -121.7506],
        max_air_draft_m: 41.1,
        source: "Wikipedia, 'Antioch Bridge': 'Clearance below 135 feet (41 m)'",
        verified: false,
      },
    ],
    notes:
      "The Antioch Bridge stands in water the coastline draws: a point on that water above the bridge is routed as open water, not under the bridge's limit. The fixed bridge of 45 ft above the turning basin closes only the upper Stockton Channel, above the port.",
  },
  {
    id: "clyde",
    name: "River Clyde (the estuary off Bowling to King George V Dock, Glasgow)",
    kind: "river",
    // The 1:10m coastline draws the Clyde estuary to about Bowling, so Glasgow's King George V
    // Dock snapped 11 nm down the river to that water. Off Bowling -> under the Erskine Bridge
    // (55 54 48N 4 28 20W, Wikipedia) -> past Clydebank's Rothesay Dock and Renfrew -> King
    // George V Dock at Shieldhall. Placed along the river's course, not charted: good to about
    // 1 km.
    waypoints: [
      [55.932, -4.52],
      [55.9133, -4.4721],
      [55.902, -4.442],
      [55.893, -4.415],
      [55.885, -4.393],
      [55.876, -4.365],
      [55.8645, -4.337],
    ],
    limits: { max_draft_m: 8.5 },
    limits_source:
      "King George V Dock's water depth, 8.5 m (28 ft) (Gazetteer for Scotland, 'King George V Dock'); the channel to Shieldhall is maintained at 7.4-8.2 m, and ships of more than 8.7 m draught or 200 m length need the port authority's arrangement to come up on the tide (MAIB, 'Flying Phantom' report, 2008, as quoted)",
    limits_verified: false,
    bridges: [
      {
        name: "Erskine Bridge",
        at: [55.9133, -4.4721],
        max_air_draft_m: 45,
        source:
          "Wikipedia, 'Erskine Bridge': 'The clearance of the bridge is 45 m (148 ft)'; the Clyde River Steamer Club gives 'a centre span height of 55 meters above the high water mark'",
        verified: false,
      },
    ],
    notes:
      "The line counts as drawn. The 200 m length and 8.7 m draught above which ships need the port's arrangement are not applied as limits; the dock's 8.5 m is. Every port on the fairway lies above the Erskine Bridge.",
  },
  {
    id: "daugava",
    name: "Daugava (the Gulf of Riga off the moles to the Freeport of Riga's Andrejsala)",
    kind: "river",
    // The 1:10m coastline draws none of the Daugava, so Riga snapped 6 nm over land to the Gulf's
    // shore. Off the Daugavgriva moles -> the river's mouth -> past Bolderaja, Krievu sala and
    // Kundzinsala -> Sarkandaugava -> Andrejsala and the Eksportosta below the Vansu Bridge, the
    // river's lowest. Placed along the river's course, not charted: good to about 1 km.
    waypoints: [
      [57.065, 24.015],
      [57.055, 24.03],
      [57.04, 24.042],
      [57.02, 24.055],
      [57.0, 24.078],
      [56.985, 24.095],
      [56.965, 24.105],
    ],
    limits: { max_draft_m: 12.2 },
    limits_source:
      "The Freeport of Riga's figure as the trade press repeats it: 'Freeport of Riga lies on both banks of the River Daugava ... maximum draft at the berths is 12.2 meters' (PortNews, 2014-2021); the Harbour Master's per-fairway and per-berth maxima (Annex 2 to the Freeport of Riga Regulations) could not be read",
    limits_verified: false,
    notes:
      "The line counts as drawn, about 6 nm from the moles to Andrejsala. The limit is the port's deepest berths', bound on every end on the fairway; the upper berths are shallower. The port's entrance channels (being deepened for 15 m, Freeport of Riga, 2010) are open water to the router.",
  },
  {
    id: "panuco",
    name: "Rio Panuco (the Gulf off the Tampico jetties to the Port of Tampico)",
    kind: "river",
    // The 1:10m coastline draws none of the Panuco, so Tampico snapped 5 nm over land to the beach
    // at Ciudad Madero. The Gulf off the two jetties ('escolleras', 330 m apart) -> the river's
    // mouth at La Barra -> past Pemex's Madero terminal -> the port's wharves at Tampico. Placed
    // along the river's course, not charted: good to about 2 km.
    waypoints: [
      [22.262, -97.765],
      [22.262, -97.78],
      [22.25, -97.8],
      [22.24, -97.815],
      [22.225, -97.835],
      [22.215, -97.855],
    ],
    limits: { max_draft_m: 9.75 },
    limits_source:
      "Secretaria de Comunicaciones y Transportes, as reported by Opportimes: 'el puerto de Tampico tiene un calado oficial variable de 9.75 a 6.75 metros ... con una longitud total de canal de navegacion de 22 km' (the deepest official draught applied; the upper berths are shallower); the port captain gave the entrance channel as 31 ft (9.44 m) after silting (El Sol de Tampico)",
    limits_verified: false,
    notes:
      "The line counts as drawn, about 12 km to the wharves at Tampico; the port reaches 22 km up the river, from the jetties to the El Prieto bridge (fis-net.com, 'Tampico'). The bridges over the river above the wharves are not catalogued.",
  },
  {
    id: "ouse",
    name: "River Ouse (the Humber at Trent Falls to the Port of Goole)",
    kind: "river",
    // The 1:10m coastline draws the Humber to about Trent Falls but none of the Ouse, so Goole
    // snapped 8 nm over land to the Humber. Trent Falls -> Blacktoft -> Saltmarshe -> under the
    // Skelton railway swing bridge -> Goole's docks (53 41 53N 0 52 26W, Wikipedia). Placed along
    // the river's course, not charted: good to about 1 km.
    waypoints: [
      [53.703, -0.715],
      [53.706, -0.73],
      [53.712, -0.765],
      [53.722, -0.8],
      [53.72, -0.83],
      [53.716, -0.848],
      [53.706, -0.864],
      [53.698, -0.874],
    ],
    limits: { max_draft_m: 5.5 },
    limits_source: "Wikipedia, 'Port of Goole' (infobox): 'Draft depth 5.5 metres (18 ft)'",
    limits_verified: false,
    notes:
      "The line counts as drawn, about 9 nm from Trent Falls. The Skelton railway bridge swings open for ships and is not a limit. Goole lies 'some 50 miles (80 km) from the open sea' (Wikipedia).",
  },
  {
    id: "cape-fear",
    name: "Cape Fear River (the drawn river below Wilmington to the Port of Wilmington, North Carolina)",
    kind: "river",
    // The 1:10m coastline draws the Cape Fear River to just below the port, but narrower than a
    // mile for its last 3 nm, so the port's terminal snapped 3 nm down the river to water wide
    // enough to keep off its banks. The river off Sunny Point's upper reach -> the port's
    // terminal. Placed along the river, not charted: good to about 0.5 km.
    waypoints: [
      [34.15, -77.955],
      [34.17, -77.955],
      [34.185, -77.957],
      [34.197, -77.955],
    ],
    limits: { max_draft_m: 12.8, max_air_draft_m: 50 },
    limits_source:
      "North Carolina Ports, 'Cargo Handling' (Harbor Features, U.S. Army Corps of Engineers project dimensions): 'Inside harbor channel depth of 42 ft. M.L.L.W.' (a channel depth, not a draught limit) and 'Minimum air draft in channel of 164 ft.'",
    limits_verified: false,
    notes:
      "The 42 ft channel runs the 26 miles from the ocean bar (44 ft) to the port; the drawn river below this line is open water to the router, so the limits bind only ends on the line. Where the 164 ft air draught is set is not given.",
  },
  {
    id: "kaliningrad-sea-canal",
    name: "Kaliningrad Sea Canal (Baltiysk to Kaliningrad)",
    kind: "river",
    // The 1:10m coastline does not draw the Vistula Lagoon, so Kaliningrad snapped to the
    // Curonian Lagoon, 15 nm north, and was routed up it to Klaipeda. Drawn water off the
    // Baltiysk moles -> the Strait of Baltiysk -> across Primorsk Bay -> along the lagoon's
    // northern shore past Svetly (54 40N 20 08E, Wikipedia) -> the Pregolya's mouth -> the port
    // of Kaliningrad. Points between the moles and Svetly, and above it, are estimates along the
    // shore, good to about a kilometre or two.
    waypoints: [
      [54.642, 19.86],
      [54.645, 19.9],
      [54.665, 19.95],
      [54.675, 20.0],
      [54.665, 20.07],
      [54.66, 20.133],
      [54.665, 20.2],
      [54.675, 20.27],
      [54.685, 20.34],
      [54.695, 20.4],
      [54.7, 20.45],
    ],
    limits: { max_draft_m: 8.0 },
    limits_source:
      "ostwest.su, 'Port Kaliningrad' (an agent's local conditions): 'Max permissible draft is 8,0 meters (fresh water 1,000 density) but depending on weather condition i.e. wind direction and force and deviation can be fm 7,7 mtrs to 8,4 mtrs'; 'Max permissible LOA 170 meters for dry cargo vessels and 140 meters' for tankers. Rosmorport (2021): fairway 9-10.5 m deep, 50-110 m wide",
    limits_verified: true,
    published_length_km: 43,
    published_length_source:
      "Rosmorport, 'Kaliningrad Sea Channel is 120 years old' (2021): 43 km; German Wikipedia, 'Kaliningrader Seeschifffahrtskanal': 34 km from the Baltiysk moles to the Pregel's mouth, then 9 km to the port",
    notes:
      "One-way traffic by schedule, about 8 knots, some 3 hours (ostwest.su). The LOA limits are not applied: they differ by cargo area, up to 200 m for the Baltiysk terminals, 190 m at Svetly and 170 m at Kaliningrad (Rosmorport), and a fairway's limits bind every port on it. Ships pick up pilots 15 cables off the moles; the arrival buoy is 4.8 nm off them. Poland's canal through the Vistula Spit to Elblag (5 m) is not drawn.",
  },
  {
    id: "nieuwe-waterweg",
    name: "Nieuwe Waterweg and Nieuwe Maas (the Maasmond to Rotterdam)",
    kind: "river",
    // The 1:10m coastline draws the Maasvlakte but neither the Nieuwe Waterweg nor the Nieuwe
    // Maas, so Rotterdam (51 54N 4 28E, NGA Pub. 151's position for the port) snapped 13.8 nm over
    // land to the beach at 52.05N and its river was not counted. Drawn water off the Maasmond ->
    // between the pier heads -> Hoek van Holland, off the Berghaven -> the Maeslantkering ->
    // Maassluis -> the Scheur past Rozenburg and the Botlek -> Vlaardingen -> the Beneluxtunnel
    // (Schiedam, Pernis) -> the Merwehaven and the Waalhaven's mouth -> the Parkhaven, off the
    // Euromast (51 54.3N 4 28.0E). Placed along the river between the towns' and structures'
    // positions (Wikipedia), not charted: good to about a kilometre.
    waypoints: [
      [51.99, 4.0],
      [51.985, 4.04],
      [51.981, 4.08],
      [51.978, 4.115],
      [51.968, 4.14],
      [51.955, 4.163],
      [51.94, 4.19],
      [51.926, 4.222],
      [51.914, 4.25],
      [51.905, 4.28],
      [51.898, 4.31],
      [51.894, 4.34],
      [51.894, 4.37],
      [51.896, 4.39],
      [51.898, 4.42],
      [51.899, 4.445],
      [51.901, 4.467],
    ],
    limits: { max_draft_m: 15 },
    limits_source:
      "Port of Rotterdam Authority and Rijkswaterstaat (26 March 2018, as reported by Safety4Sea and Dredging Today, 'Nieuwe Waterweg Dredging Program Kicks Off'): after the deepening of the Nieuwe Waterweg over 25 km from Hoek van Holland to the Beneluxtunnel (16.20 m to Maassluis, 16.40 m above it), 'ships with a draught of up to 15 metres' reach the Botlek",
    limits_verified: true,
    notes:
      "The line counts as drawn, 19 nm (35 km) from its first point off the Maasmond to the Parkhaven; the 25 km deepened from Hoek van Holland to the Beneluxtunnel (the same report) measure 22 km on the line from off the Berghaven and 26 km from between the pier heads. The 15 m binds every end on the line; the city harbours above the Beneluxtunnel were not deepened and no draught for them was found. The Maasvlakte, Europoort and the Calandkanaal, which the coastline draws as land, are not drawn: an end there is snapped onto this line or to the sea off the Maasvlakte, whichever is nearer. No bridge crosses below the Erasmusbrug (the Beneluxtunnel and the Maastunnel pass under the river).",
  },
  {
    id: "elbe-hamburg",
    name: "River Elbe (Blankenese to Hamburg, St. Pauli)",
    kind: "river",
    // The 1:10m coastline draws the Elbe from the sea to off Blankenese, so Hamburg's harbour
    // (53 32.5N 9 58E, NGA Pub. 151) snapped 5.8 nm down the river to it. Drawn water off
    // Blankenese -> Muehlenberg -> Teufelsbrueck -> Oevelgoenne and Neumuehlen -> the Koehlbrand's
    // mouth -> off Altona's Fischmarkt -> the St. Pauli Landungsbruecken. Placed along the river,
    // not charted: good to about half a kilometre.
    waypoints: [
      [53.558, 9.79],
      [53.553, 9.82],
      [53.549, 9.85],
      [53.546, 9.875],
      [53.543, 9.9],
      [53.542, 9.92],
      [53.5425, 9.94],
      [53.544, 9.955],
      [53.5435, 9.968],
    ],
    limits: { max_draft_m: 15.6, max_draft_down_m: 14.5 },
    limits_source:
      "NDR, 'Was bringt die Elbvertiefung?': after the Fahrrinnenanpassung (begun in July 2019; finished in 2022) ships come in on the flood with up to 15.60 m draught (14.80 m before) and go out tide-dependent with up to 14.50 m (13.50 m before); 13.50 m at any time. The project's figures, as the broadcaster reports them, not the harbour master's current rule",
    limits_verified: false,
    notes:
      "The line counts as drawn (6.5 nm); the drawn Elbe below it is open water to the router, so the limits bind only ends on the line (Hamburg's terminals). NGA Pub. 151 puts Cuxhaven 56 nm below Hamburg. The Koehlbrand Bridge (53 m) over the Koehlbrand, to the Altenwerder terminal, is not drawn.",
  },
  {
    id: "scheldt-antwerp",
    name: "River Scheldt (Zeeschelde: the Dutch border to Antwerp)",
    kind: "river",
    // The 1:10m coastline draws the Westerschelde to about Zandvliet and a broken strip above it,
    // so Antwerp's docks (51 14N 4 24E, NGA Pub. 151) snapped 5 nm to the drawn river below them
    // and the city's quays were not reached. Drawn water off the Berendrecht and Zandvliet
    // locks -> between Doel and Lillo -> Liefkenshoek, off the Deurganckdok and the Kieldrecht
    // lock -> off the Boudewijn and Van Cauwelaert locks -> the Oosterweel bend -> off the
    // Royers lock and the Bonapartedok -> Het Steen. Placed along the river, not charted: good to
    // about a kilometre.
    waypoints: [
      [51.345, 4.262],
      [51.325, 4.272],
      [51.308, 4.278],
      [51.295, 4.292],
      [51.28, 4.306],
      [51.265, 4.322],
      [51.255, 4.343],
      [51.246, 4.365],
      [51.238, 4.382],
      [51.23, 4.392],
      [51.2235, 4.396],
    ],
    limits: { max_draft_m: 15.56, max_draft_down_m: 15.2 },
    limits_source:
      "Port of Antwerp, after the Scheldt deepening (as reported by the trade press, sisi.gstta.org): container ships up to 360 m long come in with the tide with up to 15.56 m to the Berendrecht-Zandvliet locks, and ships up to 340 m go out with the tide with up to 15.2 m; 13.1 m independent of the tide; NH Nieuws (2020): 'Nu mogen alleen schepen met een maximale diepte van 15,56 meter over de Westerschelde varen'",
    limits_verified: true,
    notes:
      "The line counts as drawn (9.2 nm); the Westerschelde below it is open water to the router, so the limits bind only ends on the line. Longer ships have lower limits (14.5 m for ships over 360 m in, over 340 m out, on trial) that are not applied. NGA Pub. 151 puts Vlissingen 47 nm below Antwerp. The docks behind the locks (Berendrecht, Zandvliet, Boudewijn, Kallo, Kieldrecht, Royers) are not drawn: an end in them snaps onto the line.",
  },
  {
    id: "huangpu",
    name: "Huangpu River (Wusongkou to Shanghai, the Bund)",
    kind: "river",
    // The 1:10m coastline draws the Yangtze's south bank at Wusong but none of the Huangpu, so
    // Shanghai (31 14N 121 29.5E, NGA Pub. 151) snapped 8.9 nm over the city to the Yangtze.
    // Drawn water off Wusongkou -> the Huangpu's mouth at Wusong -> Zhanghuabang -> down the east
    // side past Jungong Road and Fuxing Island -> under the Yangpu Bridge -> the North Bund ->
    // between the Bund and Lujiazui. Placed along the river between the districts' and bridges'
    // positions, not charted: good to about 2 km.
    waypoints: [
      [31.398, 121.52],
      [31.383, 121.51],
      [31.365, 121.515],
      [31.345, 121.525],
      [31.325, 121.54],
      [31.305, 121.555],
      [31.285, 121.565],
      [31.268, 121.56],
      [31.255, 121.545],
      [31.252, 121.525],
      [31.25, 121.508],
      [31.243, 121.495],
      [31.235, 121.492],
    ],
    limits: { max_draft_m: 9.5, max_loa_m: 226 },
    limits_source:
      "seapace.com, 'Shanghai port' (an agent's port page, undated): 'Restrictions: DRAFT: 9,5m FW LOA: 226m' for the port on the Huangpu",
    limits_verified: false,
    notes:
      "The line counts as drawn, 13 nm from off Wusongkou to the Bund; NGA Pub. 151 puts Wusong (31 23.5N 121 30.5E, a mile inside the line's first point) 14 nm below Shanghai. The container terminals at Waigaoqiao and Yangshan lie on the Yangtze and the open sea and are not on the line. Not catalogued: the Yangpu and Nanpu Bridges over the river, whose clearances were not found in a stored source.",
  },
  {
    id: "saigon",
    name: "Saigon River (Nha Be to Ho Chi Minh City, Khanh Hoi)",
    kind: "river",
    // The 1:10m coastline draws the Long Tau and Soai Rap rivers to Nha Be but none of the
    // Saigon River above it, so Ho Chi Minh City's port (10 46N 106 42.25E, NGA Pub. 151)
    // snapped 6.9 nm over land to the drawn river. Drawn water off Nha Be -> up the Nha Be River
    // to the Dong Nai's mouth by Cat Lai -> west up the Saigon River past Tan Thuan and under the
    // Phu My Bridge -> Khanh Hoi. Placed along the rivers, not charted: good to about 2 km.
    waypoints: [
      [10.675, 106.775],
      [10.7, 106.775],
      [10.725, 106.78],
      [10.742, 106.775],
      [10.748, 106.76],
      [10.744, 106.745],
      [10.752, 106.728],
      [10.762, 106.712],
      [10.766, 106.705],
    ],
    limits: { max_draft_m: 11 },
    limits_source:
      "travellingoncontainervessels.com, 'Entering the port of Ho Chi Minh City' (a passenger's account of a container ship's call): 'Long Tau River channel allows vessels with a maximum draft of 11 meters and maximum length of 230 meters only for daytime navigation'; the Long Tau is maintained at 8.5 m below chart datum (SPCT, 'Approaching channel'), the rest is the tide",
    limits_verified: false,
    notes:
      "The line counts as drawn (8.7 nm); the Long Tau below it is drawn water, open to the router. NGA Pub. 151 puts Vung Tau 45.5 nm below Ho Chi Minh City; the terminals at Cat Lai (on the Dong Nai, 48 nm from the Vung Tau pilot station) and SPCT (on the Soai Rap) lie by the line's first points. The 230 m LOA is for daylight passages and is not applied.",
  },
  {
    id: "garonne",
    name: "River Garonne (the Bec d'Ambes to Bordeaux)",
    kind: "river",
    // The 1:10m coastline draws the Gironde to the Bec d'Ambes and the Garonne above it only as a
    // strip too narrow to lead out, so Bordeaux (44 51N 0 34W, NGA Pub. 151) snapped 10.2 nm down
    // to the estuary. Drawn water below the Bec d'Ambes -> up the Garonne past Bassens -> under
    // the Pont d'Aquitaine -> Bacalan and the Bassins a flot -> the Pont Jacques Chaban-Delmas ->
    // the Port de la Lune. Placed along the river (the drawn strip's middle where there is one),
    // not charted: good to about a kilometre.
    waypoints: [
      [45.03, -0.55],
      [45.0, -0.548],
      [44.97, -0.545],
      [44.94, -0.545],
      [44.915, -0.54],
      [44.895, -0.535],
      [44.88, -0.537],
      [44.87, -0.545],
      [44.862, -0.55],
      [44.855, -0.556],
      [44.85, -0.563],
    ],
    limits: { max_draft_m: 10.5 },
    limits_source:
      "Journal de la Marine Marchande (2011), 'Retablir les 10,50 m de hauteur d'eau': dredging to restore a 10.50 m draught to the Bassens and Ambes terminals; French Wikipedia, 'Port de Bordeaux': the draught reaches 7.5 m in the city itself (not applied: one limit binds every end on the line)",
    limits_verified: false,
    notes:
      "The line counts as drawn (11.2 nm). NGA Pub. 151 puts Le Verdon 50 nm below Bordeaux. The Pont Jacques Chaban-Delmas is a lift bridge (ships pass under it raised) and is not a limit; the Pont d'Aquitaine's clearance was not found in a stored source and is not catalogued.",
  },
  {
    id: "loire-nantes",
    name: "River Loire (Coueron to Nantes)",
    kind: "river",
    // The 1:10m coastline draws the Loire from Saint-Nazaire to about Coueron, so Nantes
    // (47 11.7N 1 35.25W, NGA Pub. 151) snapped 11.2 nm down the river. Drawn water off Coueron ->
    // Basse-Indre and Indret -> Haute-Indre and the Roche-Maurice terminal -> under the Pont de
    // Cheviré -> Trentemoult's turning basin, off the Ile de Nantes. Placed along the river, not
    // charted: good to about half a kilometre.
    waypoints: [
      [47.215, -1.745],
      [47.205, -1.7],
      [47.197, -1.665],
      [47.19, -1.635],
      [47.1915, -1.612],
      [47.195, -1.595],
      [47.198, -1.58],
    ],
    limits: { max_loa_m: 225 },
    limits_source:
      "marinas-yachting.fr (on the DST Drammen's call, 2020s): a Panamax of 225 m by 32.2 m is the largest ship the port of Nantes can take, the Trentemoult turning basin setting the limit",
    limits_verified: false,
    bridges: [
      {
        name: "Pont de Cheviré",
        at: [47.1915, -1.612],
        max_air_draft_m: 52,
        source:
          "ancelin.eu, 'La Loire, de Nantes a Saint-Nazaire': 'une travee centrale metallique culminant a 52 metres de hauteur' (the span's height, not a stated clearance)",
        verified: false,
      },
    ],
    notes:
      "The line counts as drawn (7.1 nm). NGA Pub. 151 puts Nantes 29 nm above Saint-Nazaire; the channel from Nantes to Paimboeuf is kept at 5.10 m below chart datum (a 2001 account), ships coming up on the tide, so no draught limit is applied.",
  },
  {
    id: "oder-szczecin",
    name: "Swinoujscie-Szczecin fairway (the Swina, the Piast Canal, the Szczecin Lagoon and the Oder)",
    kind: "river",
    // The 1:10m coastline draws the Szczecin Lagoon but neither the Swina nor the Oder above the
    // lagoon, so Szczecin (53 26N 14 34.5E, NGA Pub. 151) snapped 11.7 nm north to the lagoon,
    // whose water the coastline opens to the sea only by the Peene, far to the west: Swinoujscie
    // to Szczecin was 81 nm against Pub. 151's 35 (Szczecin's distances less Swinoujscie's).
    // The Baltic off the Swinoujscie moles -> up the Swina past the ferry harbour -> the Piast
    // Canal (Kanal Piastowski) through Karsibor -> across the lagoon on the dredged fairway ->
    // the Roztoka Odrzanska off Trzebiez -> up the Oder (the Domiaza) past Police -> Skolwin ->
    // Stolczyn -> the port's Ostrow Grabowski -> the city's wharves. Placed along the fairway, not
    // charted: good to about a kilometre.
    waypoints: [
      [53.935, 14.28],
      [53.918, 14.272],
      [53.895, 14.268],
      [53.87, 14.275],
      [53.845, 14.288],
      [53.82, 14.302],
      [53.78, 14.36],
      [53.74, 14.43],
      [53.7, 14.5],
      [53.665, 14.545],
      [53.635, 14.58],
      [53.608, 14.588],
      [53.585, 14.598],
      [53.565, 14.6],
      [53.54, 14.602],
      [53.515, 14.6],
      [53.49, 14.598],
      [53.465, 14.59],
      [53.445, 14.58],
      [53.433, 14.575],
    ],
    limits: { max_draft_m: 11 },
    limits_source:
      "SWS law firm and CMW Legal on the Swinoujscie-Szczecin fairway's modernisation, finished 9 May 2022: deepened to 12.5 m over 62 km, 'the maximum permissible draught of vessels calling at Szczecin port was increased to approx. 11.0 m from the previous 9.15 m'",
    limits_verified: true,
    published_length_km: 68,
    published_length_source:
      "Szczecin and Swinoujscie Seaports Authority, '12.5m for Szczecin': 'The technical depth of 68 km fairway connecting Swinoujscie and Szczecin'; NGA Pub. 151 gives Szczecin 34-36 nm further than Swinoujscie from the Baltic's junction points",
    notes:
      "The line is 63.7 km from off the moles; the published 68 km counts. It crosses the lagoon, which the coastline draws: an end in the lagoon is in that water and is not held to the fairway or joined to it. Swinoujscie's own harbour is snapped to the sea off the moles, as before.",
  },
  {
    id: "don-rostov",
    name: "River Don (the Don's mouth to Rostov-on-Don)",
    kind: "river",
    // The 1:10m coastline draws Taganrog Bay and a scrap of the Don's mouth but none of the river,
    // so Rostov-on-Don (47 11.5N 39 40.2E, NGA Pub. 151) snapped 14.7 nm over land to the bay.
    // Drawn water in the Don's mouth -> Azov -> Elizavetinskaya -> the Don past Nizhnegnilovskaya
    // -> Rostov's wharves. Placed on the towns' positions, cutting the river's meanders: good to
    // a couple of kilometres, and shorter than the river.
    waypoints: [
      [47.11, 39.33],
      [47.107, 39.37],
      [47.108, 39.42],
      [47.125, 39.47],
      [47.145, 39.52],
      [47.17, 39.57],
      [47.19, 39.61],
      [47.205, 39.655],
      [47.212, 39.69],
    ],
    limits: { max_draft_m: 4 },
    limits_source:
      "PortNews (29 June 2023), citing Rosmorport's Azov Department: the Azov-Don Sea Canal's navigation depth is 4.1 m, and the documents for the Don between km 3,121 and 3,169 provide for a navigation depth of 4 metres up to 2033. Channel depths, not draught limits",
    limits_verified: false,
    notes:
      "The line counts as drawn (16.5 nm) and is shorter than the river, whose meanders it cuts: the Azov-Don Sea Canal's river part is 14 km and its sea part, in Taganrog Bay, 25.3 km (the same report), and the seaports of Azov and Rostov keep 94 km of lanes. The sea part lies in drawn water and is open to the router.",
  },
  {
    id: "sarawak-river",
    name: "Sarawak River (Muara Tebas to Kuching)",
    kind: "river",
    // The 1:10m coastline draws the Sarawak River's mouth at Muara Tebas and none of the river, so
    // Kuching (1 33.6N 110 20.6E, NGA Pub. 151) snapped 8.6 nm over land to the bay beside the
    // mouth. Drawn water off Tanjung Po and Muara Tebas -> up the river past the Senari terminal
    // -> Sejingkat -> the Pending terminal -> Kuching's waterfront. Placed on the terminals' and
    // villages' positions, cutting the river's bends: good to a couple of kilometres.
    waypoints: [
      [1.635, 110.478],
      [1.62, 110.462],
      [1.6, 110.445],
      [1.585, 110.425],
      [1.575, 110.41],
      [1.562, 110.39],
      [1.556, 110.37],
      [1.558, 110.355],
      [1.5597, 110.343],
    ],
    limits: { max_draft_m: 7.5 },
    limits_source:
      "DAP Sarawak (2020s), quoting the Kuching Port Authority's website: the maximum draught from the pilot station at Tanjung Po to the Senari and Pending terminals is 7.5 m (the 2017-2020 dredging was to give 9 m below chart datum); Seatrade Maritime (2016): the channel's draught was 4.5 m before the dredging",
    limits_verified: false,
    notes:
      "The line counts as drawn (9.8 nm); the channel from Tanjung Po to the Pending terminal is 23.4 km (12.6 nm; The Star, 2016; Seatrade Maritime: 13 nm). The Sejingkat Bridge (2025), between Senari and Pending, leaves 35 m of air draught (The Borneo Post, 2024); its position on the river was not found, so it is not catalogued.",
  },
  {
    id: "kola-bay",
    name: "Kola Bay (to Murmansk's commercial port)",
    kind: "river",
    // The 1:10m coastline draws Kola Bay past Murmansk only as a strip about half a mile wide,
    // and the port (68 58.5N 33 03E, NGA Pub. 151) lies a third of a mile from it: an end there
    // was taken to the nearest water half a mile clear of the coast, 7.1 nm down the bay where it
    // widens. Open water in the bay -> down the drawn strip's middle -> across to the commercial
    // port's berths on the east shore. Placed on the drawn bay, not charted: good to about half
    // a kilometre.
    waypoints: [
      [69.082, 33.14],
      [69.07, 33.09],
      [69.055, 33.055],
      [69.04, 33.032],
      [69.02, 33.03],
      [69.0, 33.027],
      [68.985, 33.027],
      [68.975, 33.03],
      [68.975, 33.05],
    ],
    notes:
      "The line counts as drawn (7.9 nm). Kola Bay is deep; no limit is applied. Its last leg crosses the 1:10m coast to the port's berths, so an end at the port is snapped onto the line and sails down it.",
  },
  {
    id: "weser",
    name: "River Weser (Bremerhaven to Bremen)",
    kind: "river",
    // Drawn water off Bremerhaven -> Blexer Bogen -> Nordenham (Unterweser km 58) -> the
    // Wesertunnel -> Brake (km 40) -> the western arm by Harriersand -> Elsfleth and the Hunte
    // mouth -> Farge -> Vegesack (km 17.8) -> Oslebshausen -> Neustaedter Hafen, Bremen. Sourced:
    // the Wesertunnel's portals (German Wikipedia), the Liener Hoern beacon (to the minute) and
    // the Oslebshausen lock's mole lights; the points between are midstream estimates, good to
    // about a kilometre.
    waypoints: [
      [53.565, 8.535],
      [53.545, 8.558],
      [53.523, 8.542],
      [53.505, 8.515],
      [53.487, 8.5],
      [53.463, 8.495],
      [53.4372, 8.491],
      [53.41, 8.496],
      [53.382, 8.5],
      [53.356, 8.503],
      [53.33, 8.492],
      [53.302, 8.486],
      [53.274, 8.483],
      [53.248, 8.486],
      [53.225, 8.492],
      [53.2, 8.515],
      [53.184, 8.552],
      [53.172, 8.588],
      [53.1665, 8.623],
      [53.156, 8.644],
      [53.141, 8.669],
      [53.128, 8.692],
      [53.1195, 8.7075],
      [53.108, 8.738],
    ],
    limits: { max_draft_m: 10.5 },
    limits_source:
      "Secondary only: Baird Maritime, 'Bremen opens new quay to increase capacity' (about 2016), quoting Weserport: ships of up to 10.50 m draught can unload at the Huettenhafen (a berth figure, not a fairway limit); consistent with the 2006 plan to deepen the Unterweser for Bremen to 11.10 m (Schiff&Hafen, 2006), whose Brake-Bremen section was dropped after the 2016 court ruling. No authority page with the fairway's limit was found.",
    limits_verified: false,
    published_length_km: 65,
    published_length_source:
      "Unterweser kilometres: km 0 below the Wilhelm-Kaisen-Bruecke in Bremen to km 65 at Bremerhaven (WSV, 'Fahrrinnenanpassung der Unterweser (Nord)': Bremerhaven km 65, Nordenham km 58, Brake km 40)",
    notes:
      "Tidal the whole way; large ships run to Bremen on the tide. No bridges below the port (the Wesertunnel passes under the river); overhead power lines were not checked. The Industriehaefen lie behind the Oslebshausen lock (about 250 m); Neustaedter Hafen is an open basin.",
  },
  {
    id: "columbia",
    name: "Columbia River (the Stella reach to Portland's Terminal 6)",
    kind: "river",
    // The water the 1:10m coastline draws ends below Stella (about river mile 53) -> Longview and
    // the Lewis and Clark Bridge (mile 66) -> Kalama and the Trojan site (mile 73) -> St Helens
    // and Warrior Rock (mile 87) -> Kelley Point (mile 101) -> Terminal 6 (Rivergate). Sourced:
    // the bridge, Trojan, the Multnomah Channel's mouth and Warrior Rock Light (Wikipedia and
    // GNIS coordinates); the points between them are midstream estimates, good to about 1 km.
    waypoints: [
      [46.155, -123.235],
      [46.168, -123.195],
      [46.178, -123.155],
      [46.165, -123.115],
      [46.15, -123.075],
      [46.133, -123.035],
      [46.117, -122.998],
      [46.1047, -122.9618],
      [46.096, -122.932],
      [46.08, -122.908],
      [46.06, -122.892],
      [46.0365, -122.878],
      [46.01, -122.858],
      [45.982, -122.847],
      [45.952, -122.833],
      [45.922, -122.815],
      [45.892, -122.799],
      [45.865, -122.785],
      [45.848, -122.779],
      [45.825, -122.77],
      [45.8, -122.765],
      [45.775, -122.763],
      [45.75, -122.763],
      [45.725, -122.765],
      [45.7, -122.768],
      [45.675, -122.768],
      [45.656, -122.76],
      [45.642, -122.748],
    ],
    limits: { max_draft_m: 13.1 },
    limits_source:
      "Port of Portland, 'Columbia River Navigation' (portofportland.com): 'it maintains a depth of 43 feet and a width of 600 feet for 100 miles to the Portland Harbor ... the Longview Bridge, with vertical and horizontal clearances of 198 feet and 1085 feet' (43 ft = 13.1 m, the channel's depth; 198 ft = 60.4 m); USACE Portland District, 'Columbia and Lower Willamette Rivers' project page: a 600-ft wide, 43-ft deep channel for 106.5 miles from the river's mouth to Vancouver, Wash.",
    bridges: [
      {
        name: "Lewis and Clark Bridge (Longview)",
        at: [46.1047, -122.9618],
        max_air_draft_m: 60.4,
        source:
          "Port of Portland, 'Columbia River Navigation': 'the Longview Bridge, with vertical and horizontal clearances of 198 feet and 1085 feet' (60.4 m)",
        verified: true,
      },
    ],
    limits_verified: true,
    notes:
      "The draught limit is the channel's depth, not an under-keel rule. The Lewis and Clark Bridge (198 ft, Port of Portland; Wikipedia gives 210 ft) binds only the ends above it, Longview's upper berths, Kalama and Portland; ports below it (Longview's lower terminals) are open to taller ships. The Willamette (40 ft) to Portland's Willamette terminals is not drawn: the fairway ends at Terminal 6 on the Columbia, within 15 nm of the city's terminals, which snap onto it. Positions other than the four sourced ones should be checked against NOAA charts 18523, 18524 and 18526.",
  },
  {
    id: "mississippi",
    name: "Mississippi River (Southwest Pass to Baton Rouge)",
    kind: "river",
    // The 1:10m coastline draws none of the river, nor its passes: off the Southwest Pass
    // entrance -> Southwest Pass -> Head of Passes -> New Orleans (Algiers Point, the Crescent
    // City Connection) -> Gramercy -> the Sunshine Bridge -> Baton Rouge (Port Allen). Sourced:
    // the entrance light, the pass, Head of Passes, the three bridges and Algiers Point (U.S.
    // Coast Pilot 5, Wikipedia), and the Hale Boggs Bridge (Wikipedia), which showed the line
    // 4 km north of the river at Luling; the points between them are estimates, off by 0.5-1.5
    // km elsewhere, and cut some meanders (the published length counts).
    waypoints: [
      [28.89, -89.445],
      [28.91, -89.423],
      [28.96, -89.387],
      [29.0142, -89.3442],
      [29.06, -89.312],
      [29.105, -89.282],
      [29.14, -89.262],
      [29.157, -89.254],
      [29.179, -89.26],
      [29.205, -89.28],
      [29.235, -89.31],
      [29.268, -89.345],
      [29.3, -89.385],
      [29.33, -89.425],
      [29.362, -89.448],
      [29.365, -89.49],
      [29.366, -89.52],
      [29.38, -89.56],
      [29.395, -89.595],
      [29.43, -89.635],
      [29.455, -89.66],
      [29.482, -89.685],
      [29.508, -89.715],
      [29.535, -89.745],
      [29.555, -89.772],
      [29.574, -89.801],
      [29.6, -89.835],
      [29.625, -89.87],
      [29.65, -89.905],
      [29.675, -89.935],
      [29.705, -89.96],
      [29.74, -89.978],
      [29.775, -89.99],
      [29.81, -89.998],
      [29.84, -89.998],
      [29.856, -89.985],
      [29.866, -89.96],
      [29.878, -89.938],
      [29.872, -89.915],
      [29.89, -89.905],
      [29.915, -89.915],
      [29.933, -89.943],
      [29.943, -89.98],
      [29.952, -90.01],
      [29.956, -90.03],
      [29.96, -90.048],
      [29.9386, -90.0575],
      [29.923, -90.075],
      [29.916, -90.1],
      [29.918, -90.125],
      [29.935, -90.135],
      [29.952, -90.145],
      [29.95, -90.162],
      [29.943, -90.17],
      [29.93, -90.195],
      [29.93, -90.225],
      [29.942, -90.26],
      [29.945, -90.295],
      [29.945, -90.33],
      [29.9425, -90.3736],
      [29.97, -90.4],
      [30.0, -90.415],
      [30.022, -90.44],
      [30.042, -90.475],
      [30.05, -90.51],
      [30.05, -90.55],
      [30.055, -90.59],
      [30.055, -90.63],
      [30.0458, -90.6725],
      [30.04, -90.71],
      [30.03, -90.75],
      [30.02, -90.79],
      [30.025, -90.83],
      [30.045, -90.86],
      [30.07, -90.885],
      [30.0981, -90.9122],
      [30.11, -90.95],
      [30.105, -90.985],
      [30.13, -91.005],
      [30.165, -91.01],
      [30.195, -91.01],
      [30.215, -91.045],
      [30.215, -91.085],
      [30.195, -91.115],
      [30.18, -91.145],
      [30.2, -91.17],
      [30.23, -91.185],
      [30.26, -91.21],
      [30.29, -91.23],
      [30.32, -91.235],
      [30.35, -91.23],
      [30.38, -91.22],
      [30.405, -91.21],
      [30.43, -91.2],
    ],
    limits: { max_draft_m: 13.7 },
    limits_source:
      "USACE New Orleans District, 'Mississippi River Ship Channel': phase 1 deepened the channel 'to 45 ft from the Gulf of Mexico to Donaldsonville' and phase 2 'to 45 ft from Donaldsonville, LA to Baton Rouge' (45 ft = 13.7 m); Port of Greater Baton Rouge, 'About the Port': 'a 45-50 foot shipping channel to the mouth of the Mississippi River is maintained by the U.S. Army Corps of Engineers'",
    bridges: [
      {
        name: "Crescent City Connection (New Orleans)",
        at: [29.9386, -90.0575],
        max_air_draft_m: 51.8,
        source:
          "Wikipedia, 'Crescent City Connection', infobox (29 56 19N 90 03 27W): clearance below 170 ft (52 m)",
        verified: true,
      },
      {
        name: "Huey P. Long Bridge (Jefferson Parish)",
        at: [29.9442, -90.1689],
        max_air_draft_m: 46.6,
        source:
          "Wikipedia, 'Huey P. Long Bridge (Jefferson Parish)', infobox (29 56 39N 90 10 08W, river mile 106.1): clearance below 153 ft (47 m)",
        verified: true,
      },
      {
        name: "Hale Boggs Memorial Bridge (Luling)",
        at: [29.9425, -90.3736],
        max_air_draft_m: 48.2,
        source:
          "Wikipedia, 'Hale Boggs Memorial Bridge', infobox (29 56 33N 90 22 25W): clearance below 158 ft (48 m)",
        verified: true,
      },
      {
        name: "Veterans Memorial Bridge (Gramercy)",
        at: [30.0458, -90.6725],
        max_air_draft_m: 50.3,
        source:
          "Wikipedia, 'Gramercy Bridge', infobox (30 02 45N 90 40 21W): clearance below 165 ft (50 m); gribblenation.org: 165 ft above mean river level",
        verified: true,
      },
      {
        name: "Sunshine Bridge (Donaldsonville)",
        at: [30.0981, -90.9122],
        max_air_draft_m: 51.8,
        source:
          "Wikipedia, 'Sunshine Bridge', infobox (30 05 53N 90 54 44W): clearance below 170 ft (52 m); John A. Weeks III: 'an 825' span with 170' of clearance'",
        verified: true,
      },
    ],
    limits_verified: true,
    published_length_km: 401.9,
    // The Southwest Pass entrance (km 0), Head of Passes (20 miles above it), Algiers Point
    // (mile 94.6 AHP), Port Allen.
    kilometre_posts: [
      { waypoint: 0, km: 0 },
      { waypoint: 7, km: 32.2 },
      { waypoint: 45, km: 184.4 },
      { waypoint: 93, km: 401.9 },
    ],
    published_length_source:
      "U.S. Coast Pilot 5, chapter 8 (NOAA): 'the Mississippi River from the delta passes at the Gulf of Mexico to Baton Rouge, 217 miles via Southwest Pass', read as nautical miles (401.9 km): the chapter gives river distances in statute miles above Head of Passes (AHP), and 217 statute miles would put Baton Rouge near mile 197 AHP, below Donaldsonville, where 217 nautical miles (250 statute) less the Southwest Pass's 20 put it at mile 230, the port's reach. Wikipedia, 'Head of Passes': the Corps' channel runs 'from the mouth of Southwest Pass 20 miles (32 km) downriver from the Head', and 'Algiers Point, for instance, is at mile 94.6 AHP' (km 32.2 and 184.4 from the entrance)",
    notes:
      "The channel is 45 ft; the 50-ft deepening reached the Port of South Louisiana first and is not used. Each bridge binds only the ends above it, with its clearance as Wikipedia's infobox gives it (the datum not stated there; the river's stage changes the clearance by metres): a ship too tall for the Crescent City Connection reaches the terminals below New Orleans and no further. The I-10 bridge at Baton Rouge is above the fairway's end. Before the fairway, New Orleans snapped to Lake Pontchartrain, no ship's way to the river. The line should be redrawn from NOAA charts or the Corps' river maps.",
  },
  {
    id: "parana",
    name: "Rio Parana (Parana de las Palmas to Rosario and Puerto General San Martin)",
    kind: "river",
    // The 1:10m coastline draws the Rio de la Plata to the delta front and none of the river:
    // the mouth of the Parana de las Palmas at the end of the Canal Emilio Mitre -> Campana ->
    // Zarate -> Atucha -> the Palmas-Guazu fork -> San Pedro -> Obligado -> Ramallo -> San
    // Nicolas -> Villa Constitucion -> Arroyo Seco -> Rosario (km 420) -> San Lorenzo ->
    // Puerto General San Martin. Points are placed off the towns on the right bank, good to a few
    // kilometres, and cut the river's bends: the line is a third shorter than the river, whose
    // kilometres are counted.
    waypoints: [
      [-34.31, -58.5],
      [-34.287, -58.548],
      [-34.27, -58.62],
      [-34.25, -58.7],
      [-34.23, -58.78],
      [-34.205, -58.86],
      [-34.178, -58.925],
      [-34.14, -58.975],
      [-34.095, -59.015],
      [-34.06, -59.06],
      [-34.02, -59.12],
      [-33.965, -59.195],
      [-33.93, -59.27],
      [-33.88, -59.35],
      [-33.82, -59.44],
      [-33.76, -59.53],
      [-33.705, -59.6],
      [-33.665, -59.645],
      [-33.595, -59.79],
      [-33.535, -59.9],
      [-33.47, -60.0],
      [-33.4, -60.1],
      [-33.33, -60.2],
      [-33.235, -60.315],
      [-33.19, -60.41],
      [-33.15, -60.5],
      [-33.09, -60.55],
      [-33.02, -60.615],
      [-32.955, -60.625],
      [-32.9, -60.665],
      [-32.84, -60.7],
      [-32.77, -60.715],
      [-32.72, -60.725],
    ],
    limits: { max_draft_m: 10.36 },
    limits_source:
      "Bolsa de Comercio de Rosario, 'Situacion actual del Sistema de Navegacion Troncal del Rio Parana' (Sese, Ybanez; from the Latinoconsult / Port Consultants Rotterdam feasibility study): Resolution 1534/2006 allows 'un calado de 10,36 m (34 pies) desde el Oceano hasta Puerto San Martin', depths still maintained; the river is dredged to 36 ft (34 navigable plus 2 of safety) from km 470 to km 50",
    bridges: [
      {
        name: "Zarate-Brazo Largo bridge over the Parana de las Palmas (Zarate)",
        at: [-34.08, -59.035],
        max_air_draft_m: 50,
        source:
          "La Nacion (2024, via infoconstruccion.com.ar): 'El puente tiene una elevacion de 50 metros sobre el nivel de los rios, de esta manera se permite la navegacion de grandes buques en el Parana'; its position on the line is placed above Zarate's port, not sourced",
        verified: true,
      },
      {
        name: "Rosario-Victoria bridge",
        at: [-32.8689, -60.6789],
        max_air_draft_m: 50,
        source:
          "Wikipedia (French, 'Pont Rosario-Victoria', 32 52 08S 60 40 44W): 'La cubierta principal esta a 50 metros sobre el agua'",
        verified: true,
      },
    ],
    limits_verified: true,
    published_length_km: 393,
    // The delta front (km 50), Rosario (km 420), Puerto General San Martin (km 443).
    kilometre_posts: [
      { waypoint: 0, km: 50 },
      { waypoint: 28, km: 420 },
      { waypoint: 32, km: 443 },
    ],
    published_length_source:
      "Trunk-waterway kilometres from km 0 off Buenos Aires: the river from km 50 (Bolsa de Comercio de Rosario: the Rio de la Plata from km 50 to km 239), Rosario at km 420 and Puerto General San Martin 23 km above it (Spanish and English Wikipedia, 'Puerto de Rosario'; Logistics Cluster, 'Argentina Port of Rosario': 'Rosario Port is located at KM 420'), so about 393 km",
    notes:
      "Above Puerto San Martin the channel is 25 ft to Santa Fe and is not drawn. The Zarate-Brazo Largo bridge (above Campana) and the Rosario-Victoria bridge (between Rosario and San Lorenzo) bind the ends above them, 50 m each; the datum of either figure is not given. Ships for the Up-River ports come up the Canal Punta Indio and the Canal Intermedio (passage rio-de-la-plata, across the middle estuary, which is closed water) and the Canal Emilio Mitre: from the channels' inner end off La Plata to the delta front the router crosses the upper estuary, which the coastline draws as open water, by the shortest way over its shallows, not along the Canal de Acceso and the Mitre. Some bulk carriers come up the Parana Guazu instead (km 232 to 124), which is not drawn.",
  },
  {
    id: "yangtze",
    name: "Yangtze River (Zhenjiang to Nanjing)",
    kind: "river",
    // The 1:10m coastline draws the Yangtze from the sea to below Zhenjiang (about 119.63E), with
    // the Sutong Bridge's gate on the way: the drawn river's end -> Zhenjiang -> Yizheng ->
    // Longtan -> south of Baguazhou -> off Nanjing's Xiaguan wharves below the Nanjing Yangtze
    // River Bridge. Points are estimates off the towns, good to about 2 km; no kilometre of this
    // stretch was found, so the line counts as drawn.
    waypoints: [
      [32.225, 119.665],
      [32.205, 119.635],
      [32.215, 119.6],
      [32.23, 119.52],
      [32.235, 119.45],
      [32.24, 119.35],
      [32.235, 119.25],
      [32.235, 119.18],
      [32.21, 119.1],
      [32.18, 119.03],
      [32.165, 118.95],
      [32.15, 118.88],
      [32.13, 118.8],
      [32.105, 118.755],
    ],
    limits: { max_draft_m: 12.5 },
    limits_source:
      "China Daily (2018-05-09, via Jiangsu's provincial news site), quoting the Ministry of Transport: 'The 12.5-meter-deep waterway runs for 431 kilometers' from Nanjing to the estuary and 'allows vessels of more than 50,000 metric tons to pass'; The Waterways Journal (2018-05-14): the last 12.5 m section, between Nantong Tiansheng Port and Nanjing Xinshengang Port (227 km apart), opened for trial operation",
    limits_verified: true,
    notes:
      "The draught limit is the channel's depth, as for the other fairways; ships of 100,000 t reach Nanjing on the tide. Of the bridges above the Sutong Bridge only the Jiangyin Bridge (50 m, a gated passage below the fairway) is catalogued; the Shanghai-Nantong, Taizhou, Runyang, Wufengshan and Nanjing bridges are not. The ports above the Nanjing Yangtze River Bridge are not drawn.",
  },
  {
    id: "seine",
    name: "Seine (Honfleur to Rouen)",
    kind: "river",
    // The 1:10m coastline draws the estuary to the Pont de Normandie and a broken strip above it:
    // off Honfleur -> under the Pont de Normandie -> the training walls -> the Pont de Tancarville
    // -> Port-Jerome -> Aizier -> Villequier -> Caudebec and the Pont de Brotonne -> Le Trait ->
    // round the Jumieges loop -> Duclair -> down the Roumare loop to La Bouille -> Grand-Couronne
    // -> Petit-Couronne -> Rouen, below the Pont Gustave-Flaubert. Points are placed off the
    // towns, good to a couple of kilometres, and cut the loops' curves: the line is a fifth
    // shorter than the published channel, which is counted.
    waypoints: [
      [49.435, 0.235],
      [49.447, 0.29],
      [49.455, 0.35],
      [49.465, 0.42],
      [49.472, 0.465],
      [49.468, 0.52],
      [49.455, 0.58],
      [49.44, 0.62],
      [49.47, 0.655],
      [49.505, 0.68],
      [49.522, 0.725],
      [49.515, 0.755],
      [49.49, 0.79],
      [49.468, 0.815],
      [49.445, 0.835],
      [49.415, 0.855],
      [49.43, 0.88],
      [49.465, 0.89],
      [49.485, 0.885],
      [49.46, 0.92],
      [49.42, 0.93],
      [49.38, 0.935],
      [49.352, 0.94],
      [49.355, 0.98],
      [49.37, 1.005],
      [49.395, 1.03],
      [49.42, 1.045],
      [49.442, 1.065],
    ],
    limits: { max_draft_m: 11.7, max_draft_down_m: 11.3, max_air_draft_m: 50 },
    limits_source:
      "Draught: DREAL Normandie, 'Amelioration des acces nautiques du chenal du port de Rouen': ships of 11.30 m draught going down and 11.70 m going up for 97% of tides, the works finished in 2018; Mer et Marine (2019): 'les tirants d'eau des navires passent a 11,30 m a la descente vers la mer et a 11,70 m lors de la montee vers Rouen'. Air draught: Tours in Normandy, 'C'est quoi un pont au format maritime': 'Les trois ponts offrent un tirant d'air de 50 metres en leur milieu' (the Tancarville, Brotonne and Normandie bridges), a secondary source",
    limits_verified: true,
    published_length_km: 120,
    published_length_source:
      "Mer et Marine (2019): 'le chenal de la Seine, long de 120 km entre Rouen et Honfleur'; L'Usine Nouvelle (2014): 'le chenal de navigation (120 kilometres) de l'estuaire de la Seine jusqu'a Rouen'",
    notes:
      "Two draught limits: 11.70 m for a ship sailing up to a port on the fairway, 11.30 m for one sailing down from it (to the sea, or to a port lower on the fairway). Every port on the fairway (Port-Jerome, Radicatel, Le Trait, Rouen's terminals) lies above all three bridges, so their 50 m binds every end on it; Honfleur is in the drawn estuary and is not held to it. The Pont Gustave-Flaubert (a lift bridge) and the bridges above it in Rouen are not drawn.",
  },
  {
    id: "hooghly",
    name: "Hooghly River (Hugli Point to the Kolkata Dock System)",
    kind: "river",
    // The 1:10m coastline draws the estuary past Haldia and Diamond Harbour to Hugli Point, where
    // the Rupnarayan comes in: off Nurpur -> Falta -> Uluberia -> Budge Budge -> Garden Reach ->
    // the Kolkata Dock System (22 32 53N 88 18 05E, the port's own position). Points between are
    // estimates, good to about a kilometre; no river length was found for this stretch, so it
    // counts as drawn: 19.2 nm to off Budge Budge, against 'about 21 miles above Hugli Point'.
    waypoints: [
      [22.205, 88.085],
      [22.24, 88.1],
      [22.295, 88.125],
      [22.35, 88.135],
      [22.41, 88.12],
      [22.465, 88.12],
      [22.472, 88.15],
      [22.47, 88.175],
      [22.49, 88.2],
      [22.515, 88.225],
      [22.535, 88.255],
      [22.543, 88.28],
      [22.546, 88.3],
    ],
    limits: { max_draft_m: 8.7 },
    limits_source:
      "BIMCO, ports database, Kolkata, 'Access and navigation: entrance': 'June to October: at High Water Springs by vessels drawing 8.7 m draft and at High Water Neaps by vessels drawing 8 m; October to June: by vessels drawing between 6.7 to 8.2 m draft', drafts set by the governing bars and forecast monthly by the port",
    limits_verified: true,
    notes:
      "8.7 m is the most the river takes in any season; from October to June it takes 6.7-8.2 m, which is not applied (no season is kept for fairways). Kolkata Port: the Pilotage distance to Kolkata is 223 km, 148 of them river. The Sailing Directions (as quoted by sea-seek.com): the port extends from Budge Budge, about 21 miles above Hugli Point; the Howrah Bridge, 15 miles above Budge Budge, is the upper limit for ocean-going ships. Haldia (22 02N 88 06E, 104 km below Kolkata, Wikipedia) is in the drawn estuary, and Kolkata routes 81 km further from the sea than Haldia: the line cuts the river's bends, by about 20 km, and no length of the fairway's stretch alone was found to count instead; Haldia to Kolkata is routed through the estuary's water to the fairway's first point (RouteEnds.nearEndsWay), not out to the wide estuary and back.",
  },
  {
    id: "guadalquivir",
    name: "Guadalquivir (Sanlucar de Barrameda to the Port of Seville)",
    kind: "river",
    // The 1:10m coastline draws the mouth off Sanlucar and two broken strips of the river above
    // it: the mouth -> Bonanza -> along the drawn strips to about 36 55N 6 13W -> up the marshes
    // past Isla Minima and Coria del Rio -> the Seville lock -> the Canal de Alfonso XIII -> the
    // port (37 21 18N 5 59 41W, Wikipedia). The first eight points follow the drawn river; those
    // above are estimates, off by up to a few kilometres where the river meanders, and the line
    // is shorter than the 90 km published, which is counted.
    waypoints: [
      [36.795, -6.37],
      [36.82, -6.345],
      [36.845, -6.34],
      [36.87, -6.35],
      [36.89, -6.335],
      [36.91, -6.3],
      [36.915, -6.25],
      [36.92, -6.21],
      [36.96, -6.19],
      [37.01, -6.16],
      [37.06, -6.13],
      [37.11, -6.1],
      [37.16, -6.08],
      [37.21, -6.07],
      [37.26, -6.06],
      [37.3, -6.05],
      [37.325, -6.025],
      [37.345, -6.0],
      [37.355, -5.995],
    ],
    limits: { max_draft_m: 7.2 },
    limits_source:
      "Autoridad Portuaria de Sevilla's draught scale for the Eurovia del Guadalquivir (puertosymas.com and ptc.mx, reporting the port's announcement): 'un calado de entrada de 7 - 7,20 metros', by the day's tidal coefficient; 'cualquier dia del ano, los buques pueden acceder con un minimo de siete metros de calado'",
    limits_verified: true,
    published_length_km: 90,
    published_length_source:
      "puertosymas.com, reporting the Autoridad Portuaria de Sevilla: 'Desde el Atlantico, en Sanlucar de Barrameda, y tras recorrer 90 kilometros, se llega a las instalaciones portuarias de la ciudad' (Spanish Wikipedia gives 70 and 90 km in different versions; Diario de Sevilla, 89 km)",
    notes:
      "Ships enter the port by the Seville lock (the only sea lock in Spain); its dimensions are not applied. The Puente del Centenario crosses the port's basin; its clearance was not found in a stored source and is not applied.",
  },
  {
    id: "shatt-al-arab",
    name: "Shatt al-Arab / Arvand Rud (the mouth to Khorramshahr)",
    kind: "river",
    // The 1:10m coastline draws none of the river: Khorramshahr, 42 nm up it, was refused as on
    // land. From the sea to Khorramshahr the Iran-Iraq boundary follows the river's thalweg
    // (Algiers Agreement, 1975), and the line is that boundary as Natural Earth's 1:10m
    // countries draw it (world-atlas countries-10m, the Iran-Iraq arc; vertices about 400 m
    // apart): the drawn water off the mouth -> off Al-Faw (29 58 33N 48 28 20E, Wikipedia) ->
    // round Abadan Island past the Abadan refinery (30.346N 48.275E, Wikipedia) -> off
    // Khorramshahr, where the boundary leaves the river. The line counts as drawn.
    waypoints: [
      [29.955, 48.57],
      [29.961, 48.5303],
      [29.9644, 48.5231],
      [29.9711, 48.4943],
      [29.9796, 48.4799],
      [29.9897, 48.4655],
      [29.9948, 48.4583],
      [30.0015, 48.4547],
      [30.0201, 48.4439],
      [30.0336, 48.4439],
      [30.0842, 48.4223],
      [30.0961, 48.4151],
      [30.1146, 48.3971],
      [30.1383, 48.3827],
      [30.1569, 48.3827],
      [30.1653, 48.3899],
      [30.1721, 48.4007],
      [30.1805, 48.4079],
      [30.1923, 48.4115],
      [30.2025, 48.4079],
      [30.2126, 48.4043],
      [30.221, 48.3971],
      [30.2514, 48.3575],
      [30.2835, 48.3251],
      [30.3122, 48.3071],
      [30.319, 48.2963],
      [30.324, 48.2855],
      [30.324, 48.2711],
      [30.319, 48.2351],
      [30.3173, 48.2243],
      [30.319, 48.2099],
      [30.324, 48.1991],
      [30.3308, 48.1919],
      [30.3409, 48.1883],
      [30.3848, 48.1811],
      [30.4068, 48.1703],
      [30.427, 48.1559],
    ],
    limits: { max_draft_m: 7 },
    limits_source:
      "Khorramshahr port's director-general, Adel Deris (Young Journalists Club, yjc.ir news 5582953, in Persian): for the port to take ships of at least 7 m draught the Arvand must be dredged again, 14 to 15 miles of it to 8-9 m, so that ships of 7 or 8 m can berth; taken as the limit, the river's present controlling depth not being published in a stored source",
    limits_verified: false,
    notes:
      "Khorramshahr Port (Ports and Maritime Organization): 62 nautical miles from the Arvand's mouth to the port, a river pilot compulsory, wrecks of the Iran-Iraq War still in the river (the port's marine information page); the mouth it counts from lies out at the entrance channel, beyond the line's first point (42 nm from the port). A larger ship (146 m by 38 m, reported as '8 m deep', MANA 2016) called once. The river above Khorramshahr to Basra lies wholly in Iraq and is not drawn; Basra's deep-water port is Umm Qasr, on drawn water.",
  },
  {
    id: "danube",
    name: "Maritime Danube (the Sulina Channel to Braila)",
    kind: "river",
    // The 1:10m coastline draws none of the delta: Tulcea, Galati and Braila were refused as on
    // land. Sea-going ships come up the Sulina Channel (the Sulina arm, cut from 83.8 km to 71 in
    // 1880-1902, Romanian geographic dictionary) and the Tulcea arm to the main river. The Sulina
    // arm's mouth (45 09 50N 29 43 29E, Wikipedia, in the drawn water) -> the old Sulina
    // lighthouse (45 09 37N 29 40 37E) -> Crisan (45.1801N 29.3515E, Wikipedia) -> Maliuc
    // (45.1764N 29.1114E, Wikipedia) -> Ceatal Sfantu Gheorghe, where the arm leaves the Tulcea arm
    // (45 11 18N 28 53 26E, Wikipedia) -> off Tulcea (an estimate) -> the fork with the Chilia
    // arm at Patlageanca -> up the main river to the Prut's mouth along the Romania-Ukraine
    // boundary, which follows it (Natural Earth 1:10m countries, vertices about 400 m apart) ->
    // off the Port of Galati (45 25N 28 05E, the port's agent) -> Braila. The points between the
    // villages cut the arm's few bends, and those above the Prut are estimates, good to a few
    // kilometres. The line counts as drawn.
    waypoints: [
      [45.1639, 29.7247],
      [45.161, 29.677],
      [45.18, 29.3515],
      [45.1764, 29.1114],
      [45.1883, 28.8906],
      [45.183, 28.8],
      [45.2274, 28.7085],
      [45.2477, 28.5753],
      [45.2781, 28.4925],
      [45.295, 28.4061],
      [45.3085, 28.3701],
      [45.3118, 28.3521],
      [45.3237, 28.3305],
      [45.3473, 28.3125],
      [45.4013, 28.2801],
      [45.4216, 28.2873],
      [45.4402, 28.2657],
      [45.452, 28.2369],
      [45.4503, 28.2153],
      [45.4621, 28.2009],
      [45.44, 28.14],
      [45.415, 28.08],
      [45.38, 28.04],
      [45.33, 28.01],
      [45.28, 27.985],
    ],
    limits: { max_draft_m: 7.32 },
    limits_source:
      "'Dredging on the Lower Danube in Romania' (a journal paper; its abstract): 'The permissible draught of vessels on the Lower Danube is 24 ft (7.32 m)'; Romanian Wikipedia, 'Bratul Sulina': regulated and canalised for sea-going ships of up to 7 m draught",
    limits_verified: true,
    notes:
      "The maritime Danube counts miles up from Sulina: the Port of Galati lies between Mm 76 and Km 160 (Hub Dacia port information), the line 78 nm from the mouth to it; Baedeker (1905) gives Galatz to Sulina 148 km. The Lower Danube is navigable for sea-going ships for its last 175 km, as far as Braila (the same abstract); the line is 87 nm (162 km) to Braila, whose position is an estimate. The Sulina arm is 71.7 km long (Spanish Wikipedia). Izmail and Kiliya, on the Chilia arm, are reached by the Bystroe fairway (below).",
  },
  {
    id: "bystroe",
    name: "Danube-Black Sea Deep Water Fairway (the Bystroe mouth to Izmail)",
    kind: "river",
    // Ukraine's way to its Danube ports, up the Bystroe mouth and the Chilia (Kiliya) arm, which
    // the 1:10m coastline does not draw: Izmail was 9 nm from the maritime Danube's line and
    // was snapped over land onto it. The drawn water off the Bystroe mouth -> west up the mouth,
    // "about 9 km east to the Black Sea" from its branching (German Wikipedia, 'Bystre-Kanal';
    // these two points are estimates, good to a couple of km) -> up the Starostambulsk arm and
    // the Chilia arm past Vilkove and Kiliya to off Izmail, along the Romania-Ukraine boundary,
    // which follows both arms (Natural Earth 1:10m countries, vertices about 400 m apart). The
    // fairway goes on to Izmail Chatal, the fork with the Tulcea arm, and up the main river to
    // Reni: the maritime Danube's line (above) draws those, and from the fork the Sulina
    // Channel's way to the sea is the shorter. The line counts as drawn.
    waypoints: [
      [45.33, 29.775],
      [45.33, 29.66],
      [45.3456, 29.6517],
      [45.3608, 29.6265],
      [45.3946, 29.5689],
      [45.43, 29.4321],
      [45.4351, 29.3529],
      [45.4385, 29.3457],
      [45.4419, 29.3313],
      [45.4435, 29.3205],
      [45.4402, 29.3133],
      [45.4334, 29.3061],
      [45.4284, 29.2989],
      [45.425, 29.2917],
      [45.4216, 29.2809],
      [45.4216, 29.2593],
      [45.425, 29.2449],
      [45.4233, 29.2269],
      [45.4148, 29.2053],
      [45.4064, 29.1909],
      [45.3996, 29.1837],
      [45.3912, 29.1801],
      [45.3895, 29.1729],
      [45.3878, 29.1513],
      [45.3844, 29.1405],
      [45.3743, 29.1261],
      [45.3693, 29.1117],
      [45.3608, 29.0685],
      [45.3304, 29.0181],
      [45.3253, 29.0037],
      [45.3253, 28.9821],
      [45.3237, 28.9749],
      [45.3203, 28.9677],
      [45.3118, 28.9605],
      [45.2916, 28.9569],
      [45.2848, 28.9533],
      [45.2798, 28.9317],
      [45.2882, 28.9101],
      [45.3, 28.8921],
      [45.3068, 28.8813],
      [45.3085, 28.8597],
      [45.322, 28.8309],
      [45.3253, 28.8165],
    ],
    limits: { max_draft_m: 6.5 },
    limits_source:
      "Port of Izmail's order, as reported from the Ministry for Communities, Territories and Infrastructure Development (news.meta.ua, in Ukrainian): a passing draught of 6.5 m from km 0 of the Bystroe mouth to km 77 of the Kiliya arm and 7 m from km 77 to km 116 (the lower, binding every port on the line, is applied); the fairway's state enterprise gave 5.85 m for its first phase, operated since 2008 (delta-pilot.ua, 'Technical characteristics')",
    limits_verified: true,
    notes:
      "The fairway's state enterprise (delta-pilot.ua, 'Technical characteristics') counts it from the sea: the Bystroe mouth at km 1.534, Vilkovo km 20.555, Izmail Chatal km 116, Reni km 170.36 (172.36 km in all); the line measures 19.3 km from its first point to Vilkove and 91.7 km from Vilkove to the fork, its last 12 nm above Izmail not drawn. The marine approach canal off the mouth (3.4 km, one-way) is sailed as open water.",
  },
];

export const PASSAGE_IDS: readonly string[] = PASSAGES.map((p) => p.id);

/**
 * Canals and river fairways are land in coastline data by design: legs through them are exempt
 * from land checks.
 */
export const OVERLAND_PASSAGE_IDS: ReadonlySet<string> = new Set(
  PASSAGES.filter((p) => p.kind !== "strait").map((p) => p.id),
);
