package report

import (
	"image"
	"math"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// The phone's picture (PaintPhoneMap) is designed for a card PhoneMapWidth
// CSS pixels wide, the width of a report's card on a phone of 390, and
// painted at phoneScale pixels to the CSS pixel, for the sharp screens of
// phones. Its text is phoneLabel units high, so that it reads at that
// size on the phone, and at MapMinText at least on one of 360 pixels.
const (
	PhoneMapWidth = 364
	phoneScale    = 2
	phoneLabel    = 11
	phonePad      = 8
	// phoneInset is the room between the frame and the systems nearest
	// it, for their names and marks, and phoneInsetLeft that on the left,
	// where their holdings stand.
	phoneInset     = 30
	phoneInsetLeft = 50
	// phoneSpacing is how far apart, in units, the systems of a lane of
	// typical length stand in a phone's picture, so that their names fit
	// between them; a map whose whole is smaller shows part of itself.
	phoneSpacing = 76
	// phoneTall is how much taller than wide the map's frame may be.
	phoneTall = 1.45
	// phoneOverview is the most height of the outline of the whole map.
	phoneOverview = 150
)

// MapMinText is the least size, in CSS pixels, of any text on a map as a
// report shows it: the phone's picture on a phone of 360 pixels or more,
// or the wide picture at its own size on a desktop.
const MapMinText = 10

// newPhoneLayout lays out a phone's picture: the title lines, the map's
// frame the width of the picture, the legend of rows lines below it in
// two columns, and, where the frame shows part of the map, an outline of
// the whole below the legend.
func newPhoneLayout(src *Map, room layoutRoom) mapLayout {
	const s = phoneScale
	u := func(v float64) int { return int(math.Round(v * s)) }
	n := len(src.Systems)
	l := mapLayout{s: s, labelSize: phoneLabel, legendCols: 2}
	l.w = u(PhoneMapWidth)
	top := u(24 + 16*float64(len(subLines(src.Sub))+1) + 10)
	fw := l.w - 2*u(phonePad)
	left := u(float64(max(phoneInsetLeft, glyphReach(room.glyphCols))))
	cw := float64(fw - u(phoneInset) - left)
	view, scale := phoneView(src, cw)
	fh := int(math.Ceil(view.spanY*scale)) + 2*u(phoneInset)
	fh = max(fh, fw/2)
	l.frame = image.Rect(u(phonePad), top, u(phonePad)+fw, top+fh)
	legendH := u(mapLegendHead) + (room.rows+1)/2*u(mapLegendRow) + u(8)
	l.legend = image.Rect(l.frame.Min.X, l.frame.Max.Y+u(mapGap/2), l.frame.Max.X, l.frame.Max.Y+u(mapGap/2)+legendH)
	l.h = l.legend.Max.Y + u(phonePad)
	content := image.Rect(l.frame.Min.X+left, l.frame.Min.Y+u(phoneInset), l.frame.Max.X-u(phoneInset), l.frame.Max.Y-u(phoneInset))
	l.pos, l.in = make([]pt, n), make([]bool, n)
	ox := float64(content.Min.X) + (float64(content.Dx())-view.spanX*scale)/2
	oy := float64(content.Min.Y) + (float64(content.Dy())-view.spanY*scale)/2
	keep := l.frame.Inset(u(8))
	for i, sys := range src.Systems {
		p := pt{float32(ox + (float64(sys.X)-view.minX)*scale), float32(oy + (float64(sys.Y)-view.minY)*scale)}
		l.pos[i], l.in[i] = p, image.Pt(int(p.x), int(p.y)).In(keep)
	}
	l.r = markerRadius(content, count(l.in), s)
	l.labelAll = count(l.in) <= mapLabelAll
	if view.part {
		l.addOverview(src.Systems, view, u)
	}
	l.spreadIn(keep)
	return l
}

// subLines are the lines of the line under the title on a phone's
// picture: its parts, " · " apart, each on its own. The caption has a
// line of its own above them.
func subLines(sub string) []string {
	return strings.Split(sub, " · ")
}

// count is how many of bs are true.
func count(bs []bool) int {
	n := 0
	for _, b := range bs {
		if b {
			n++
		}
	}
	return n
}

// mapView is the part of the map's coordinates a picture shows.
type mapView struct {
	minX, minY, spanX, spanY float64
	// part says it is not the whole map.
	part bool
}

// phoneView is the part of the map a phone's picture shows in a frame cw
// pixels wide, and its pixels per unit of the map's coordinates: the
// whole map where lanes of typical length come out phoneSpacing units
// long or more; else as much round the model's Focus (or the middle of
// the map, without one) as that scale shows, but never so little that
// the Focus does not fit.
func phoneView(src *Map, cw float64) (mapView, float64) {
	minX, minY, spanX, spanY := extent(src.Systems)
	whole := mapView{minX: minX, minY: minY, spanX: spanX, spanY: spanY}
	full := fitScale(spanX, spanY, cw, cw*phoneTall)
	readable := phoneSpacing * phoneScale / typicalLane(src)
	if full == 0 || full >= readable {
		return whole, full
	}
	fx, fy, fsx, fsy, ok := focusExtent(src)
	if !ok {
		fx, fy = minX+spanX/2, minY+spanY/2
	}
	focus := readable // a point, or nothing: the middle of the map
	if fsx > 0 || fsy > 0 {
		focus = fitScale(fsx, fsy, cw, cw*phoneTall)
	}
	scale := max(full, min(readable, focus))
	v := mapView{spanX: min(spanX, cw/scale), spanY: min(spanY, cw*phoneTall/scale), part: true}
	v.minX = min(max(fx+fsx/2-v.spanX/2, minX), minX+spanX-v.spanX)
	v.minY = min(max(fy+fsy/2-v.spanY/2, minY), minY+spanY-v.spanY)
	return v, scale
}

// typicalLane is the median length of the map's lanes in its
// coordinates, or for a map without lanes the side of the square each
// system has.
func typicalLane(src *Map) float64 {
	at := make(map[campaign.SystemID]campaign.System, len(src.Systems))
	for _, s := range src.Systems {
		at[s.ID] = s
	}
	var lens []float64
	for _, l := range src.Lanes {
		a, okA := at[l.A]
		b, okB := at[l.B]
		if d := math.Hypot(float64(b.X-a.X), float64(b.Y-a.Y)); okA && okB && d > 0 {
			lens = append(lens, d)
		}
	}
	if len(lens) == 0 {
		_, _, sx, sy := extent(src.Systems)
		return max(math.Sqrt(max(sx, 1)*max(sy, 1)/float64(max(len(src.Systems), 1))), 1)
	}
	slices.Sort(lens)
	return lens[len(lens)/2]
}

// focusExtent is the extent of the model's Focus systems; ok is false for
// none.
func focusExtent(src *Map) (minX, minY, spanX, spanY float64, ok bool) {
	focus := make(map[campaign.SystemID]bool, len(src.Focus))
	for _, id := range src.Focus {
		focus[id] = true
	}
	var sys []campaign.System
	for _, s := range src.Systems {
		if focus[s.ID] {
			sys = append(sys, s)
		}
	}
	if len(sys) == 0 {
		return 0, 0, 0, 0, false
	}
	minX, minY, spanX, spanY = extent(sys)
	return minX, minY, spanX, spanY, true
}

// addOverview puts the outline of the whole map below the legend, with
// the part the frame shows marked.
func (l *mapLayout) addOverview(systems []campaign.System, view mapView, u func(float64) int) {
	minX, minY, spanX, spanY := extent(systems)
	w, pad := l.frame.Dx(), u(10)
	scale := fitScale(spanX, spanY, float64(w-2*pad), float64(u(phoneOverview)-2*pad))
	h := int(math.Ceil(spanY*scale)) + 2*pad
	l.overview = image.Rect(l.frame.Min.X, l.legend.Max.Y+u(mapGap/2), l.frame.Max.X, l.legend.Max.Y+u(mapGap/2)+h)
	l.h = l.overview.Max.Y + u(phonePad)
	l.outline = outlineScale{minX: minX, minY: minY, scale: scale,
		ox: float64(l.overview.Min.X) + (float64(w)-spanX*scale)/2, oy: float64(l.overview.Min.Y + pad)}
	a, b := l.outline.at(view.minX, view.minY), l.outline.at(view.minX+view.spanX, view.minY+view.spanY)
	l.view = image.Rect(int(math.Round(float64(a.x))), int(math.Round(float64(a.y))), int(math.Round(float64(b.x))), int(math.Round(float64(b.y))))
}

// outlineScale places the map's coordinates in the outline of the whole
// map: the least coordinates, the pixels per unit, and where the least
// coordinates stand.
type outlineScale struct{ minX, minY, scale, ox, oy float64 }

// at is where the coordinates x, y stand in the outline.
func (o outlineScale) at(x, y float64) pt {
	return pt{float32(o.ox + (x-o.minX)*o.scale), float32(o.oy + (y-o.minY)*o.scale)}
}

// overviewAt is where a system stands in the outline of the whole map.
func (m *mapModel) overviewAt(s campaign.System) pt {
	return m.lay.outline.at(float64(s.X), float64(s.Y))
}

// spreadIn spreads the systems the frame shows, as spread does, within box.
func (l *mapLayout) spreadIn(box image.Rectangle) {
	var idx []int
	for i, in := range l.in {
		if in {
			idx = append(idx, i)
		}
	}
	sub := mapLayout{r: l.r, pos: make([]pt, len(idx))}
	for k, i := range idx {
		sub.pos[k] = l.pos[i]
	}
	sub.spread(box)
	for k, i := range idx {
		l.pos[i] = sub.pos[k]
	}
}

// paintOverview draws, in the outline of the whole map a phone's picture
// of part of it has, a dot for each system, in its owner's colour or the
// reader's where the reader has something there, and a frame round the
// part the picture shows.
func (m *mapModel) paintOverview(p *painter) {
	if m.lay.overview.Empty() {
		return
	}
	for _, s := range m.src.Systems {
		col := mapPalette.never
		if o, ok := m.idx.owner[s.ID]; ok && !o.NPE {
			col = m.colour(o.Owner)
		} else if m.idx.own(s.ID) {
			col = m.colour(m.idx.you)
		}
		p.disc(m.overviewAt(s), m.u(1.6), col)
	}
	v := m.lay.view
	for _, e := range [][2]pt{
		{{float32(v.Min.X), float32(v.Min.Y)}, {float32(v.Max.X), float32(v.Min.Y)}},
		{{float32(v.Max.X), float32(v.Min.Y)}, {float32(v.Max.X), float32(v.Max.Y)}},
		{{float32(v.Max.X), float32(v.Max.Y)}, {float32(v.Min.X), float32(v.Max.Y)}},
		{{float32(v.Min.X), float32(v.Max.Y)}, {float32(v.Min.X), float32(v.Min.Y)}},
	} {
		p.lines([][2]pt{e}, m.u(1.2), mapPalette.text)
	}
}
