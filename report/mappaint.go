package report

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"github.com/pbemd/pbemd/campaign"
)

// mapPalette is the map's colours: light marks on dark navy, which read
// in both light and dark mail clients.
var mapPalette = struct {
	bg, panel, border, lane                   color.NRGBA
	life, lifeCap, mineral, ore, dead, crater color.NRGBA
	unknown, never, seen, mark, contact, own  color.NRGBA
	battle, text, dim, title                  color.NRGBA
}{
	bg: rgb(0x0b1324), panel: rgb(0x111d36), border: rgb(0x2a3a5e), lane: rgb(0x5a6f9a),
	life: rgb(0x46b868), lifeCap: rgb(0xb8f0c6), mineral: rgb(0xcf9240), ore: rgb(0x5e3f14),
	dead: rgb(0x9a948c), crater: rgb(0x625d57),
	unknown: rgb(0x3d7ff0), never: rgb(0x8a93a6), seen: rgb(0x62e3ea), mark: rgb(0xf2f5fa),
	contact: rgb(0xff6f61), own: rgb(0xffd166),
	battle: rgb(0xff3b3b), text: rgb(0xe2e8f2), dim: rgb(0x8f9bb3), title: rgb(0xffffff),
}

func rgb(c uint32) color.NRGBA {
	return color.NRGBA{R: uint8(c >> 16), G: uint8(c >> 8), B: uint8(c), A: 0xff}
}

// fade scales a colour's opacity by a/255.
func fade(c color.NRGBA, a uint8) color.NRGBA {
	c.A = uint8(uint32(c.A) * uint32(a) / 255)
	return c
}

// markSize is the half-size of the glyphs beside a system marker.
func markSize(r float32) float32 { return max(3, r*0.7) }

// positions indexes the systems' picture positions by ID; of two systems
// with one ID the first wins, as in campaign.NewGraph.
func (m *mapModel) positions() map[campaign.SystemID]pt {
	at := make(map[campaign.SystemID]pt, len(m.lay.pos))
	for i, s := range m.src.Systems {
		if _, dup := at[s.ID]; !dup {
			at[s.ID] = m.lay.pos[i]
		}
	}
	return at
}

// laneSegment is the part of a lane between the rims of its systems'
// planets, so that no lane shows through a planet; ok is false when a
// system is not on the map or the planets touch.
func (m *mapModel) laneSegment(l campaign.Lane) (seg [2]pt, ok bool) {
	a, okA := m.at[l.A]
	b, okB := m.at[l.B]
	d := float32(math.Hypot(float64(b.x-a.x), float64(b.y-a.y)))
	if !okA || !okB || d <= 2*m.lay.r {
		return seg, false
	}
	dx, dy := (b.x-a.x)*m.lay.r/d, (b.y-a.y)*m.lay.r/d
	return [2]pt{{a.x + dx, a.y + dy}, {b.x - dx, b.y - dy}}, true
}

// paintSystem draws one system's marker: its FRD frame, the ring of a
// sighting this turn, its planet, and the marks of what is there.
func (m *mapModel) paintSystem(p *painter, i int) {
	s, c, r := m.src.Systems[i], m.lay.pos[i], m.lay.r
	sv := m.idx.seen[s.ID]
	alpha := uint8(255)
	if sv != nil && !sv.Current {
		alpha = mapFade
	}
	w := max(1.2, r/5)
	if m.idx.frd[s.ID] {
		p.outline(shapeSquare, c, r+6, w, mapPalette.own)
	}
	if sv != nil && sv.Current {
		paintSeenRing(p, c, r, w, sv.Close)
	}
	p.planet(c, r, s.Planet, alpha)
	ms, step, e := markSize(r), 2*markSize(r)+3, m.reach(s.ID)
	x := c.x - e - 1.5 - ms
	for _, g := range m.idx.devs[s.ID].glyphs() {
		g(p, pt{x, c.y}, ms, mapPalette.own)
		x -= step
	}
	fort, dev := m.idx.marks(sv)
	x = c.x + e + 1.5 + ms
	if fort {
		p.outline(shapeSquare, pt{x, c.y}, ms*0.8, max(1.2, ms/3), fade(mapPalette.mark, alpha))
		x += step
	}
	if dev {
		p.outline(shapeDiamond, pt{x, c.y}, ms, max(1.2, ms/3), fade(mapPalette.mark, alpha))
	}
}

// paintSeenRing rings a system seen this turn: bold after a close look,
// thin where only fortification could be told.
func paintSeenRing(p *painter, c pt, r, w float32, close bool) {
	if close {
		p.ring(c, r+w+1.5, w*1.4, mapPalette.seen)
		return
	}
	p.ring(c, r+w+1.5, max(1, w*0.7), fade(mapPalette.seen, 150))
}

// glyphFunc draws a glyph centred at c with half-size s.
type glyphFunc func(p *painter, c pt, s float32, col color.NRGBA)

// glyphs returns the glyphs of the player's developments: a diamond for a
// mine, a house for a colony, a square frame for a fortification.
func (d devSet) glyphs() []glyphFunc {
	var out []glyphFunc
	if d.mine {
		out = append(out, glyphMine)
	}
	if d.colony {
		out = append(out, glyphColony)
	}
	if d.fort {
		out = append(out, glyphFort)
	}
	return out
}

func glyphMine(p *painter, c pt, s float32, col color.NRGBA) { p.poly(shapeDiamond, c, s, col) }

func glyphColony(p *painter, c pt, s float32, col color.NRGBA) { p.poly(shapeHouse, c, s*0.9, col) }

func glyphFort(p *painter, c pt, s float32, col color.NRGBA) {
	p.outline(shapeSquare, c, s*0.8, max(1.4, s/2.5), col)
}

// paintBattles marks pending battles: first, under the systems, the lanes
// of battles in a lane in red; then a red ring round each system of a
// battle, and a cross halfway along each lane.
func (m *mapModel) paintBattles(p *painter, lanes bool) {
	r := m.lay.r
	for _, b := range m.src.Battles {
		if b.Lane == nil {
			c, ok := m.at[b.At]
			if ok && !lanes {
				p.ring(c, m.reach(b.At)-2, max(2, r/3.5), mapPalette.battle)
			}
			continue
		}
		seg, ok := m.laneSegment(*b.Lane)
		switch {
		case !ok:
		case lanes:
			p.lines([][2]pt{seg}, max(2, r/3), fade(mapPalette.battle, 190))
		default:
			glyphBattle(p, pt{(seg[0].x + seg[1].x) / 2, (seg[0].y + seg[1].y) / 2}, r*0.7+2, mapPalette.battle)
		}
	}
}

func glyphBattle(p *painter, c pt, s float32, col color.NRGBA) {
	w := max(2, s/3.5)
	p.lines([][2]pt{{{c.x - s, c.y - s}, {c.x + s, c.y + s}}}, w, col)
	p.lines([][2]pt{{{c.x - s, c.y + s}, {c.x + s, c.y - s}}}, w, col)
}

// paintTitle writes the title line, the campaign's title (cut to fit)
// and its caption, and below it the model's second line.
func (m *mapModel) paintTitle(p *painter) {
	width := m.lay.w - 2*mapPad
	head := fitText(m.faces.title, m.src.Title, 80, width*2/3) + " · " + m.src.Caption
	p.text(m.faces.title, fitText(m.faces.title, head, 200, width), image.Pt(mapPad, 26), mapPalette.title)
	p.text(m.faces.sub, fitText(m.faces.sub, m.src.Sub, 200, width), image.Pt(mapPad, 46), mapPalette.dim)
}

// legendItem is one line of the legend: its sample, drawn centred at c,
// and its text.
type legendItem struct {
	text   string
	sample func(p *painter, c pt)
}

// legendItems explain every mark the map uses.
var legendItems = []legendItem{
	{"life planet", func(p *painter, c pt) { p.planet(c, 7, campaign.Life, 255) }},
	{"mineral planet", func(p *painter, c pt) { p.planet(c, 7, campaign.Mineral, 255) }},
	{"dead planet", func(p *painter, c pt) { p.planet(c, 7, campaign.Dead, 255) }},
	{"unknown: unexplored", func(p *painter, c pt) { p.planet(c, 7, campaign.Unknown, 255) }},
	{"never looked at", func(p *painter, c pt) { p.planet(c, 7, "", 255) }},
	{"seen now by a scout", func(p *painter, c pt) {
		paintSeenRing(p, c, 5, 1.4, true)
		p.planet(c, 5, campaign.Dead, 255)
	}},
	{"seen now: forts only", func(p *painter, c pt) {
		paintSeenRing(p, c, 5, 1.4, false)
		p.planet(c, 5, campaign.Dead, 255)
	}},
	{"faded, T3: last seen turn 3", func(p *painter, c pt) { p.planet(c, 7, campaign.Life, mapFade) }},
	{"fortified", func(p *painter, c pt) { p.outline(shapeSquare, c, 4.8, 2, mapPalette.mark) }},
	{"developed (mine/colony)", func(p *painter, c pt) { p.outline(shapeDiamond, c, 6, 2, mapPalette.mark) }},
	{"CBPV of others' fleets", nil},
	{"your fleets: count×CBPV", func(p *painter, c pt) { p.poly(shapeTriangle, c, 6, mapPalette.own) }},
	{"your FRD", func(p *painter, c pt) {
		p.outline(shapeSquare, c, 8, 1.5, mapPalette.own)
		p.planet(c, 4.5, campaign.Mineral, 255)
	}},
	{"your mine", func(p *painter, c pt) { glyphMine(p, c, 6, mapPalette.own) }},
	{"your colony", func(p *painter, c pt) { glyphColony(p, c, 6, mapPalette.own) }},
	{"your fortification", func(p *painter, c pt) { glyphFort(p, c, 6, mapPalette.own) }},
	{"pending battle here", func(p *painter, c pt) {
		p.planet(c, 4.5, campaign.Life, 255)
		p.ring(c, 7, 2, mapPalette.battle)
	}},
	{"pending battle in a lane", func(p *painter, c pt) {
		p.lines([][2]pt{{{c.x - 9, c.y + 6}, {c.x + 9, c.y - 6}}}, 2, fade(mapPalette.battle, 190))
		glyphBattle(p, c, 4.5, mapPalette.battle)
	}},
}

// paintLegend explains the marks in the legend column.
func (m *mapModel) paintLegend(p *painter) {
	box, face := m.lay.legend, m.faces.legend
	p.text(m.faces.own, "Legend", image.Pt(box.Min.X+12, box.Min.Y+19), mapPalette.text)
	for k, it := range legendItems {
		y := box.Min.Y + mapLegendHead + k*mapLegendRow
		c := pt{float32(box.Min.X) + 22, float32(y) + mapLegendRow/2}
		base := y + mapLegendRow/2 + capHeight(face)/2
		if it.sample == nil {
			p.text(m.faces.own, "120", image.Pt(box.Min.X+10, base), mapPalette.contact)
		} else {
			it.sample(p, c)
		}
		p.text(face, it.text, image.Pt(box.Min.X+40, base), mapPalette.text)
	}
}

// Unit shapes, centred on the origin with half-size 1, clockwise on screen.
var (
	shapeSquare   = []pt{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}
	shapeDiamond  = []pt{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}
	shapeTriangle = []pt{{0, -1}, {1, 0.8}, {-1, 0.8}}
	shapeHouse    = []pt{{0, -1}, {1, -0.15}, {0.8, -0.15}, {0.8, 1}, {-0.8, 1}, {-0.8, -0.15}, {-1, -0.15}}
)

// painter draws anti-aliased shapes and text. Each shape is rasterised in
// its own bounding box, so a picture costs what it shows, not its area
// times its shapes.
type painter struct {
	img    *image.RGBA
	z      vector.Rasterizer
	stamps map[roundKey]*image.Alpha
	inks   map[color.NRGBA]*image.Uniform
}

// uniform returns a source of colour col. A map paints thousands of
// shapes in a few dozen colours, so each is made once per picture.
func (p *painter) uniform(col color.NRGBA) *image.Uniform {
	u := p.inks[col]
	if u == nil {
		u = image.NewUniform(col)
		if p.inks == nil {
			p.inks = map[color.NRGBA]*image.Uniform{}
		}
		p.inks[col] = u
	}
	return u
}

// fill rasterises the path drawn by path inside the box lo–hi and paints
// it in col. path gets the offset to subtract from picture coordinates.
func (p *painter) fill(col color.NRGBA, lo, hi pt, path func(z *vector.Rasterizer, o pt)) {
	r := image.Rect(int(math.Floor(float64(lo.x)))-1, int(math.Floor(float64(lo.y)))-1,
		int(math.Ceil(float64(hi.x)))+1, int(math.Ceil(float64(hi.y)))+1).Intersect(p.img.Bounds())
	if r.Empty() || col.A == 0 {
		return
	}
	p.z.Reset(r.Dx(), r.Dy())
	path(&p.z, pt{float32(r.Min.X), float32(r.Min.Y)})
	p.z.Draw(p.img, r, p.uniform(col), image.Point{})
}

// circle adds a circle to z: clockwise, or anticlockwise to cut a hole.
func circle(z *vector.Rasterizer, c pt, r float32, hole bool) {
	const k = 0.5522848 // control distance of a quarter circle
	dirs := [5]pt{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 0}}
	if hole {
		dirs = [5]pt{{1, 0}, {0, -1}, {-1, 0}, {0, 1}, {1, 0}}
	}
	z.MoveTo(c.x+r, c.y)
	for i := range 4 {
		u, w := dirs[i], dirs[i+1]
		z.CubeTo(c.x+r*(u.x+k*w.x), c.y+r*(u.y+k*w.y), c.x+r*(w.x+k*u.x), c.y+r*(w.y+k*u.y), c.x+r*w.x, c.y+r*w.y)
	}
	z.ClosePath()
}

// disc draws a disc of radius r.
func (p *painter) disc(c pt, r float32, col color.NRGBA) { p.round(c, r, 0, col) }

// ring draws a circle of radius r, w wide.
func (p *painter) ring(c pt, r, w float32, col color.NRGBA) { p.round(c, r, w, col) }

// roundKey names a rasterised disc or ring: its radius, its width (0 for
// a disc) and its centre's offset within a pixel, in quarters.
type roundKey struct {
	r, w   float32
	fx, fy int
}

// round draws a disc (w = 0) or a ring centred at c, snapped to a quarter
// pixel. A map draws the same few markers thousands of times, so each is
// rasterised once per picture and then stamped.
func (p *painter) round(c pt, r, w float32, col color.NRGBA) {
	if col.A == 0 || r <= 0 {
		return
	}
	qx, qy := int(math.Floor(float64(c.x)*4)), int(math.Floor(float64(c.y)*4))
	k := roundKey{r: r, w: w, fx: qx & 3, fy: qy & 3}
	mask := p.stamps[k]
	if mask == nil {
		mask = p.rasterRound(k)
		if p.stamps == nil {
			p.stamps = map[roundKey]*image.Alpha{}
		}
		p.stamps[k] = mask
	}
	half := mask.Rect.Dx() / 2
	at := image.Pt(qx>>2-half, qy>>2-half)
	draw.DrawMask(p.img, mask.Rect.Add(at), p.uniform(col), image.Point{}, mask, image.Point{}, draw.Over)
}

// rasterRound rasterises the disc or ring of k into a square mask whose
// middle pixel's top-left corner is the centre, offset by k's quarters.
func (p *painter) rasterRound(k roundKey) *image.Alpha {
	out := k.r + k.w/2
	half := int(math.Ceil(float64(out))) + 1
	mask := image.NewAlpha(image.Rect(0, 0, 2*half+1, 2*half+1))
	c := pt{float32(half) + float32(k.fx)/4, float32(half) + float32(k.fy)/4}
	p.z.Reset(mask.Rect.Dx(), mask.Rect.Dy())
	p.z.DrawOp = draw.Src
	circle(&p.z, c, out, false)
	if k.w > 0 {
		circle(&p.z, c, max(k.r-k.w/2, 0), true)
	}
	p.z.Draw(mask, mask.Rect, image.Opaque, image.Point{})
	return mask
}

// polygon adds shape, scaled by s about c, to z; reversed to cut a hole.
func polygon(z *vector.Rasterizer, shape []pt, c pt, s float32, hole bool) {
	n := len(shape)
	at := func(i int) pt {
		if hole {
			i = (n - i) % n
		}
		return pt{c.x + s*shape[i].x, c.y + s*shape[i].y}
	}
	z.MoveTo(at(0).x, at(0).y)
	for i := 1; i < n; i++ {
		z.LineTo(at(i).x, at(i).y)
	}
	z.ClosePath()
}

// poly fills shape scaled by s about c.
func (p *painter) poly(shape []pt, c pt, s float32, col color.NRGBA) {
	p.fill(col, pt{c.x - s, c.y - s}, pt{c.x + s, c.y + s}, func(z *vector.Rasterizer, o pt) {
		polygon(z, shape, pt{c.x - o.x, c.y - o.y}, s, false)
	})
}

// outline draws the outline of shape scaled by s about c, about w wide.
func (p *painter) outline(shape []pt, c pt, s, w float32, col color.NRGBA) {
	out, in := s+w/2, max(s-w/2, 0)
	p.fill(col, pt{c.x - out, c.y - out}, pt{c.x + out, c.y + out}, func(z *vector.Rasterizer, o pt) {
		polygon(z, shape, pt{c.x - o.x, c.y - o.y}, out, false)
		polygon(z, shape, pt{c.x - o.x, c.y - o.y}, in, true)
	})
}

// lines strokes the segments w wide in one pass. Every segment's quad
// winds the same way, so crossings add up instead of cancelling.
func (p *painter) lines(segs [][2]pt, w float32, col color.NRGBA) {
	if len(segs) == 0 {
		return
	}
	lo, hi := segs[0][0], segs[0][0]
	for _, s := range segs {
		for _, q := range s {
			lo, hi = pt{min(lo.x, q.x), min(lo.y, q.y)}, pt{max(hi.x, q.x), max(hi.y, q.y)}
		}
	}
	h := w / 2
	p.fill(col, pt{lo.x - h, lo.y - h}, pt{hi.x + h, hi.y + h}, func(z *vector.Rasterizer, o pt) {
		for _, s := range segs {
			a, b := s[0], s[1]
			dx, dy := b.x-a.x, b.y-a.y
			d := float32(math.Hypot(float64(dx), float64(dy)))
			if d < 0.01 {
				continue
			}
			nx, ny := -dy/d*h, dx/d*h
			z.MoveTo(a.x-o.x+nx, a.y-o.y+ny)
			z.LineTo(b.x-o.x+nx, b.y-o.y+ny)
			z.LineTo(b.x-o.x-nx, b.y-o.y-ny)
			z.LineTo(a.x-o.x-nx, a.y-o.y-ny)
			z.ClosePath()
		}
	})
}

// planet draws a system's planet: a disc in its type's colour
// with a small feature, a featureless blue disc for an unexplored unknown
// planet, and a grey outline where the player never looked.
func (p *painter) planet(c pt, r float32, kind campaign.PlanetType, alpha uint8) {
	pal := mapPalette
	switch kind {
	case "":
		p.ring(c, r-0.75, 1.5, fade(pal.never, alpha))
		return
	case campaign.Unknown:
		p.disc(c, r, fade(pal.unknown, alpha))
		return
	case campaign.Life:
		p.disc(c, r, fade(pal.life, alpha))
	case campaign.Mineral:
		p.disc(c, r, fade(pal.mineral, alpha))
	case campaign.Dead:
		p.disc(c, r, fade(pal.dead, alpha))
	default:
		p.disc(c, r, fade(pal.never, alpha))
	}
	if r >= 4 {
		p.feature(c, r, kind, alpha)
	}
}

// feature draws what sets a known planet apart from an unknown one: an ice
// cap on a life planet, ore on a mineral one, a crater on a dead one.
func (p *painter) feature(c pt, r float32, kind campaign.PlanetType, alpha uint8) {
	pal := mapPalette
	switch kind {
	case campaign.Life:
		p.disc(pt{c.x - r*0.3, c.y - r*0.35}, r*0.38, fade(pal.lifeCap, alpha))
	case campaign.Mineral:
		p.disc(pt{c.x - r*0.3, c.y + r*0.2}, r*0.22, fade(pal.ore, alpha))
		p.disc(pt{c.x + r*0.35, c.y - r*0.25}, r*0.18, fade(pal.ore, alpha))
	case campaign.Dead:
		p.ring(pt{c.x + r*0.2, c.y + r*0.15}, r*0.35, max(1, r*0.15), fade(pal.crater, alpha))
	}
}

// panel fills r with the panel colour and frames it with a line one pixel
// wide, each pixel painted once.
func (p *painter) panel(r image.Rectangle) {
	for _, edge := range [...]image.Rectangle{
		{r.Min, image.Pt(r.Max.X, r.Min.Y+1)}, {image.Pt(r.Min.X, r.Max.Y-1), r.Max},
		{r.Min, image.Pt(r.Min.X+1, r.Max.Y)}, {image.Pt(r.Max.X-1, r.Min.Y), r.Max},
	} {
		draw.Draw(p.img, edge.Intersect(r), p.uniform(mapPalette.border), image.Point{}, draw.Src)
	}
	draw.Draw(p.img, r.Inset(1), p.uniform(mapPalette.panel), image.Point{}, draw.Src)
}

// text draws s with its baseline starting at dot.
func (p *painter) text(face font.Face, s string, dot image.Point, col color.NRGBA) {
	d := font.Drawer{Dst: p.img, Src: p.uniform(col), Face: face, Dot: fixed.P(dot.X, dot.Y)}
	d.DrawString(s)
}
