#!/usr/bin/env bash
# Re-creates the marketing videos and their poster frames in public/media/.
#
# Needs Debian ffmpeg (built with libx264, libfreetype, libfontconfig and librsvg)
# plus the fonts-dejavu-core and fonts-noto-cjk packages:
#   apt-get install -y ffmpeg fonts-dejavu-core fonts-noto-cjk
# The outputs are committed, so the site does not need ffmpeg; run this only
# to change the videos.
#
# For each brand (starreach, creatorbox) it writes:
#   public/media/<slug>-client-tutorial.mp4   8 s, 840x472, 24 fps
#   public/media/<slug>-plugin-tutorial.mp4  10 s, 1200x676, 24 fps
# The home page's intro is a tour of the workbench recorded by scripts/make-workbench.ts (npm run
# media:workbench), with the product pictures. The posters the pages show are drawn per brand and language by scripts/make-posters.ts
# (npm run media:posters), so that the player's play control never covers the name or the caption.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/public/media"
mkdir -p "$OUT"

FONT_BOLD="$(fc-match -f '%{file}' 'DejaVu Sans:bold')"
FONT_REG="$(fc-match -f '%{file}' 'DejaVu Sans')"
if [ -z "$(fc-list 'Noto Sans CJK SC' family)" ]; then
  echo "fonts-noto-cjk is missing (apt-get install -y fonts-noto-cjk)" >&2
  exit 1
fi
# Chinese lines go through fontconfig so that the SC face of the .ttc is used.
FONT_CJK="font='Noto Sans CJK SC'"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Common x264 settings: H.264 main profile, yuv420p, moov atom up front, no audio.
X264=(-c:v libx264 -profile:v main -pix_fmt yuv420p -preset slow -tune animation
      -movflags +faststart -an)

# txt NAME TEXT: writes TEXT to a file and prints its path (drawtext reads text
# from files, which avoids escaping commas, colons, % and arrows in filters).
txt() {
  printf '%s' "$2" > "$WORK/$1.txt"
  printf '%s' "$WORK/$1.txt"
}

# fade A B: alpha expression, 0.35 s fade in at A, 0.3 s fade out before B.
fade() {
  printf "'if(lt(t,%s),0,if(lt(t,(%s)+0.35),(t-(%s))/0.35,if(lt(t,(%s)-0.3),1,if(lt(t,%s),((%s)-t)/0.3,0))))'" \
    "$1" "$1" "$1" "$2" "$2" "$2"
}

# rise Y A: y expression that slides up 24 px into Y during 0.4 s after A.
rise() {
  printf "'%s+24*max(0,1-(t-(%s))/0.4)'" "$1" "$2"
}

# dt FONTSPEC FILE SIZE COLOR X Y A B: one drawtext filter (visible A..B).
dt() {
  printf "drawtext=%s:textfile=%s:expansion=none:fontsize=%s:fontcolor=%s:x=%s:y=%s:alpha=%s:enable='between(t,%s,%s)'" \
    "$1" "$2" "$3" "$4" "$5" "$6" "$(fade "$7" "$8")" "$7" "$8"
}

# box X Y W H COLOR A B: a filled box visible between A and B.
box() {
  printf "drawbox=x=%s:y=%s:w=%s:h=%s:color=%s:t=fill:enable='between(t,%s,%s)'" "$@"
}

make_brand() {
  local slug="$1" name="$2" zh="$3" accent="$4" ink="$5" tint="$6" tint2="$7"
  local mark="$ROOT/public/brand/$slug/mark.svg"
  local F="fontfile=$FONT_BOLD" R="fontfile=$FONT_REG" C="$FONT_CJK"

  # ------------------------------------------------------- client tutorial ----
  # 840x472, 8 s: title, then three step cards appear one after another.
  f="$WORK/client.txt"
  {
    printf "[1:v]format=rgba[mark];[0:v]format=yuv420p[bg];"
    printf "[bg][mark]overlay=x=40:y=34[v0];[v0]"
    printf "%s," "$(dt "$F" "$(txt ct 'Windows client: download → install → log in')" 26 "$ink" 112 "$(rise 44 0.1)" 0.1 8.5)"
    printf "%s," "$(dt "$C" "$(txt ctzh "Windows 客户端：下载 → 安装 → 登录")" 20 "$ink@0.7" 112 "$(rise 86 0.3)" 0.3 8.5)"
    local steps=("Download" "Install" "Log in") stepzh=("下载安装包" "一键安装" "账号登录")
    local descs=("Get the installer" "Run it, click Next" "Use your account") x
    for i in 0 1 2; do
      x=$((40 + i * 262))
      local a
      a=$(awk "BEGIN{print 1.2+$i*1.9}")
      printf "%s," "$(box "$x" 172 240 230 "white@0.95" "$a" 8.5)"
      printf "%s," "$(box "$x" 172 240 6 "$accent" "$a" 8.5)"
      printf "%s," "$(box "$((x + 24))" 200 56 56 "$accent" "$a" 8.5)"
      printf "%s," "$(dt "$F" "$(txt "n$i" "$((i + 1))")" 34 white "$((x + 41))" 214 "$a" 8.5)"
      printf "%s," "$(dt "$F" "$(txt "st$i" "${steps[$i]}")" 30 "$ink" "$((x + 24))" "$(rise 282 "$a")" "$a" 8.5)"
      printf "%s," "$(dt "$C" "$(txt "stz$i" "${stepzh[$i]}")" 20 "$ink@0.7" "$((x + 24))" "$(rise 324 "$a+0.1")" "$a+0.1" 8.5)"
      printf "%s," "$(dt "$R" "$(txt "sd$i" "${descs[$i]}")" 17 "$ink@0.6" "$((x + 24))" "$(rise 360 "$a+0.2")" "$a+0.2" 8.5)"
    done
    printf "%s" "$(dt "$R" "$(txt cfoot "$name · Windows 10/11")" 16 "$ink@0.55" 40 430 0.5 8.5)"
    printf "[out]"
  } > "$f"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=840x472:r=24:d=8:c0=#ffffff:c1=$tint:n=2:speed=0.015:seed=3" \
    -loop 1 -framerate 24 -width 56 -height 56 -i "$mark" \
    -filter_complex_script "$f" -map '[out]' -t 8 -r 24 \
    "${X264[@]}" -crf 30 "$OUT/$slug-client-tutorial.mp4"

  # ------------------------------------------------------- plug-in tutorial ----
  # 1200x676, 10 s: five steps, the current one highlighted.
  f="$WORK/plugin.txt"
  local ps=("Download the plug-in (v1.0.5)" "Unzip" "Enable developer mode"
            "Load unpacked" "Open the creator marketplace and log in")
  local pz=("下载插件（v1.0.5）" "解压缩" "打开开发者模式" "加载已解压的扩展程序" "打开达人广场并登录")
  {
    printf "[1:v]format=rgba[mark];[0:v]format=yuv420p[bg];"
    printf "[bg][mark]overlay=x=60:y=44[v0];[v0]"
    printf "%s," "$(dt "$F" "$(txt pt "Install the $name browser plug-in")" 38 "$ink" 148 "$(rise 52 0.1)" 0.1 10.5)"
    printf "%s," "$(dt "$C" "$(txt ptz "$zh 浏览器插件安装步骤")" 24 "$ink@0.7" 148 "$(rise 104 0.3)" 0.3 10.5)"
    for i in 0 1 2 3 4; do
      local y=$((160 + i * 94)) a b
      a=$(awk "BEGIN{print 0.8+$i*1.7}")
      b=$(awk "BEGIN{print ($i==4)?10.5:0.8+($i+1)*1.7}")
      printf "%s," "$(box 60 "$y" 1080 80 "white@0.92" "$a" 10.5)"
      printf "%s," "$(box 60 "$y" 1080 80 "$accent@0.12" "$a" "$b")"
      printf "%s," "$(box 60 "$y" 8 80 "$accent" "$a" "$b")"
      printf "%s," "$(box 88 "$((y + 14))" 52 52 "$accent" "$a" 10.5)"
      printf "%s," "$(dt "$F" "$(txt "pn$i" "$((i + 1))")" 32 white 103 "$((y + 27))" "$a" 10.5)"
      printf "%s," "$(dt "$F" "$(txt "ps$i" "${ps[$i]}")" 30 "$ink" 168 "$(rise "$((y + 12))" "$a")" "$a" 10.5)"
      printf "%s," "$(dt "$C" "$(txt "pz$i" "${pz[$i]}")" 20 "$ink@0.65" 168 "$(rise "$((y + 48))" "$a+0.1")" "$a+0.1" 10.5)"
    done
    printf "%s" "$(dt "$R" "$(txt pfoot 'Chrome · Edge · 360 · QQ · Sogou · Liebao · Firefox · Brave · Ziniao')" 17 "$ink@0.55" 60 638 0.5 10.5)"
    printf "[out]"
  } > "$f"
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=1200x676:r=24:d=10:c0=#ffffff:c1=$tint:n=2:speed=0.015:seed=5" \
    -loop 1 -framerate 24 -width 64 -height 64 -i "$mark" \
    -filter_complex_script "$f" -map '[out]' -t 10 -r 24 \
    "${X264[@]}" -crf 31 "$OUT/$slug-plugin-tutorial.mp4"

  echo "made $slug videos"
}

#          slug        name         zh       accent   ink      tint     tint2
make_brand starreach  StarReach   星达通  '#ff3b5c' '#1b1f3b' '#ffe1e7' '#eef1ff'
make_brand creatorbox CreatorBox  达人宝  '#2f6bff' '#0e1a3a' '#dfe8ff' '#f1ecff'

ls -l "$OUT"
