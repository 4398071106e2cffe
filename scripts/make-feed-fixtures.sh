#!/usr/bin/env bash
# Writes tests/fixtures/grib/mirror/: small forecast cycles laid out as NOAA's and ECMWF's open
# data publish them, each GRIB2 file with its inventory, for the feed tests
# (services/weather/feeds/), which serve the tree from a local HTTP server.
#
#   noaa/gfs.20240115/{00,06}/atmos/gfs.tHHz.pgrb2.0p25.fFFF (+ .idx)
#   noaa/gfs.20240115/{00,06}/wave/gridded/gfswave.tHHz.global.0p25.fFFF.grib2 (+ .idx)
#   noaa/gefs.20240115/00/atmos/pgrb2ap5/ge{c00,p01,p02}.t00z.pgrb2a.0p50.fFFF (+ .idx)
#   noaa/gefs.20240115/00/wave/gridded/gefs.wave.t00z.{c00,p01,p02}.global.0p25.fFFF.grib2 (+ .idx)
#   ecmwf/20240115/00z/ifs/0p25/{enfo,waef}/20240115000000-{0,3,6}h-{enfo,waef}-ef.grib2 (+ .index)
#
# GFS 00 UTC has steps 0-3 h (hourly, as GFS publishes them); GFS 06 UTC only 0-2 h, a cycle
# still being published. GEFS: members c00, p01, p02, steps 0 and 3 h. ECMWF: control (cf) and
# perturbed members 1-4 (pf), steps 0, 3, 6 h. Each file also holds fields the feed must not
# fetch (2 m temperature, pressure, the wave model's own wind, secondary swell), so the tests see
# that only the wanted byte ranges are requested. Packing as the providers pack: simple for
# NOAA's atmosphere, JPEG 2000 for NOAA's waves (WAVEWATCH III), CCSDS for ECMWF.
#
# Inventories are written as the providers write them: NOAA's `.idx` in wgrib2's short inventory
# format (message:offset:d=YYYYMMDDHH:NAME:LEVEL:TIME:[ENS=...]), ECMWF's `.index` as JSON lines
# of MARS keys with `_offset` and `_length`; offsets and lengths are those of the messages
# written. Needs Debian's libeccodes-tools; deterministic (same tools, same bytes). The fields
# are smooth synthetic weather, not forecasts.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in grib_filter codes_info awk stat; do
  command -v "$tool" >/dev/null || {
    echo "missing $tool: apt-get install -y libeccodes-tools" >&2
    exit 1
  }
done

out=tests/fixtures/grib/mirror
rm -rf "$out"
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sample2="$(codes_info -s)/GRIB2.tmpl"

# values NAME MEMBER STEP NI NJ LAT1 LON1 DLAT DLON: NI*NJ comma-separated values, rows of NI
# points from LAT1/LON1 (north to south when DLAT < 0). A cyclone whose centre moves with the
# step and the member; 9999 marks land (a small island) in the wave fields.
values() {
  awk -v name="$1" -v m="$2" -v h="$3" -v ni="$4" -v nj="$5" -v lat1="$6" -v lon1="$7" \
    -v dlat="$8" -v dlon="$9" '
    function rad(d) { return d * 3.141592653589793 / 180 }
    function comp(lat, lon, c,   clat, clon, dx, dy, r, vt) {
      clat = 40 + 0.4 * m + h / 12; clon = 320 + h / 3 - 0.5 * m
      dx = (lon - clon) * cos(rad(lat)); dy = lat - clat; r = sqrt(dx * dx + dy * dy) + 1e-9
      vt = 18 * (r / 5) * exp(1 - r / 5)
      return c == 1 ? 7 - vt * dy / r : vt * dx / r
    }
    function island(lat, lon) { return ((lat - 38) / 2.2) ^ 2 + ((lon - 332) / 3) ^ 2 < 1 }
    function field(lat, lon,   u, v) {
      u = comp(lat, lon, 1); v = comp(lat, lon, 2)
      if (name == "u") return u
      if (name == "v") return v
      if (name == "t2m") return 285 - 0.5 * (lat - 40) + 0.1 * m
      if (name == "msl") return 101300 - 900 * exp(-((lat - 40 - 0.4 * m - h / 12) ^ 2 + (lon - 320 - h / 3 + 0.5 * m) ^ 2) / 40)
      if (name == "hgt") return 5600 - 12 * (lat - 40)
      if (island(lat, lon)) return 9999
      if (name == "hs") return 1.5 + 0.022 * (u * u + v * v) ^ 0.75
      if (name == "per") return 7 + 0.15 * sqrt(u * u + v * v) + 0.1 * m
      if (name == "dir") return (270 + 20 * sin(rad(4 * lat)) + 10 * cos(rad(2 * lon)) + 5 * m) % 360
      if (name == "swell") return 1.1 + 0.3 * cos(rad(5 * lon)) + 0.05 * h
      if (name == "swell2") return 0.4 + 0.1 * sin(rad(3 * lat))
      if (name == "swper") return 11 + 0.8 * sin(rad(2 * lon))
      if (name == "swdir") return (300 + 15 * sin(rad(6 * lat))) % 360
      if (name == "wvhgt") return 0.6 + 0.01 * (u * u + v * v)
      print "unknown field " name > "/dev/stderr"; exit 1
    }
    BEGIN {
      OFMT = "%.6f"; n = 0
      for (j = 0; j < nj; j++)
        for (i = 0; i < ni; i++)
          printf "%s%.6f", n++ ? "," : "", field(lat1 + j * dlat, lon1 + i * dlon)
    }'
}

# message FILE CENTRE MEMBER STEP DATE TIME PACKING GRID(ni,nj,lat1,lon1,lat2,lon2,d)
#         DISCIPLINE CATEGORY NUMBER LEVEL_TYPE LEVEL NAME DECIMALS:
# appends one message to FILE and prints its offset and length. MEMBER "-" writes a deterministic
# product (template 4.0), a number an ensemble member (template 4.1; 0 the control).
message() {
  local file=$1 centre=$2 member=$3 step=$4 date=$5 time=$6 packing=$7 grid=$8
  local disc=$9 cat=${10} num=${11} ltype=${12} level=${13} name=${14} decimals=${15}
  IFS=, read -r ni nj lat1 lon1 lat2 lon2 d <<<"$grid"
  local dlat
  dlat=$(awk -v a="$lat1" -v b="$lat2" -v d="$d" 'BEGIN { print (b < a ? -d : d) }')
  {
    echo "set centre = $centre;"
    echo "set discipline = $disc; set parameterCategory = $cat; set parameterNumber = $num;"
    if [ "$member" != "-" ]; then
      echo "set productDefinitionTemplateNumber = 1;"
      echo "set typeOfEnsembleForecast = $([ "$member" = 0 ] && echo 1 || echo 3);"
      echo "set perturbationNumber = $member; set numberOfForecastsInEnsemble = 31;"
    fi
    echo "set typeOfFirstFixedSurface = $ltype;"
    if [ "$level" = "-" ]; then
      echo "set scaleFactorOfFirstFixedSurface = missing(); set scaledValueOfFirstFixedSurface = missing();"
    else
      echo "set scaleFactorOfFirstFixedSurface = 0; set scaledValueOfFirstFixedSurface = $level;"
    fi
    echo "set dataDate = $date; set dataTime = $time; set indicatorOfUnitOfTimeRange = 1; set forecastTime = $step;"
    echo "set Ni = $ni; set Nj = $nj; set scanningMode = 0;"
    echo "set latitudeOfFirstGridPointInDegrees = $lat1; set longitudeOfFirstGridPointInDegrees = $lon1;"
    echo "set latitudeOfLastGridPointInDegrees = $lat2; set longitudeOfLastGridPointInDegrees = $lon2;"
    echo "set iDirectionIncrementInDegrees = $d; set jDirectionIncrementInDegrees = $d;"
    echo "set packingType = \"$packing\";"
    echo "set decimalScaleFactor = $decimals; set bitsPerValue = 0;"
    echo "set bitmapPresent = 1; set missingValue = 9999;"
    echo "set values = {$(values "$name" "${member/-/0}" "$step" "$ni" "$nj" "$lat1" "$lon1" "$dlat" "$d")};"
    echo "write;"
  } >"$work/rules"
  grib_filter -o "$work/one.grib2" "$work/rules" "$sample2"
  local offset length
  offset=$( [ -f "$file" ] && stat -c %s "$file" || echo 0)
  length=$(stat -c %s "$work/one.grib2")
  cat "$work/one.grib2" >>"$file"
  rm -f "$work/one.grib2"
  echo "$offset $length"
}

# wgrib2's forecast-time column: "anl" at step 0, "N hour fcst" after.
ftime() { [ "$1" = 0 ] && echo anl || echo "$1 hour fcst"; }

# NOAA's grids: the atmosphere on 2 degrees, the waves on 1 degree (as GEFS's atmosphere, 0.5
# degree, and its waves, 0.25 degree, differ), 30N-50N x 300E-340E, north to south.
atmos_grid=21,11,50,300,30,340,2
wave_grid=41,21,50,300,30,340,1

# noaa_file FILE IDX CENTRE MEMBER STEP DATE TIME ENS KIND: one NOAA file and its .idx. KIND atmos or
# wave; ENS the wgrib2 ensemble column ("" for GFS).
noaa_file() {
  local file=$1 idx=$2 member=$3 step=$4 date=$5 time=$6 ens=$7 kind=$8
  mkdir -p "$(dirname "$file")"
  : >"$idx"
  local n=0 ft disc cat num ltype level name decimals packing wname wlevel offset
  ft=$(ftime "$step")
  local d="d=${date}$(printf '%02d' $((time / 100)))"
  while read -r disc cat num ltype level name decimals packing wname wlevel; do
    n=$((n + 1))
    read -r offset _ < <(message "$file" 7 "$member" "$step" "$date" "$time" "$packing" \
      "$([ "$kind" = atmos ] && echo $atmos_grid || echo $wave_grid)" \
      "$disc" "$cat" "$num" "$ltype" "$level" "$name" "$decimals")
    echo "$n:$offset:$d:$wname:${wlevel//_/ }:$ft:$ens" >>"$idx"
  done < <(if [ "$kind" = atmos ]; then
    cat <<'EOF'
0 0 0 103 2 t2m 1 grid_simple TMP 2_m_above_ground
0 2 2 103 10 u 2 grid_simple UGRD 10_m_above_ground
0 2 3 103 10 v 2 grid_simple VGRD 10_m_above_ground
0 3 1 101 - msl 0 grid_simple PRMSL mean_sea_level
EOF
  else
    cat <<'EOF'
0 2 2 1 - u 2 grid_jpeg UGRD surface
0 2 3 1 - v 2 grid_jpeg VGRD surface
10 0 3 1 - hs 2 grid_jpeg HTSGW surface
10 0 11 1 - per 2 grid_jpeg PERPW surface
10 0 5 1 - wvhgt 2 grid_jpeg WVHGT surface
10 0 8 241 1 swell 2 grid_jpeg SWELL 1_in_sequence
10 0 8 241 2 swell2 2 grid_jpeg SWELL 2_in_sequence
10 0 9 241 1 swper 2 grid_jpeg SWPER 1_in_sequence
10 0 7 241 1 swdir 1 grid_jpeg SWDIR 1_in_sequence
10 0 10 1 - dir 1 grid_jpeg DIRPW surface
EOF
  fi)
}

# GFS (deterministic: template 4.0) with GFS-Wave.
gfs_cycle() { # HH LAST_STEP
  local hh=$1 last=$2 step f
  for step in $(seq 0 "$last"); do
    f=$(printf '%03d' "$step")
    local base="$out/noaa/gfs.20240115/$hh"
    noaa_file "$base/atmos/gfs.t${hh}z.pgrb2.0p25.f$f" "$base/atmos/gfs.t${hh}z.pgrb2.0p25.f$f.idx" \
      - "$step" 20240115 "${hh}00" "" atmos
    noaa_file "$base/wave/gridded/gfswave.t${hh}z.global.0p25.f$f.grib2" \
      "$base/wave/gridded/gfswave.t${hh}z.global.0p25.f$f.grib2.idx" - "$step" 20240115 "${hh}00" "" wave
  done
}
gfs_cycle 00 3
gfs_cycle 06 2

# GEFS (template 4.1) with GEFS-Wave: members c00, p01, p02; steps 0 and 3 h.
for member in 0 1 2; do
  mname=$([ "$member" = 0 ] && echo c00 || printf 'p%02d' "$member")
  ens=$([ "$member" = 0 ] && echo "ENS=low-res ctl" || echo "ENS=+$member")
  for step in 0 3; do
    f=$(printf '%03d' "$step")
    base="$out/noaa/gefs.20240115/00"
    noaa_file "$base/atmos/pgrb2ap5/ge$mname.t00z.pgrb2a.0p50.f$f" \
      "$base/atmos/pgrb2ap5/ge$mname.t00z.pgrb2a.0p50.f$f.idx" "$member" "$step" 20240115 0000 "$ens" atmos
    noaa_file "$base/wave/gridded/gefs.wave.t00z.$mname.global.0p25.f$f.grib2" \
      "$base/wave/gridded/gefs.wave.t00z.$mname.global.0p25.f$f.grib2.idx" "$member" "$step" 20240115 0000 "$ens" wave
  done
done

# ECMWF ENS (centre 98, CCSDS) with its wave ensemble: one file per step and stream holding every
# member, control first; the .index lines in ECMWF's key order.
ecmwf_grid=21,11,50,300,30,340,2
for stream in enfo waef; do
  for step in 0 3 6; do
    dir="$out/ecmwf/20240115/00z/ifs/0p25/$stream"
    mkdir -p "$dir"
    file="$dir/20240115000000-${step}h-$stream-ef.grib2"
    index="${file%.grib2}.index"
    : >"$index"
    for member in 0 1 2 3 4; do
      type=$([ "$member" = 0 ] && echo cf || echo pf)
      number=$([ "$member" = 0 ] && echo "" || echo "\"number\": \"$member\", ")
      while read -r disc cat num ltype level name decimals param; do
        read -r offset length < <(message "$file" 98 "$member" "$step" 20240115 0000 grid_ccsds \
          "$ecmwf_grid" "$disc" "$cat" "$num" "$ltype" "$level" "$name" "$decimals")
        printf '{"domain": "g", "date": "20240115", "time": "0000", "expver": "0001", "class": "od", "type": "%s", "stream": "%s", "step": "%s", "levtype": "sfc", %s"param": "%s", "_offset": %s, "_length": %s}\n' \
          "$type" "$stream" "$step" "$number" "$param" "$offset" "$length" >>"$index"
      done < <(if [ "$stream" = enfo ]; then
        cat <<'EOF'
0 0 0 103 2 t2m 1 2t
0 2 2 103 10 u 2 10u
0 2 3 103 10 v 2 10v
0 3 0 101 - msl 0 msl
EOF
      else
        cat <<'EOF'
10 0 3 1 - hs 2 swh
10 0 15 1 - per 2 mwp
10 0 14 1 - dir 1 mwd
10 0 34 1 - swper 2 pp1d
EOF
      fi)
    done
  done
done

find "$out" -type f | sort | xargs ls -l | awk '{ s += $5 } END { print NR " files, " s " bytes" }'
