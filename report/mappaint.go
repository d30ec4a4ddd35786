package report

import (
	"image"
	"image/color"
	"math"

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

// playerColours tell players apart on a map with players, in their order:
// bright on the navy, and far from the planets' and the battles'.
var playerColours = []color.NRGBA{
	rgb(0xffd166), rgb(0x7cc6ff), rgb(0xff8fd8), rgb(0xb6f07a),
	rgb(0xc9a7ff), rgb(0xff9a52), rgb(0x5ff2c8), rgb(0xf0f0a0),
}

// npeColour marks what a non-player empire holds.
var npeColour = rgb(0xd0d4dc)

// colour is the colour of what owner holds: the reader's own on a map
// without players.
func (m *mapModel) colour(owner campaign.PlayerID) color.NRGBA {
	if len(m.src.Players) == 0 {
		return mapPalette.own
	}
	if i, ok := m.idx.player[owner]; ok {
		return playerColours[i%len(playerColours)]
	}
	return mapPalette.dim
}

// u is v units of the design in the picture's pixels.
func (m *mapModel) u(v float32) float32 { return v * m.lay.s }

func rgb(c uint32) color.NRGBA {
	return color.NRGBA{R: uint8(c >> 16), G: uint8(c >> 8), B: uint8(c), A: 0xff}
}

// fade scales a colour's opacity by a/255.
func fade(c color.NRGBA, a uint8) color.NRGBA {
	c.A = uint8(uint32(c.A) * uint32(a) / 255)
	return c
}

// markSize is the half-size of the glyphs beside a system marker.
func (m *mapModel) markSize() float32 { return max(m.u(3), m.lay.r*0.7) }

// ringWidth is the width of the rings round a system's planet.
func (m *mapModel) ringWidth() float32 { return max(m.u(1.2), m.lay.r/5) }

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
// sighting this turn, its planet, and the marks of what is there: the
// holdings left of it, in their owners' colours, and right of it what a
// sighting found.
func (m *mapModel) paintSystem(p *painter, i int) {
	s, c, r := m.src.Systems[i], m.lay.pos[i], m.lay.r
	sv := m.idx.seen[s.ID]
	alpha := uint8(255)
	if sv != nil && !sv.Current {
		alpha = mapFade
	}
	w := m.ringWidth()
	if owner, ok := m.idx.frd[s.ID]; ok {
		p.outline(shapeSquare, c, r+m.u(6), w, m.colour(owner))
	}
	if sv != nil && sv.Current {
		paintSeenRing(p, c, r, w, m.lay.s, sv.Close)
	}
	p.planet(c, r, s.Planet, alpha)
	for k, h := range m.idx.holds[s.ID] {
		holdingGlyphs[h.Kind](p, m.holdingAt(i, k), m.markSize(), m.colour(h.Owner))
	}
	ms, step, e := m.markSize(), 2*m.markSize()+m.u(3), m.reach(s.ID)
	fort, dev := m.idx.marks(sv)
	x := c.x + e + m.u(1.5) + ms
	if fort {
		p.outline(shapeSquare, pt{x, c.y}, ms*0.8, max(m.u(1.2), ms/3), fade(mapPalette.mark, alpha))
		x += step
	}
	if dev {
		p.outline(shapeDiamond, pt{x, c.y}, ms, max(m.u(1.2), ms/3), fade(mapPalette.mark, alpha))
	}
}

// holdingAt is where the k-th holding of system i is drawn: left of its
// marker, in a row, or in two rows where there are more than three.
func (m *mapModel) holdingAt(i, k int) pt {
	c, ms := m.lay.pos[i], m.markSize()
	x := c.x - m.reach(m.src.Systems[i].ID) - m.u(1.5) - ms
	step := 2*ms + m.u(3)
	if len(m.idx.holds[m.src.Systems[i].ID]) <= 3 {
		return pt{x - float32(k)*step, c.y}
	}
	dy := ms + m.u(1)
	if k%2 == 0 {
		dy = -dy
	}
	return pt{x - float32(k/2)*step, c.y + dy}
}

// holdingCols is how many columns the holdings of system i take.
func (m *mapModel) holdingCols(i int) int {
	return holdingColumns(len(m.idx.holds[m.src.Systems[i].ID]))
}

// paintSeenRing rings a system seen this turn: bold after a close look,
// thin where only fortification could be told; s pixels to the unit.
func paintSeenRing(p *painter, c pt, r, w, s float32, close bool) {
	if close {
		p.ring(c, r+w+1.5*s, w*1.4, mapPalette.seen)
		return
	}
	p.ring(c, r+w+1.5*s, max(s, w*0.7), fade(mapPalette.seen, 150))
}

// paintOwners rings each owned system in its owner's colour.
func (m *mapModel) paintOwners(p *painter) {
	w := m.ringWidth() * 1.6
	for _, o := range m.src.Owners {
		c, ok := m.at[o.At]
		if !ok {
			continue
		}
		col := npeColour
		if !o.NPE {
			col = m.colour(o.Owner)
		}
		p.ring(c, m.lay.r+w/2+m.u(1.5), w, col)
	}
}

// glyphFunc draws a glyph centred at c with half-size s.
type glyphFunc func(p *painter, c pt, s float32, col color.NRGBA)

// holdingGlyphs draw the holdings beside a system: a star for a capital,
// a diamond for a mine, a house for a colony, a square frame for a
// fortification, a hexagon for a shipyard. An FRD frames the planet.
var holdingGlyphs = map[HoldingKind]glyphFunc{
	HoldCapital: glyphCapital, HoldMine: glyphMine, HoldColony: glyphColony, HoldFort: glyphFort, HoldYard: glyphYard,
}

func glyphMine(p *painter, c pt, s float32, col color.NRGBA) { p.poly(shapeDiamond, c, s, col) }

func glyphColony(p *painter, c pt, s float32, col color.NRGBA) { p.poly(shapeHouse, c, s*0.9, col) }

func glyphFort(p *painter, c pt, s float32, col color.NRGBA) {
	p.outline(shapeSquare, c, s*0.8, max(1.4, s/2.5), col)
}

func glyphCapital(p *painter, c pt, s float32, col color.NRGBA) { p.poly(shapeStar, c, s*1.15, col) }

func glyphYard(p *painter, c pt, s float32, col color.NRGBA) { p.poly(shapeHexagon, c, s*0.95, col) }

// paintBattles marks pending battles: first, under the systems, the lanes
// of battles in a lane in red; then a red ring round each system of a
// battle, and a cross halfway along each lane.
func (m *mapModel) paintBattles(p *painter, lanes bool) {
	r := m.lay.r
	for _, b := range m.src.Battles {
		if b.Lane == nil {
			c, ok := m.at[b.At]
			if ok && !lanes {
				p.ring(c, m.reach(b.At)-m.u(2), max(m.u(2), r/3.5), mapPalette.battle)
			}
			continue
		}
		seg, ok := m.laneSegment(*b.Lane)
		switch {
		case !ok:
		case lanes:
			p.lines([][2]pt{seg}, max(m.u(2), r/3), fade(mapPalette.battle, 190))
		default:
			glyphBattle(p, pt{(seg[0].x + seg[1].x) / 2, (seg[0].y + seg[1].y) / 2}, r*0.7+m.u(2), mapPalette.battle)
		}
	}
}

func glyphBattle(p *painter, c pt, s float32, col color.NRGBA) {
	w := max(2, s/3.5)
	p.lines([][2]pt{{{c.x - s, c.y - s}, {c.x + s, c.y + s}}}, w, col)
	p.lines([][2]pt{{{c.x - s, c.y + s}, {c.x + s, c.y - s}}}, w, col)
}

// paintRetreats draws each retreat as an arrow in its owner's colour from
// the rim of the system it leaves to the rim of the one it goes to.
func (m *mapModel) paintRetreats(p *painter) {
	for _, rt := range m.src.Retreats {
		seg, ok := m.laneSegment(campaign.Lane{A: rt.From, B: rt.To})
		if ok {
			glyphArrow(p, seg, max(m.u(2), m.lay.r/3), m.colour(rt.Owner))
		}
	}
}

// arrow is an arrow's shape: its shaft from a to base, and its head, the
// triangle tip, left, right, head long.
type arrow struct {
	a, base, tip, left, right pt
	head                      float32
}

// arrowAlong returns the arrow w wide along seg, its head at seg's end;
// false for a segment too short to draw.
func arrowAlong(seg [2]pt, w float32) (arrow, bool) {
	a, b := seg[0], seg[1]
	d := float32(math.Hypot(float64(b.x-a.x), float64(b.y-a.y)))
	if d < 1 {
		return arrow{}, false
	}
	ux, uy := (b.x-a.x)/d, (b.y-a.y)/d
	head := min(3*w, d/2)
	base := pt{b.x - ux*head, b.y - uy*head}
	nx, ny := -uy*head*0.6, ux*head*0.6
	return arrow{a: a, base: base, tip: b, left: pt{base.x + nx, base.y + ny}, right: pt{base.x - nx, base.y - ny}, head: head}, true
}

// glyphArrow draws an arrow w wide along seg, its head at seg's end.
func glyphArrow(p *painter, seg [2]pt, w float32, col color.NRGBA) {
	ar, ok := arrowAlong(seg, w)
	if !ok {
		return
	}
	b, base, head := ar.tip, ar.base, ar.head
	p.lines([][2]pt{{ar.a, base}}, w, col)
	p.fill(col, pt{min(b.x, base.x) - head, min(b.y, base.y) - head}, pt{max(b.x, base.x) + head, max(b.y, base.y) + head},
		func(z *vector.Rasterizer, o pt) {
			z.MoveTo(b.x-o.x, b.y-o.y)
			z.LineTo(ar.left.x-o.x, ar.left.y-o.y)
			z.LineTo(ar.right.x-o.x, ar.right.y-o.y)
			z.ClosePath()
		})
}

// paintTitle writes the title line, the campaign's title (cut to fit)
// and its caption, and below it the model's second line; a phone's
// picture writes the caption and each part of the second line on lines
// of their own.
func (m *mapModel) paintTitle(p *painter) {
	if m.lay.s == 1 {
		width := m.lay.w - 2*mapPad
		head := fitText(m.faces.title, m.src.Title, 80, width*2/3) + " · " + m.src.Caption
		p.text(m.faces.title, fitText(m.faces.title, head, 200, width), image.Pt(mapPad, 26), mapPalette.title)
		p.text(m.faces.sub, fitText(m.faces.sub, m.src.Sub, 200, width), image.Pt(mapPad, 46), mapPalette.dim)
		return
	}
	pad := int(m.u(phonePad))
	width := m.lay.w - 2*pad
	p.text(m.faces.title, fitText(m.faces.title, m.src.Title, 80, width), image.Pt(pad, int(m.u(24))), mapPalette.title)
	for k, line := range append([]string{m.src.Caption}, subLines(m.src.Sub)...) {
		col := mapPalette.dim
		if k == 0 {
			col = mapPalette.title
		}
		p.text(m.faces.sub, fitText(m.faces.sub, line, 200, width), image.Pt(pad, int(m.u(40))+k*int(m.u(16))), col)
	}
}
