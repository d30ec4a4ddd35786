package report

import (
	"image"
	"image/color"

	"github.com/pbemd/pbemd/campaign"
)

// MapMark is a mark a map draws, which a legend line explains.
type MapMark int

// The marks a legend explains.
const (
	// MarkLife, MarkMineral, MarkDead and MarkUnknown are planets of each
	// type, MarkNever a planet nobody looked at.
	MarkLife MapMark = iota
	MarkMineral
	MarkDead
	MarkUnknown
	MarkNever
	// MarkSeenClose and MarkSeenFar are the rings of a sighting this
	// turn, a close look and a look that told fortification alone, and
	// MarkFaded a sighting of an earlier turn.
	MarkSeenClose
	MarkSeenFar
	MarkFaded
	// MarkFortified and MarkDeveloped are what a sighting found.
	MarkFortified
	MarkDeveloped
	// MarkContacts is the BPV of other empires' fleets a sighting found.
	MarkContacts
	// MarkFleets is a fleet label: how many and their BPV.
	MarkFleets
	// MarkFRD, MarkMine, MarkColony, MarkFort, MarkCapital and MarkYard
	// are holdings (HoldingKind).
	MarkFRD
	MarkMine
	MarkColony
	MarkFort
	MarkCapital
	MarkYard
	// MarkOwned is the ring of a system's owner, MarkNPE that of a
	// non-player empire.
	MarkOwned
	MarkNPE
	// MarkBattle and MarkLaneBattle are pending battles at a system and
	// in a lane, and MarkRetreat a retreat under way.
	MarkBattle
	MarkLaneBattle
	MarkRetreat
)

// MapKey is a line of a map's legend: a mark, and what it means in the
// ruleset's words.
type MapKey struct {
	Mark MapMark
	Text string
}

// legendRows is how many lines the legend has: a line per player, then a
// line per key.
func (m *mapModel) legendRows() int { return len(m.src.Players) + len(m.src.Legend) }

// paintLegend writes the legend: its heading, then the players, each
// beside their colour, then the keys, each beside its mark, in the
// layout's columns.
func (m *mapModel) paintLegend(p *painter) {
	box, face := m.lay.legend, m.faces.legend
	row, head := int(m.u(mapLegendRow)), int(m.u(mapLegendHead))
	colW := box.Dx() / m.lay.legendCols
	p.text(m.faces.own, "Legend", image.Pt(box.Min.X+int(m.u(12)), box.Min.Y+int(m.u(19))), mapPalette.text)
	for k := range m.legendRows() {
		x0 := box.Min.X + k%m.lay.legendCols*colW
		y := box.Min.Y + head + k/m.lay.legendCols*row
		c := pt{float32(x0) + m.u(22), float32(y) + float32(row)/2}
		base := image.Pt(x0+int(m.u(40)), y+row/2+capHeight(face)/2)
		text := ""
		if k < len(m.src.Players) {
			pl := m.src.Players[k]
			p.disc(c, m.u(6), m.colour(pl.ID))
			text = pl.Label
		} else {
			key := m.src.Legend[k-len(m.src.Players)]
			m.paintMark(p, key.Mark, c, image.Pt(x0+int(m.u(10)), base.Y))
			text = key.Text
		}
		p.text(face, fitText(face, text, 80, colW-int(m.u(44))), base, mapPalette.text)
	}
}

// paintMark draws a legend's sample of mark centred at c; a text sample
// starts at dot.
func (m *mapModel) paintMark(p *painter, mark MapMark, c pt, dot image.Point) {
	u, col := m.u, m.keyColour()
	switch mark {
	case MarkLife, MarkMineral, MarkDead, MarkUnknown, MarkNever:
		p.planet(c, u(7), [...]campaign.PlanetType{campaign.Life, campaign.Mineral, campaign.Dead, campaign.Unknown, ""}[mark-MarkLife], 255)
	case MarkSeenClose, MarkSeenFar:
		paintSeenRing(p, c, u(5), u(1.4), m.lay.s, mark == MarkSeenClose)
		p.planet(c, u(5), campaign.Dead, 255)
	case MarkFaded:
		p.planet(c, u(7), campaign.Life, mapFade)
	case MarkFortified:
		p.outline(shapeSquare, c, u(4.8), u(2), mapPalette.mark)
	case MarkDeveloped:
		p.outline(shapeDiamond, c, u(6), u(2), mapPalette.mark)
	case MarkContacts:
		p.text(m.faces.own, "120", dot, mapPalette.contact)
	case MarkFleets:
		p.poly(shapeTriangle, c, u(6), col)
	case MarkFRD:
		p.outline(shapeSquare, c, u(8), u(1.5), col)
		p.planet(c, u(4.5), campaign.Mineral, 255)
	case MarkMine, MarkColony, MarkFort, MarkCapital, MarkYard:
		kind := [...]HoldingKind{HoldMine, HoldColony, HoldFort, HoldCapital, HoldYard}[mark-MarkMine]
		holdingGlyphs[kind](p, c, u(6), col)
	case MarkOwned, MarkNPE:
		ring := col
		if mark == MarkNPE {
			ring = npeColour
		}
		p.ring(c, u(7), u(2.2), ring)
		p.planet(c, u(5), campaign.Life, 255)
	case MarkBattle:
		p.planet(c, u(4.5), campaign.Life, 255)
		p.ring(c, u(7), u(2), mapPalette.battle)
	case MarkLaneBattle:
		p.lines([][2]pt{{{c.x - u(9), c.y + u(6)}, {c.x + u(9), c.y - u(6)}}}, u(2), fade(mapPalette.battle, 190))
		glyphBattle(p, c, u(4.5), mapPalette.battle)
	case MarkRetreat:
		glyphArrow(p, [2]pt{{c.x - u(10), c.y}, {c.x + u(10), c.y}}, u(2), col)
	}
}

// keyColour is the colour of a legend's samples of what players hold: the
// reader's own on a map without players; with players, whose colours
// the players' lines show, a neutral one.
func (m *mapModel) keyColour() color.NRGBA {
	if len(m.src.Players) == 0 {
		return mapPalette.own
	}
	return mapPalette.text
}
