#!/usr/bin/env bash
# Writes the GRIB2 test fixtures in tests/fixtures/grib/ and, next to each file, what ECMWF's own
# decoder (ecCodes) reads from it: <file>.json with the keys from `grib_ls -j` and every grid
# point from `grib_get_data`. The decoder tests in services/weather/grib/ compare against these.
#
# Needs Debian's libeccodes-tools (grib_filter, grib_ls, grib_get_data), and for complex packing
# with spatial differencing also libg2c-dev and a C compiler: ecCodes 2.28 (Debian 12) writes
# template 5.3 only with "order 0" (no differencing at all), so those fields are re-encoded with
# NCEP's g2c library, the encoder behind GFS/GEFS files, and then read back with ecCodes.
#
#   apt-get install -y libeccodes-tools libg2c-dev gcc
#   bash scripts/make-grib-fixtures.sh
#
# The output is deterministic (same tools, same bytes); the fields are smooth synthetic weather,
# not forecasts.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in grib_filter grib_ls grib_get_data grib_set codes_info gcc awk; do
  command -v "$tool" >/dev/null || {
    echo "missing $tool: apt-get install -y libeccodes-tools libg2c-dev gcc" >&2
    exit 1
  }
done
[ -x node_modules/.bin/biome ] || {
  echo "missing node_modules/.bin/biome (formats the JSON as the linter wants): npm ci" >&2
  exit 1
}
[ -f /usr/include/grib2.h ] || {
  echo "missing NCEP g2c headers: apt-get install -y libg2c-dev" >&2
  exit 1
}

out=tests/fixtures/grib
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
samples=$(codes_info -s)
sample2="$samples/GRIB2.tmpl"

# --- the g2c re-encoder ---------------------------------------------------------------------------
# g2repack OUT IN:DRT:MISSING...: one message holding the first field of every IN (sections 4-7
# repeat for the second and later fields; all must share IN #1's grid). DRT is 2 (complex packing),
# 31 or 32 (complex packing with spatial differencing of order 1 or 2). MISSING is "bitmap" (keep
# the input's bitmap, section 6) or "substitute" (no bitmap: missing points carry the primary
# missing value substitute inside the packed data, missing value management 1).
cat >"$work/g2repack.c" <<'EOF'
#include <grib2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned char *slurp(const char *path, long *len) {
  FILE *f = fopen(path, "rb");
  if (!f) { perror(path); exit(1); }
  fseek(f, 0, SEEK_END);
  *len = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *buf = malloc(*len);
  if (fread(buf, 1, *len, f) != (size_t)*len) { perror(path); exit(1); }
  fclose(f);
  return buf;
}

int main(int argc, char **argv) {
  if (argc < 3) { fprintf(stderr, "usage: g2repack OUT IN:DRT:MISSING...\n"); return 2; }
  long cap = 65536;
  for (int a = 2; a < argc; a++) {
    char path[4096];
    strncpy(path, argv[a], sizeof path - 1);
    path[sizeof path - 1] = 0;
    *strchr(path, ':') = 0;
    long l;
    free(slurp(path, &l));
    cap += 16 * l + 65536;
  }
  unsigned char *out = calloc(1, cap);
  for (int a = 2; a < argc; a++) {
    char spec[4096];
    strncpy(spec, argv[a], sizeof spec - 1);
    spec[sizeof spec - 1] = 0;
    char *drtText = strchr(spec, ':');
    *drtText++ = 0;
    char *missing = strchr(drtText, ':');
    *missing++ = 0;
    int drt = atoi(drtText);
    long len;
    unsigned char *in = slurp(spec, &len);
    gribfield *g = NULL;
    if (g2_getfld(in, 1, 1, 1, &g) != 0) { fprintf(stderr, "g2_getfld failed: %s\n", spec); return 1; }
    if (a == 2) {
      g2int sec0[2] = {g->discipline, 2};
      if (g2_create(out, sec0, g->idsect) < 0) return 1;
      if (g->locallen > 0 && g2_addlocal(out, g->local, g->locallen) < 0) return 1;
      g2int igds[5] = {g->griddef, g->ngrdpts, g->numoct_opt, g->interp_opt, g->igdtnum};
      if (g2_addgrid(out, igds, g->igdtmpl, g->list_opt, g->num_opt) < 0) return 1;
    }
    g2int tmpl[18] = {0};
    tmpl[1] = g->idrtmpl[1]; /* binary and decimal scale factors: keep the input's precision */
    tmpl[2] = g->idrtmpl[2];
    tmpl[16] = drt == 2 ? 0 : drt - 30;
    g2int ibmap = g->ibmap;
    if (strcmp(missing, "substitute") == 0 && g->ibmap == 0) {
      float substitute = 9999.0f;
      int bits;
      memcpy(&bits, &substitute, 4);
      tmpl[6] = 1;
      tmpl[7] = bits;
      for (g2int i = 0; i < g->ngrdpts; i++) if (!g->bmap[i]) g->fld[i] = substitute;
      ibmap = 255;
    }
    g2int ret = g2_addfield(out, g->ipdtnum, g->ipdtmpl, NULL, 0, drt == 2 ? 2 : 3, tmpl, g->fld,
                            g->ngrdpts, ibmap, g->bmap);
    if (ret < 0) { fprintf(stderr, "g2_addfield failed (%ld): %s\n", (long)ret, spec); return 1; }
    g2_free(g);
    free(in);
  }
  g2int total = g2_gribend(out);
  if (total < 0) { fprintf(stderr, "g2_gribend failed\n"); return 1; }
  FILE *f = fopen(argv[1], "wb");
  if (!f || fwrite(out, 1, total, f) != (size_t)total) { perror(argv[1]); return 1; }
  fclose(f);
  return 0;
}
EOF
gcc -O2 -o "$work/g2repack" "$work/g2repack.c" -lg2c -lm

# --- synthetic fields -----------------------------------------------------------------------------
# values NAME NI NJ LAT1 LON1 DLAT DLON [columns]: NI*NJ comma-separated values in scan order (rows
# of NI points from LAT1/LON1, steps signed by scan direction; with "columns", columns of NJ points
# for the scanning modes whose j points are consecutive; with "pl:N1,N2,...", NJ rows of N1, N2...
# points evenly round the globe from LON1, a quasi-regular grid; with "points:FILE", at the
# "lat lon" pairs of FILE, one a line); 9999 marks a missing point.
values() {
  awk -v name="$1" -v ni="$2" -v nj="$3" -v lat1="$4" -v lon1="$5" -v dlat="$6" -v dlon="$7" \
    -v columns="${8:-}" '
    function rad(d) { return d * 3.141592653589793 / 180 }
    function wrap(d) { d = (d + 540) % 360; return d - 180 }
    # A cyclone centred at (clat, clon) in a westerly flow: component 1 = u, 2 = v (m/s).
    function cyclone(lat, lon, clat, clon, comp,   dx, dy, r, vt) {
      dx = wrap(lon - clon) * cos(rad(lat)); dy = lat - clat; r = sqrt(dx * dx + dy * dy) + 1e-9
      vt = 18 * (r / 5) * exp(1 - r / 5)
      return comp == 1 ? 7 - vt * dy / r : vt * dx / r
    }
    # New Zealand as an ellipse: the land mask of the regional wave grid.
    function nz(lat, lon) { return ((lat + 41) / 5.5) ^ 2 + (wrap(lon - 173.5) / 2.5) ^ 2 < 1 }
    # Crude continents for the global grid (ellipses in degrees), plus Antarctica.
    function land(lat, lon,   e, n, clat, clon, alat, alon) {
      if (lat < -72) return 1
      n = split("5 20 30 25|45 85 30 55|45 260 22 30|-15 300 25 15|-25 135 10 17|72 318 10 15", e, "|")
      for (k = 1; k <= n; k++) {
        split(e[k], p, " "); clat = p[1]; clon = p[2]; alat = p[3]; alon = p[4]
        if (((lat - clat) / alat) ^ 2 + (wrap(lon - clon) / alon) ^ 2 < 1) return 1
      }
      return 0
    }
    function field(lat, lon) {
      if (name == "u10_t6") return cyclone(lat, lon, 50, 0, 1)
      if (name == "v10_t6") return cyclone(lat, lon, 50, 0, 2)
      if (name == "u10_t12") return cyclone(lat, lon, 51, 4, 1)
      if (name == "v10_t12") return cyclone(lat, lon, 51, 4, 2)
      if (name == "hs_nz") return nz(lat, lon) ? 9999 : 2 + 1.6 * exp(-((lat + 47) / 6) ^ 2) + 0.4 * sin(rad(3 * lon))
      if (name == "perpw_nz") return nz(lat, lon) ? 9999 : 9 + 2.5 * exp(-((lat + 47) / 6) ^ 2) + 0.5 * cos(rad(2 * lon))
      if (name == "dirpw_nz") return nz(lat, lon) ? 9999 : 235 + 25 * sin(rad(4 * lat)) + 10 * cos(rad(2 * lon))
      if (name == "swell_nz") return nz(lat, lon) ? 9999 : 1.2 + 1.1 * exp(-((lat + 48) / 5) ^ 2) + 0.2 * cos(rad(5 * lon))
      if (name == "swper_nz") return nz(lat, lon) ? 9999 : 11 + 2 * exp(-((lat + 48) / 5) ^ 2) + 0.6 * sin(rad(2 * lon))
      # Swell from just west of north to just east of north: values on both sides of 0/360.
      if (name == "swdir_nz") return nz(lat, lon) ? 9999 : (360 + 12 * sin(rad(9 * (lat + 40))) + 6 * cos(rad(4 * lon))) % 360
      if (name == "uo_med") return 0.35 + 0.25 * sin(rad(18 * wrap(lon))) * cos(rad(25 * (lat - 33)))
      if (name == "vo_med") return 0.12 * cos(rad(18 * wrap(lon))) - 0.05 * sin(rad(30 * (lat - 30)))
      if (name == "hs_global") return land(lat, lon) ? 9999 : 1.4 + 3.2 * exp(-((lat + 52) / 12) ^ 2) + 2.2 * exp(-((lat - 55) / 10) ^ 2) * (0.55 + 0.45 * cos(rad(lon - 330))) + 0.3 * sin(rad(2 * lon))
      # The bench global 0.25 deg field: the zonal wind plus small-scale structure, so that the
      # packings compress it about as hard as a real field rather than a smooth one.
      if (name == "bench_global") return -9 * cos(rad(3 * lat)) + 2.5 * sin(rad(2 * lon)) * cos(rad(lat)) + 1.5 * sin(rad(7.3 * lat + 5.1 * lon)) * cos(rad(11.7 * lon)) + 0.4 * sin(rad(lat * lon * 0.37)) + 0.2 * cos(rad(97 * lat + 131 * lon))
      if (name == "u10_global") return -9 * cos(rad(3 * lat)) + 2.5 * sin(rad(2 * lon)) * cos(rad(lat))
      if (name == "u10_ens") return cyclone(lat, lon, 40, 320, 1) + 1.3
      if (name == "wind_max_ens") return sqrt(cyclone(lat, lon, 40, 320, 1) ^ 2 + cyclone(lat, lon, 40, 320, 2) ^ 2) * 1.25
      if (name == "hs_avg") return 1.8 + 0.9 * cos(rad(8 * (lat - 40))) + 0.3 * sin(rad(10 * lon))
      if (name == "v10_minutes") return cyclone(lat, lon, 40, 320, 2) - 0.7
      # Ingest cycle: member m (name suffix) of a cyclone whose centre moves with the step (h).
      if (name ~ /^cyc_/) {
        split(name, q, "_"); m = q[3]; h = q[4]
        clat = 40 + 0.4 * m + h / 12; clon = 320 + h / 3 - 0.5 * m
        if (q[2] == "u") return cyclone(lat, lon, clat, clon, 1)
        if (q[2] == "v") return cyclone(lat, lon, clat, clon, 2)
        if (q[2] == "hs") return 1.5 + 0.022 * (cyclone(lat, lon, clat, clon, 1) ^ 2 + cyclone(lat, lon, clat, clon, 2) ^ 2) ^ 0.75
      }
      # Sea ice concentration: pack ice north of ~77N, a marginal zone, open water to the south.
      if (name == "icec") { c = (lat - 74 + 1.5 * sin(rad(6 * lon))) / 4; return c < 0 ? 0 : c > 1 ? 1 : c }
      print "unknown field " name > "/dev/stderr"; exit 1
    }
    BEGIN {
      OFMT = "%.6f"
      n = 0
      if (columns ~ /^points:/) {
        while ((getline line < substr(columns, 8)) > 0) {
          split(line, q, " ")
          printf "%s%.6f", n++ ? "," : "", field(q[1], q[2])
        }
      } else if (columns ~ /^pl:/) {
        split(substr(columns, 4), pl, ",")
        for (j = 0; j < nj; j++)
          for (i = 0; i < pl[j + 1]; i++)
            printf "%s%.6f", n++ ? "," : "", field(lat1 + j * dlat, lon1 + i * 360 / pl[j + 1])
      } else if (columns == "columns") {
        for (i = 0; i < ni; i++)
          for (j = 0; j < nj; j++)
            printf "%s%.6f", n++ ? "," : "", field(lat1 + j * dlat, lon1 + i * dlon)
      } else {
        for (j = 0; j < nj; j++)
          for (i = 0; i < ni; i++)
            printf "%s%.6f", n++ ? "," : "", field(lat1 + j * dlat, lon1 + i * dlon)
      }
    }'
}

# grid NI NJ LAT1 LON1 LAT2 LON2 DI DJ SCANNING_MODE: grib_filter statements of a regular lat/lon grid.
grid() {
  cat <<EOF
set Ni = $1;
set Nj = $2;
set scanningMode = $9;
set latitudeOfFirstGridPointInDegrees = $3;
set longitudeOfFirstGridPointInDegrees = $4;
set latitudeOfLastGridPointInDegrees = $5;
set longitudeOfLastGridPointInDegrees = $6;
set iDirectionIncrementInDegrees = $7;
set jDirectionIncrementInDegrees = $8;
EOF
}

# param DISCIPLINE CATEGORY NUMBER LEVEL_TYPE [LEVEL]: the parameter and its level.
param() {
  echo "set discipline = $1; set parameterCategory = $2; set parameterNumber = $3;"
  echo "set typeOfFirstFixedSurface = $4;"
  if [ $# -ge 5 ]; then
    echo "set scaleFactorOfFirstFixedSurface = 0; set scaledValueOfFirstFixedSurface = $5;"
  else
    echo "set scaleFactorOfFirstFixedSurface = missing(); set scaledValueOfFirstFixedSurface = missing();"
  fi
}

# filter OUT: run grib_filter on ecCodes' GRIB2 sample with the rules on stdin; append the message to OUT.
filter() {
  cat >"$work/rules"
  grib_filter -o "$work/one.grib2" "$work/rules" "$sample2"
  cat "$work/one.grib2" >>"$1"
  rm -f "$work/one.grib2"
}

# field_rules VALUES DECIMAL_SCALE [bitmap]: pack VALUES to 10^-DECIMAL_SCALE (ecCodes picks the
# bits per value); with "bitmap", points of value 9999 go into the bitmap as missing.
field_rules() {
  echo "set decimalScaleFactor = $2;"
  echo "set bitsPerValue = 0;"
  if [ "${3:-}" = bitmap ]; then
    echo "set bitmapPresent = 1;"
    echo "set missingValue = 9999;"
  fi
  echo "set values = {$1};"
  echo "write;"
}

common_time() { # REF_DATE REF_TIME FORECAST_HOURS
  echo "set dataDate = $1; set dataTime = $2; set indicatorOfUnitOfTimeRange = 1; set forecastTime = $3;"
}

rm -f "$out"/*.grib2 "$out"/*.grib1 "$out"/*.json
rm -rf "$out/cycle"

# 1. Simple packing (5.0), north to south (scanning mode 0), 1 deg, 60N-40N x 350E-10E across the
#    0 meridian: 10 m wind components of a moving cyclone at +6 h and +12 h (0.01 m/s precision).
f="$out/wind-n2s-simple.grib2"
for step in 6 12; do
  for comp in u v; do
    number=$([ $comp = u ] && echo 2 || echo 3)
    {
      echo "set centre = 7;"
      param 0 2 "$number" 103 10
      common_time 20240115 1200 "$step"
      grid 21 21 60 350 40 10 1 1 0
      field_rules "$(values "${comp}10_t$step" 21 21 60 350 -1 1)" 2
    } | filter "$f"
  done
done

# 2. The same +6 h u-component, south to north (scanning mode 64): one field, two scan orders.
{
  echo "set centre = 7;"
  param 0 2 2 103 10
  common_time 20240115 1200 6
  grid 21 21 40 350 60 10 1 1 64
  field_rules "$(values u10_t6 21 21 40 350 1 1)" 2
} | filter "$out/wind-s2n-simple.grib2"

# 3. Simple packing with a bitmap, south to north, 1 deg, 50S-30S x 170E-170W across the
#    antimeridian; New Zealand masked. Hs (0.01 m), primary wave period and direction, swell.
f="$out/waves-s2n-bitmap.grib2"
while read -r cat number level name scale; do
  {
    echo "set centre = 7;"
    # shellcheck disable=SC2086 # level is "1" (surface) or "241:1" (first swell partition)
    param 10 "$cat" "$number" ${level/:/ }
    common_time 20240115 0600 0
    grid 21 21 -50 170 -30 190 1 1 64
    field_rules "$(values "$name" 21 21 -50 170 1 1)" "$scale" bitmap
  } | filter "$f"
done <<'EOF'
0 3 1 hs_nz 2
0 11 1 perpw_nz 2
0 10 1 dirpw_nz 1
0 8 241:1 swell_nz 2
EOF

# 4. Simple packing scanning west (-i): 36N-30N x 10E-10W (across 0), surface currents (0.001 m/s).
#    u scans -i -j (mode 128), v scans -i +j (mode 192): two scan orders of the same grid.
f="$out/currents-west-scan.grib2"
{
  echo "set centre = 7;"
  param 10 1 2 160 0
  common_time 20240115 0000 3
  grid 21 7 36 10 30 350 1 1 128
  field_rules "$(values uo_med 21 7 36 10 -1 -1)" 3
} | filter "$f"
{
  echo "set centre = 7;"
  param 10 1 3 160 0
  common_time 20240115 0000 3
  grid 21 7 30 10 36 350 1 1 192
  field_rules "$(values vo_med 21 7 30 10 1 -1)" 3
} | filter "$f"

# 5. Global 2.5 deg (144 x 73, 90N to 90S), complex packing with spatial differencing (g2c):
#    Hs with a land bitmap at order 2, 10 m u-wind at order 1.
{
  echo "set centre = 98;"
  param 10 0 3 1
  common_time 20240301 0000 24
  grid 144 73 90 0 -90 357.5 2.5 2.5 0
  field_rules "$(values hs_global 144 73 90 0 -2.5 2.5)" 2 bitmap
} | filter "$work/hs_global.grib2"
{
  echo "set centre = 98;"
  param 0 2 2 103 10
  common_time 20240301 0000 24
  grid 144 73 90 0 -90 357.5 2.5 2.5 0
  field_rules "$(values u10_global 144 73 90 0 -2.5 2.5)" 1
} | filter "$work/u10_global.grib2"
"$work/g2repack" "$work/a.grib2" "$work/hs_global.grib2:32:bitmap"
"$work/g2repack" "$work/b.grib2" "$work/u10_global.grib2:31:bitmap"
cat "$work/a.grib2" "$work/b.grib2" >"$out/global-2p5-complex.grib2"

# 6. One message with three fields (sections 4-7 repeated, g2c) on the regional wave grid: swell
#    height (5.3 order 2, bitmap), swell period (5.3 order 1, missing values as substitutes inside
#    the data, no bitmap), swell direction (5.2, bitmap); then a second, single-field message.
for spec in "8 swell_nz 2" "9 swper_nz 2" "7 swdir_nz 1"; do
  read -r number name scale <<<"$spec"
  {
    echo "set centre = 7;"
    param 10 0 "$number" 241 1
    common_time 20240115 0600 0
    grid 21 21 -50 170 -30 190 1 1 64
    field_rules "$(values "$name" 21 21 -50 170 1 1)" "$scale" bitmap
  } | filter "$work/$name.grib2"
done
"$work/g2repack" "$work/multi.grib2" \
  "$work/swell_nz.grib2:32:bitmap" "$work/swper_nz.grib2:31:substitute" "$work/swdir_nz.grib2:2:bitmap"
{
  echo "set centre = 7;"
  param 10 0 3 1
  common_time 20240115 0600 0
  grid 21 21 -50 170 -30 190 1 1 64
  field_rules "$(values hs_nz 21 21 -50 170 1 1)" 2 bitmap
} | filter "$work/hs_nz.grib2"
"$work/g2repack" "$work/single.grib2" "$work/hs_nz.grib2:32:substitute"
cat "$work/multi.grib2" "$work/single.grib2" >"$out/multi-field-complex.grib2"

# 7. Product templates: 4.1 (ensemble member 7 of 31, positively perturbed), 4.11 (the same member,
#    maximum wind over 18-24 h), 4.8 (average Hs over 0-6 h), and 4.0 with the forecast time in
#    minutes. 1 deg, 45N-35N x 315E-325E, north to south.
f="$out/ensemble-products.grib2"
ens_grid() { grid 11 11 45 315 35 325 1 1 0; }
{
  echo "set centre = 7;"
  param 0 2 2 103 10
  echo "set productDefinitionTemplateNumber = 1;"
  echo "set typeOfEnsembleForecast = 3; set perturbationNumber = 7; set numberOfForecastsInEnsemble = 31;"
  common_time 20240110 1800 24
  ens_grid
  field_rules "$(values u10_ens 11 11 45 315 -1 1)" 2
} | filter "$f"
{
  echo "set centre = 7;"
  param 0 2 1 103 10
  echo "set dataDate = 20240110; set dataTime = 1800;"
  echo "set productDefinitionTemplateNumber = 11;"
  echo "set typeOfEnsembleForecast = 3; set perturbationNumber = 7; set numberOfForecastsInEnsemble = 31;"
  echo "set typeOfStatisticalProcessing = 2; set stepUnits = 1; set stepRange = \"18-24\";"
  ens_grid
  field_rules "$(values wind_max_ens 11 11 45 315 -1 1)" 2
} | filter "$f"
{
  echo "set centre = 7;"
  param 10 0 3 1
  echo "set dataDate = 20240110; set dataTime = 1800;"
  echo "set productDefinitionTemplateNumber = 8;"
  echo "set typeOfStatisticalProcessing = 0; set stepUnits = 1; set stepRange = \"0-6\";"
  ens_grid
  field_rules "$(values hs_avg 11 11 45 315 -1 1)" 2
} | filter "$f"
{
  echo "set centre = 7;"
  param 0 2 3 103 10
  echo "set dataDate = 20240110; set dataTime = 1800; set indicatorOfUnitOfTimeRange = 0; set forecastTime = 90;"
  ens_grid
  field_rules "$(values v10_minutes 11 11 45 315 -1 1)" 2
} | filter "$f"

# 8. Columns instead of rows (scanning mode bit 3: j points consecutive): sea ice concentration
#    (0.01 precision), 70N-80N x 340E-20E across the 0 meridian, modes 96 (+j) and 32 (-j).
f="$out/ice-columns.grib2"
{
  echo "set centre = 7;"
  param 10 2 0 1
  common_time 20240115 0000 0
  grid 41 11 70 340 80 20 1 1 96
  field_rules "$(values icec 41 11 70 340 1 1 columns)" 2
} | filter "$f"
{
  echo "set centre = 7;"
  param 10 2 0 1
  common_time 20240115 0000 6
  grid 41 11 80 340 70 20 1 1 32
  field_rules "$(values icec 41 11 80 340 -1 1 columns)" 2
} | filter "$f"

# 9. ecCodes' own complex packing of the Hs field of file 3: 5.2, and 5.3 as ecCodes 2.28 writes
#    it (order of spatial differencing 0, i.e. no differences; files like this exist in the wild).
grib_copy -w count=1 "$out/waves-s2n-bitmap.grib2" "$work/hs_simple.grib2"
grib_set -r -s packingType=grid_complex "$work/hs_simple.grib2" "$work/c2.grib2"
grib_set -r -s packingType=grid_complex_spatial_differencing "$work/hs_simple.grib2" "$work/c3.grib2"
cat "$work/c2.grib2" "$work/c3.grib2" >"$out/eccodes-complex.grib2"

# 10. What the decoder must refuse: an edition 1 message (ecCodes' GRIB1 sample).
cp "$samples/GRIB1.tmpl" "$out/unsupported-edition1.grib1"

# 11. ecCodes' own JPEG 2000 (5.40), PNG (5.41) and CCSDS (5.42) packing of fields above, each
#    file one message per variant. repack IN OUT SETTINGS...: OUT gets IN repacked once per
#    SETTINGS (grib_set -r -s, applied in turn: bitsPerValue needs a second pass after the
#    packing type, or ecCodes sizes the data for the old packing).
repack() {
  local in=$1 target=$2
  shift 2
  for settings in "$@"; do
    cp "$in" "$work/step.grib2"
    IFS=';' read -ra passes <<<"$settings"
    for pass in "${passes[@]}"; do
      grib_set -r -s "$pass" "$work/step.grib2" "$work/next.grib2"
      mv "$work/next.grib2" "$work/step.grib2"
    done
    cat "$work/step.grib2" >>"$target"
  done
}
grib_copy -w count=1 "$out/wind-n2s-simple.grib2" "$work/first.grib2"
grib_copy -w count=1 "$out/ice-columns.grib2" "$work/ice.grib2"
# The global Hs of file 5 with its land bitmap, as ecCodes' simple packing.
grib_copy -w count=1 "$work/hs_global.grib2" "$work/hs_global_simple.grib2"

# JPEG 2000: wind (12 bits), Hs with a bitmap, sea ice (many equal values), global Hs.
repack "$work/first.grib2" "$out/jpeg2000.grib2" "packingType=grid_jpeg"
repack "$work/hs_simple.grib2" "$out/jpeg2000.grib2" "packingType=grid_jpeg"
repack "$work/ice.grib2" "$out/jpeg2000.grib2" "packingType=grid_jpeg"
repack "$work/hs_global_simple.grib2" "$out/jpeg2000.grib2" "packingType=grid_jpeg"

# PNG: ecCodes writes grey samples of 8 or 16 bits, RGB for 24 and RGBA for 32 bits per value,
# and for fewer bits grey of that depth.
repack "$work/first.grib2" "$out/png.grib2" "packingType=grid_png" \
  "packingType=grid_png;bitsPerValue=8" "packingType=grid_png;bitsPerValue=24" \
  "packingType=grid_png;bitsPerValue=32" "packingType=grid_png;bitsPerValue=4" \
  "packingType=grid_png;bitsPerValue=2" "packingType=grid_png;bitsPerValue=1"
repack "$work/hs_simple.grib2" "$out/png.grib2" "packingType=grid_png"

# CCSDS: ccsdsFlags (libaec's: 1 signed, 2 3-byte, 4 MSB first, 8 preprocessor, 16 restricted,
# 32 RSI padded to a byte), ccsdsBlockSize (samples per block), ccsdsRsi (blocks per reference
# sample interval) and bits per value in the combinations below. Left out, as ecCodes 2.28 with
# libaec 1.0.6 cannot read them back itself: flag 32 (the encoder is built without RSI padding
# but the flag is written, so the decoder skips bits that were never padded) and 32 bits without
# flag 4 (the samples reach the encoder in the wrong byte order).
repack "$work/first.grib2" "$out/ccsds.grib2" "packingType=grid_ccsds" \
  "packingType=grid_ccsds,ccsdsFlags=6" \
  "packingType=grid_ccsds,ccsdsBlockSize=8,ccsdsRsi=4" \
  "packingType=grid_ccsds,ccsdsBlockSize=16,ccsdsRsi=3" \
  "packingType=grid_ccsds,ccsdsBlockSize=64,ccsdsRsi=2" \
  "packingType=grid_ccsds;bitsPerValue=8" "packingType=grid_ccsds;bitsPerValue=16" \
  "packingType=grid_ccsds;bitsPerValue=17" "packingType=grid_ccsds;bitsPerValue=24" \
  "packingType=grid_ccsds,ccsdsFlags=6;bitsPerValue=24" "packingType=grid_ccsds;bitsPerValue=32" \
  "packingType=grid_ccsds,ccsdsFlags=6;bitsPerValue=32" \
  "packingType=grid_ccsds;bitsPerValue=1" "packingType=grid_ccsds;bitsPerValue=3" \
  "packingType=grid_ccsds,ccsdsFlags=30;bitsPerValue=3" \
  "packingType=grid_ccsds,ccsdsFlags=30;bitsPerValue=2"
repack "$work/ice.grib2" "$out/ccsds.grib2" "packingType=grid_ccsds" \
  "packingType=grid_ccsds,ccsdsBlockSize=8,ccsdsRsi=2" "packingType=grid_ccsds,ccsdsFlags=6"
repack "$work/hs_global_simple.grib2" "$out/ccsds.grib2" "packingType=grid_ccsds" \
  "packingType=grid_ccsds,ccsdsBlockSize=16,ccsdsRsi=32"

# 12. A quasi-regular (reduced) lat/lon grid as ECMWF's wave model writes it (from ecCodes'
#    reduced_ll sample): 5 deg rows from 90N to 90S, each with its own number of points round
#    the globe (none near the poles), Hs with the land in a bitmap; simple packing, then CCSDS.
pl=$(awk 'BEGIN { for (j = 0; j < 37; j++) { lat = 90 - 5 * j
  n = (lat >= 85 || lat <= -85) ? 0 : 2 * int(36 * cos(lat * 3.141592653589793 / 180) + 0.5)
  printf "%s%d", j ? "," : "", n } }')
reduced_values=$(values hs_global 0 37 90 0 -5 0 "pl:$pl")
points=$(echo "$pl" | tr ',' '\n' | awk '{ s += $1 } END { print s }')
{
  echo "set centre = 98;"
  param 10 0 3 1
  common_time 20240301 0000 24
  echo "set Nj = 37; set latitudeOfFirstGridPointInDegrees = 90; set latitudeOfLastGridPointInDegrees = -90;"
  echo "set longitudeOfFirstGridPointInDegrees = 0; set longitudeOfLastGridPointInDegrees = 355;"
  echo "set jDirectionIncrementInDegrees = 5; set pl = {$pl}; set numberOfDataPoints = $points;"
  field_rules "$reduced_values" 2 bitmap
} >"$work/reduced.rules"
grib_filter -o "$work/reduced.grib2" "$work/reduced.rules" "$samples/reduced_ll_sfc_grib2.tmpl"
cat "$work/reduced.grib2" >"$out/reduced-ll.grib2"
repack "$work/reduced.grib2" "$out/reduced-ll.grib2" "packingType=grid_ccsds"

# 12b. Gaussian grids (template 3.40) from ecCodes' own samples (N = 32: 64 rows between the
#     poles at the roots of the Legendre polynomial of degree 64): the regular one (128 points a
#     row) and the quasi-regular one (its points per row, 20 to 128), global Hs with its land in
#     a bitmap, simple packing. The points' positions come from
#     ecCodes (grib_get_data of the sample) and the values from the same field as file 5.
for kind in regular_gg_sfc reduced_gg_pl_32; do
  grib_get_data "$samples/${kind}_grib2.tmpl" | awk 'NR > 1 { print $1, $2 }' >"$work/$kind.points"
  {
    echo "set centre = 98;"
    param 10 0 3 1
    common_time 20240301 0000 24
    field_rules "$(values hs_global 0 0 0 0 0 0 "points:$work/$kind.points")" 2 bitmap
  } >"$work/$kind.rules"
  grib_filter -o "$work/$kind.grib2" "$work/$kind.rules" "$samples/${kind}_grib2.tmpl"
  cat "$work/$kind.grib2" >>"$out/gaussian.grib2"
done

# 13. The bench's input (bench/weather.bench.ts): one global 0.25 deg field (1440 x 721, 90N to
#    90S), 10 m u-wind to 0.01 m/s, in each packing. No JSON: the bench checks the packings
#    against each other.
bench=tests/fixtures/grib/bench
rm -rf "$bench"
mkdir -p "$bench"
{
  echo "set centre = 98;"
  param 0 2 2 103 10
  common_time 20240301 0000 24
  grid 1440 721 90 0 -90 359.75 0.25 0.25 0
  field_rules "$(values bench_global 1440 721 90 0 -0.25 0.25)" 2
} | filter "$bench/global-0p25-simple.grib2"
"$work/g2repack" "$bench/global-0p25-complex.grib2" "$bench/global-0p25-simple.grib2:31:bitmap"
for packing in jpeg png ccsds; do
  grib_set -r -s packingType=grid_$packing "$bench/global-0p25-simple.grib2" \
    "$bench/global-0p25-$packing.grib2"
done

# --- what ecCodes reads -----------------------------------------------------------------------------
# Integer keys as numbers (:i), not as their code-table abbreviations; floats as doubles (:d).
keys="edition:i,centre:i,discipline:i,parameterCategory:i,parameterNumber:i,shortName"
keys+=",productDefinitionTemplateNumber:i,typeOfFirstFixedSurface:i"
keys+=",scaleFactorOfFirstFixedSurface:i,scaledValueOfFirstFixedSurface:i,level:d"
keys+=",indicatorOfUnitOfTimeRange:i,forecastTime:i,dataDate:i,dataTime:i,validityDate:i"
keys+=",validityTime:i,stepRange,typeOfEnsembleForecast:i,perturbationNumber:i"
keys+=",numberOfForecastsInEnsemble:i,typeOfStatisticalProcessing:i,lengthOfTimeRange:i"
keys+=",gridDefinitionTemplateNumber:i,Ni:i,Nj:i,latitudeOfFirstGridPointInDegrees:d"
keys+=",longitudeOfFirstGridPointInDegrees:d,latitudeOfLastGridPointInDegrees:d"
keys+=",longitudeOfLastGridPointInDegrees:d,iDirectionIncrementInDegrees:d"
keys+=",jDirectionIncrementInDegrees:d,scanningMode:i,numberOfDataPoints:i"
keys+=",dataRepresentationTemplateNumber:i,packingType,referenceValue:d,binaryScaleFactor:i"
keys+=",decimalScaleFactor:i,bitsPerValue:i,orderOfSpatialDifferencing:i"
keys+=",missingValueManagementUsed:i,bitmapPresent:i,numberOfValues:i,numberOfMissing:i"
keys+=",typeOfCompressionUsed:i,ccsdsFlags:i,ccsdsBlockSize:i,ccsdsRsi:i"
keys+=",numberOfOctectsForNumberOfPoints:i,interpretationOfNumberOfPoints:i,N:i"

# expect FILE [values]: FILE.json = {"file", "messages" (grib_ls -j, one entry per field), and
# with "values": "grids" (distinct lat/lon lists) and "fields" ({"grid": index, "values"}: null
# where missing)}, all in the file's scan order as grib_get_data prints them.
expect() {
  local file=$1 json="$1.json"
  {
    printf '{\n"file": "%s",\n"generator": "scripts/make-grib-fixtures.sh with ecCodes %s",\n' \
      "$(basename "$file")" "$(codes_info -v)"
    grib_ls -j -F "%.10g" -p "$keys" "$file" | sed '1s/^{ "messages" : \[/"messages": [/; $s/^\]}$/]/'
    if [ "${2:-}" = values ]; then
      printf ',\n'
      grib_get_data -m null -F "%.9g" -L "%.9g %.9g" "$file" | awk '
        /^Latitude/ { n++; next }
        { lat[n] = lat[n] sep[n] $1; lon[n] = lon[n] sep[n] $2; val[n] = val[n] sep[n] $3; sep[n] = "," }
        END {
          grids = 0
          for (f = 1; f <= n; f++) {
            key = lat[f] "|" lon[f]
            if (!(key in gridOf)) { gridOf[key] = grids; glat[grids] = lat[f]; glon[grids] = lon[f]; grids++ }
            fieldGrid[f] = gridOf[key]
          }
          printf "\"grids\": [\n"
          for (g = 0; g < grids; g++)
            printf "{\"lats\": [%s],\n\"lons\": [%s]}%s\n", glat[g], glon[g], g < grids - 1 ? "," : ""
          printf "],\n\"fields\": [\n"
          for (f = 1; f <= n; f++)
            printf "{\"grid\": %d, \"values\": [%s]}%s\n", fieldGrid[f], val[f], f < n ? "," : ""
          printf "]\n"
        }'
    fi
    printf '}\n'
  } >"$json"
}

# 10. A small ensemble cycle for the ingest tests (no ecCodes JSON: the decoder tests cover the
#     encoding): members 0-2 of "GEFS" 2024-01-15 00 UTC, 10 m wind and Hs on 1 deg, 30N-50N x
#     300E-340E, steps 0 and 6 h in one file, 12 h in a second; and, as a broken cycle, member 2
#     without its 12 h wave field.
mkdir -p "$out/cycle/complete" "$out/cycle/incomplete"
cycle_field() { # OUT MEMBER STEP NAME DISCIPLINE CATEGORY NUMBER LEVEL_TYPE [LEVEL]
  local file=$1 member=$2 step=$3 name=$4
  shift 4
  {
    echo "set centre = 7;"
    param "$@"
    echo "set productDefinitionTemplateNumber = 1;"
    echo "set typeOfEnsembleForecast = $([ "$member" = 0 ] && echo 1 || echo 3);"
    echo "set perturbationNumber = $member; set numberOfForecastsInEnsemble = 3;"
    common_time 20240115 0 "$step"
    grid 41 21 50 300 30 340 1 1 0
    field_rules "$(values "cyc_${name}_${member}_${step}" 41 21 50 300 -1 1)" 2
  } | filter "$file"
}
for member in 0 1 2; do
  for step in 0 6 12; do
    part=$([ "$step" = 12 ] && echo b || echo a)
    for target in complete incomplete; do
      f="$out/cycle/$target/gefs-2024011500-$part.grib2"
      cycle_field "$f" "$member" "$step" u 0 2 2 103 10
      cycle_field "$f" "$member" "$step" v 0 2 3 103 10
      if [ "$target" = complete ] || [ "$member" != 2 ] || [ "$step" != 12 ]; then
        cycle_field "$f" "$member" "$step" hs 10 0 3 1
      fi
    done
  done
done

for f in "$out"/wind-*.grib2 "$out"/waves-*.grib2 "$out"/currents-*.grib2 "$out"/global-*.grib2 \
  "$out"/multi-*.grib2 "$out"/ensemble-*.grib2 "$out"/eccodes-*.grib2 "$out"/ice-*.grib2 \
  "$out"/jpeg2000.grib2 "$out"/png.grib2 "$out"/ccsds.grib2 "$out"/reduced-*.grib2 \
  "$out"/gaussian.grib2; do
  expect "$f" values
done
printf '{\n"file": "unsupported-edition1.grib1",\n"edition": 1\n}\n' >"$out/unsupported-edition1.grib1.json"

# The repository's linter checks these files too (npm run lint): write them in its format.
node_modules/.bin/biome format --write "$out"/*.json >/dev/null

ls -l "$out" "$bench"
