package report

import (
	"bytes"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/pbemd/pbemd/campaign"
)

// The SVG map is drawn in design units, the wide picture's pixels: its
// marks, labels and legend are the sizes PaintMap gives them. A group
// scales the design to the map's own coordinates.
const (
	// svgLabelSize is the size of every text.
	svgLabelSize = 12
	// svgFitW and svgFitH are about the wide picture's map frame: the
	// whole map fills at least that much of the design.
	svgFitW, svgFitH = 850, 750
	// svgMaxSpan bounds the design's larger side, whatever the
	// coordinates.
	svgMaxSpan = 100_000
	// svgInsetX and svgInsetY are the room round the systems for their
	// names and marks; the holdings left of a system may take more.
	svgInsetX, svgInsetY = 60, 40
	// svgMinW and svgMinH are the least size of the map's frame: the
	// legend below it, as wide, has room for two columns.
	svgMinW, svgMinH = 2 * mapLegendW, 160
	// svgHit is the radius of a system's hit circle, in radii of its
	// planet: a finger's width on a phone once zoomed in.
	svgHit = 2.5
)

// MapSVG draws m as an SVG document for a player's web page, where the
// map pans and zooms: the marks, colours, labels and legend PaintMap
// draws, as vectors, with every system named. The viewBox is in the map's
// own coordinates, with a margin, and holds the legend below the map;
// data-map-box on the root is the map's part of it, without the legend.
// The document has no width or height, so the page sizes it, and neither
// script nor style, only presentation attributes, so a
// Content-Security-Policy without 'unsafe-inline' lets it show; every
// text is escaped. The page finds what it needs by class and data
// attribute: the root is "map"; the map's content is in the group "view";
// a lane is a line "lane" with data-a and data-b; a system is a group
// "system", also "own" where the reader owns it, with data-system, a
// transparent "hit" circle to tap and its name; each player's fleets at a
// system are a group "fleet" with data-system and data-owner (empty for
// the reader's on a map without players); holdings, battles and retreats
// are marked "holding", "battle" and "retreat"; and the legend is the
// group "legend". The same model always gives the same bytes, and a nil
// model an empty map.
func MapSVG(m *Map) []byte {
	if m == nil {
		m = &Map{}
	}
	s := newSVGMap(m)
	var w bytes.Buffer
	s.writeHead(&w)
	fmt.Fprintf(&w, "<g id=\"view\">\n<g%s>\n", s.design())
	svgRect(&w, s.lay.frame)
	s.writeLanes(&w)
	s.writeLaneBattles(&w)
	s.writeRetreats(&w)
	for i := range m.Systems {
		s.writeSystem(&w, i)
	}
	s.writeFleets(&w)
	w.WriteString("</g>\n</g>\n")
	s.writeLegend(&w)
	w.WriteString("</svg>\n")
	return w.Bytes()
}

// svgMap is what an SVG map is drawn from: the picture's model, laid out
// in design units (newSVGLayout), and its labels, each with its system.
type svgMap struct {
	*mapModel
	// k is the design units to a unit of the map's coordinates, and
	// minX, minY the coordinates of the design's origin.
	k          float64
	minX, minY float64
	// names are the labels of each system, its name and contacts, and
	// fleets the fleet labels, in the order they were placed.
	names  [][]svgLabel
	fleets []svgLabel
}

// svgLabel is a label, the system it is at, and, for a fleet label, the
// fleets' owner.
type svgLabel struct {
	mapLabel
	sys   int
	owner campaign.PlayerID
}

func newSVGMap(src *Map) *svgMap {
	m := &mapModel{src: src, idx: newMapIndex(src)}
	room := layoutRoom{rows: m.legendRows(), glyphCols: m.idx.holdingCols()}
	s := &svgMap{mapModel: m}
	s.minX, s.minY, _, _ = extent(src.Systems)
	m.lay, s.k = newSVGLayout(src, room)
	m.at = m.positions()
	faces, err := newMapFaces(m.lay.labelSize, 1)
	if err != nil {
		panic(fmt.Sprintf("report: map svg: %v", err)) // the Go fonts are built in
	}
	m.faces = faces
	s.placeLabels()
	return s
}

// newSVGLayout lays out an SVG map in design units: each system k units
// to a unit of its coordinates from the least ones, spread as the wide
// picture spreads crowded systems, in a frame with room for names and
// holdings round them, and the legend below it, as wide.
func newSVGLayout(src *Map, room layoutRoom) (mapLayout, float64) {
	n := len(src.Systems)
	minX, minY, spanX, spanY := extent(src.Systems)
	k := svgScale(src, spanX, spanY)
	l := mapLayout{s: 1, labelAll: true, labelSize: svgLabelSize, in: all(n), pos: make([]pt, n)}
	for i, sys := range src.Systems {
		l.pos[i] = pt{float32((float64(sys.X) - minX) * k), float32((float64(sys.Y) - minY) * k)}
	}
	left := max(svgInsetX, glyphReach(room.glyphCols))
	w, h := int(math.Ceil(spanX*k)), int(math.Ceil(spanY*k))
	l.frame = image.Rect(-left, -svgInsetY, w+svgInsetX, h+svgInsetY)
	if d := svgMinW - l.frame.Dx(); d > 0 {
		l.frame.Min.X, l.frame.Max.X = l.frame.Min.X-d/2, l.frame.Max.X+d-d/2
	}
	if d := svgMinH - l.frame.Dy(); d > 0 {
		l.frame.Min.Y, l.frame.Max.Y = l.frame.Min.Y-d/2, l.frame.Max.Y+d-d/2
	}
	content := image.Rect(l.frame.Min.X+left, l.frame.Min.Y+svgInsetY, l.frame.Max.X-svgInsetX, l.frame.Max.Y-svgInsetY)
	l.r = markerRadius(content, n, 1)
	l.spread(content)
	l.legendCols = clampInt(l.frame.Dx()/mapLegendW, 1, max(room.rows, 1))
	rows := (room.rows + l.legendCols - 1) / l.legendCols
	top := l.frame.Max.Y + mapGap
	l.legend = image.Rect(l.frame.Min.X, top, l.frame.Max.X, top+mapLegendHead+rows*mapLegendRow+8)
	return l, k
}

// svgScale is the design units to a unit of the map's coordinates: enough
// for the whole map to fill the wide picture's frame, and for lanes of
// typical length to come out phoneSpacing units long, as on a phone, so
// that names fit between systems once zoomed in; rounded up by niceScale.
func svgScale(src *Map, spanX, spanY float64) float64 {
	k := max(fitScale(spanX, spanY, svgFitW, svgFitH), phoneSpacing/typicalLane(src))
	if span := max(spanX, spanY); span > 0 {
		k = min(k, svgMaxSpan/span)
	}
	return niceScale(k)
}

// niceScale is the least of 1, 2, 2.5, 4, 5 and 8 times a power of ten
// that is k or more, so that its inverse, the scale the design is drawn
// at, is a short decimal.
func niceScale(k float64) float64 {
	if !(k > 0) || math.IsInf(k, 1) {
		return 100
	}
	p := math.Pow(10, math.Floor(math.Log10(k)))
	for _, f := range []float64{1, 2, 2.5, 4, 5, 8} {
		if f*p >= k*(1-1e-9) {
			return f * p
		}
	}
	return 10 * p
}

// placeLabels places the labels as the wide picture does (planLabels),
// fleets' and contacts' first, then the names, but names every system:
// where a name covers something whatever its place, the map is zoomed.
func (s *svgMap) placeLabels() {
	lp := labelPlan{frame: s.lay.frame.Inset(2), obstacles: s.markerBoxes()}
	s.names = make([][]svgLabel, len(s.src.Systems))
	add := func(c candidate, i int, owner campaign.PlayerID) {
		if !lp.place(c, true) {
			return
		}
		l := svgLabel{mapLabel: lp.placed[len(lp.placed)-1], sys: i, owner: owner}
		if l.kind == labelFleet {
			s.fleets = append(s.fleets, l)
		} else {
			s.names[i] = append(s.names[i], l)
		}
	}
	for i, sys := range s.src.Systems {
		for _, f := range s.idx.fleets[sys.ID] {
			add(s.fleetLabel(i, f), i, f.owner)
		}
		if c, ok := s.contactLabel(i); ok {
			add(c, i, "")
		}
		if s.idx.own(sys.ID) {
			add(s.nameLabel(i), i, "")
		}
	}
	for i, sys := range s.src.Systems {
		if !s.idx.own(sys.ID) {
			add(s.nameLabel(i), i, "")
		}
	}
}

// design is the attributes of a group drawn in design units: the
// transform to the map's coordinates, and the size of its text.
func (s *svgMap) design() string {
	t := "scale(" + strconv.FormatFloat(1/s.k, 'g', 6, 64) + ")"
	if s.minX != 0 || s.minY != 0 {
		t = "translate(" + svgNum(s.minX) + " " + svgNum(s.minY) + ") " + t
	}
	return fmt.Sprintf(` transform="%s" font-size="%d"`, t, svgLabelSize)
}

// box is r, in design units, in the map's coordinates, rounded outwards to
// a tenth.
func (s *svgMap) box(r image.Rectangle) string {
	tenths := func(v int, o float64, round func(float64) float64) int64 {
		return int64(round((o + float64(v)/s.k) * 10))
	}
	x0, y0 := tenths(r.Min.X, s.minX, math.Floor), tenths(r.Min.Y, s.minY, math.Floor)
	x1, y1 := tenths(r.Max.X, s.minX, math.Ceil), tenths(r.Max.Y, s.minY, math.Ceil)
	dec := func(t int64) string { return svgNum(float64(t) / 10) }
	return dec(x0) + " " + dec(y0) + " " + dec(x1-x0) + " " + dec(y1-y0)
}

// writeHead opens the document: the root, the title (the campaign's and
// the caption), the description (the line under the title) and the
// background.
func (s *svgMap) writeHead(w *bytes.Buffer) {
	whole := s.box(s.lay.frame.Union(s.lay.legend))
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="%s" data-map-box="%s" `+
		`preserveAspectRatio="xMidYMid meet" font-family="sans-serif">`+"\n", whole, s.box(s.lay.frame))
	title := slices.DeleteFunc([]string{cleanText(s.src.Title), cleanText(s.src.Caption)}, func(t string) bool { return t == "" })
	fmt.Fprintf(w, "<title>%s</title>\n", svgEsc(strings.Join(title, " · ")))
	if s.src.Sub != "" {
		fmt.Fprintf(w, "<desc>%s</desc>\n", svgEsc(cleanText(s.src.Sub)))
	}
	b := strings.Fields(whole)
	fmt.Fprintf(w, `<rect class="bg" x="%s" y="%s" width="%s" height="%s"%s/>`+"\n", b[0], b[1], b[2], b[3], svgFill(mapPalette.bg))
}

// writeLanes draws each lane between the rims of its systems' planets, or
// between their centres where the planets touch; a lane to a system not
// on the map is left out.
func (s *svgMap) writeLanes(w *bytes.Buffer) {
	fmt.Fprintf(w, "<g class=\"lanes\"%s>\n", svgStroke(mapPalette.lane, min(1.6, max(1, s.lay.r/4))))
	for _, l := range s.src.Lanes {
		a, okA := s.at[l.A]
		b, okB := s.at[l.B]
		if !okA || !okB {
			continue
		}
		if seg, ok := s.laneSegment(l); ok {
			a, b = seg[0], seg[1]
		}
		fmt.Fprintf(w, `<line class="lane" data-a="%s" data-b="%s" x1="%s" y1="%s" x2="%s" y2="%s"/>`+"\n",
			svgEsc(string(l.A)), svgEsc(string(l.B)), svgDec(a.x), svgDec(a.y), svgDec(b.x), svgDec(b.y))
	}
	w.WriteString("</g>\n")
}

// writeLaneBattles marks each battle in a lane as the wide picture does: the
// lane in red, a cross halfway along it.
func (s *svgMap) writeLaneBattles(w *bytes.Buffer) {
	r := s.lay.r
	for _, b := range s.src.Battles {
		if b.Lane == nil {
			continue
		}
		seg, ok := s.laneSegment(*b.Lane)
		if !ok {
			continue
		}
		fmt.Fprintf(w, `<g class="battle" data-a="%s" data-b="%s">`+"\n", svgEsc(string(b.Lane.A)), svgEsc(string(b.Lane.B)))
		svgLine(w, seg, svgStroke(fade(mapPalette.battle, 190), max(2, r/3)))
		svgCross(w, pt{(seg[0].x + seg[1].x) / 2, (seg[0].y + seg[1].y) / 2}, r*0.7+2, mapPalette.battle)
		w.WriteString("</g>\n")
	}
}

// writeRetreats draws each retreat as an arrow in its owner's colour.
func (s *svgMap) writeRetreats(w *bytes.Buffer) {
	for _, rt := range s.src.Retreats {
		seg, ok := s.laneSegment(campaign.Lane{A: rt.From, B: rt.To})
		if !ok {
			continue
		}
		fmt.Fprintf(w, `<g class="retreat" data-owner="%s" data-from="%s" data-to="%s">`+"\n",
			svgEsc(string(rt.Owner)), svgEsc(string(rt.From)), svgEsc(string(rt.To)))
		svgArrow(w, seg, max(2, s.lay.r/3), s.colour(rt.Owner))
		w.WriteString("</g>\n")
	}
}

// writeSystem draws a system as the wide picture does (paintSystem), with
// its owner's ring, its battle's and its labels, in a group translated to
// the system's place, whose hit circle is larger than its marks.
func (s *svgMap) writeSystem(w *bytes.Buffer, i int) {
	sys, at, r := s.src.Systems[i], s.lay.pos[i], s.lay.r
	class := "system"
	if o, ok := s.idx.owner[sys.ID]; ok && !o.NPE && s.idx.mine(o.Owner) {
		class += " own"
	}
	fmt.Fprintf(w, `<g class="%s" data-system="%s" transform="translate(%s %s)">`+"\n",
		class, svgEsc(string(sys.ID)), svgDec(at.x), svgDec(at.y))
	var c pt // the group's origin, the system's place
	svgCircle(w, "hit", c, svgHit*r, ` fill="transparent"`)
	s.writeOwner(w, sys.ID)
	sv := s.idx.seen[sys.ID]
	alpha := uint8(255)
	if sv != nil && !sv.Current {
		alpha = mapFade
	}
	if owner, ok := s.idx.frd[sys.ID]; ok {
		svgPolygon(w, "holding frd", shapeSquare, c, r+6, svgStroke(s.colour(owner), s.ringWidth()))
	}
	if sv != nil && sv.Current {
		svgSeenRing(w, c, r, s.ringWidth(), sv.Close)
	}
	svgPlanet(w, "planet", c, r, sys.Planet, alpha)
	for k, h := range s.idx.holds[sys.ID] {
		g := s.holdingAt(i, k)
		svgHolding(w, "holding", h.Kind, pt{g.x - at.x, g.y - at.y}, s.markSize(), s.colour(h.Owner))
	}
	s.writeSighting(w, sv, alpha)
	if s.idx.battle[sys.ID] {
		svgCircle(w, "battle", c, s.reach(sys.ID)-2, svgStroke(mapPalette.battle, max(2, r/3.5)))
	}
	for _, l := range s.names[i] {
		s.writeLabel(w, l.mapLabel, at)
	}
	w.WriteString("</g>\n")
}

// writeOwner rings a system in its owner's colour, about the origin.
func (s *svgMap) writeOwner(w *bytes.Buffer, id campaign.SystemID) {
	o, ok := s.idx.owner[id]
	if !ok {
		return
	}
	width, col := s.ringWidth()*1.6, npeColour
	if !o.NPE {
		col = s.colour(o.Owner)
	}
	svgCircle(w, "", pt{}, s.lay.r+width/2+1.5, svgStroke(col, width))
}

// writeSighting draws right of a system, at the origin, what a sighting
// found there: fortified, a square frame, and developed, a diamond one.
func (s *svgMap) writeSighting(w *bytes.Buffer, sv *Sighting, alpha uint8) {
	fort, dev := s.idx.marks(sv)
	if !fort && !dev {
		return
	}
	ms := s.markSize()
	x := s.reach(sv.ID) + 1.5 + ms
	paint := svgStroke(fade(mapPalette.mark, alpha), max(1.2, ms/3))
	if fort {
		svgPolygon(w, "", shapeSquare, pt{x, 0}, ms*0.8, paint)
		x += 2*ms + 3
	}
	if dev {
		svgPolygon(w, "", shapeDiamond, pt{x, 0}, ms, paint)
	}
}

// writeLabel writes the label of the system at c, relative to c. Its box
// is where the wide picture's font puts it; a browser's font is a little
// wider or narrower, so a label is anchored on the side of its box
// nearest the system.
func (s *svgMap) writeLabel(w *bytes.Buffer, l mapLabel, c pt) {
	x, anchor := float32(l.box.Min.X), ""
	switch {
	case float32(l.box.Max.X) <= c.x:
		x, anchor = float32(l.box.Max.X), "end"
	case float32(l.box.Min.X) < c.x:
		x, anchor = float32(l.box.Min.X+l.box.Max.X)/2, "middle"
	}
	svgText(w, x-c.x, float32(l.dot.Y)-c.y, anchor, l.face == s.faces.own, svgFill(l.col), l.text)
}

// writeFleets writes each player's fleets at each system: a triangle and
// the label, in the player's colour.
func (s *svgMap) writeFleets(w *bytes.Buffer) {
	for _, l := range s.fleets {
		fmt.Fprintf(w, `<g class="fleet" data-system="%s" data-owner="%s"%s>`+"\n",
			svgEsc(string(s.src.Systems[l.sys].ID)), svgEsc(string(l.owner)), svgFill(l.col))
		h := float32(capHeight(l.face))
		svgPolygon(w, "", shapeTriangle, pt{float32(l.box.Min.X) + h/2, float32(l.dot.Y) - h/2}, h/2, "")
		svgText(w, float32(l.dot.X), float32(l.dot.Y), "", true, "", l.text)
		w.WriteString("</g>\n")
	}
}

// writeLegend writes the legend below the map, as the wide picture does
// (paintLegend): the players beside their colours, then the keys beside
// their marks, in the layout's columns.
func (s *svgMap) writeLegend(w *bytes.Buffer) {
	box, face := s.lay.legend, s.faces.legend
	fmt.Fprintf(w, "<g class=\"legend\">\n<g%s>\n", s.design())
	svgRect(w, box)
	svgText(w, float32(box.Min.X+12), float32(box.Min.Y+19), "", true, svgFill(mapPalette.text), "Legend")
	cols := s.lay.legendCols
	colW := box.Dx() / cols
	for k := range s.legendRows() {
		x0 := box.Min.X + k%cols*colW
		y := float32(box.Min.Y + mapLegendHead + k/cols*mapLegendRow)
		c := pt{float32(x0) + 22, y + mapLegendRow/2}
		base := pt{float32(x0) + 40, y + mapLegendRow/2 + float32(capHeight(face)/2)}
		text := ""
		if k < len(s.src.Players) {
			pl := s.src.Players[k]
			svgCircle(w, "", c, 6, svgFill(s.colour(pl.ID)))
			text = pl.Label
		} else {
			key := s.src.Legend[k-len(s.src.Players)]
			s.writeMark(w, key.Mark, c, pt{float32(x0) + 10, base.y})
			text = key.Text
		}
		svgText(w, base.x, base.y, "", false, svgFill(mapPalette.text), fitText(face, text, 80, colW-44))
	}
	w.WriteString("</g>\n</g>\n")
}

// writeMark draws a legend's sample of mark centred at c, as paintMark
// does; a text sample starts at dot.
func (s *svgMap) writeMark(w *bytes.Buffer, mark MapMark, c, dot pt) {
	col := s.keyColour()
	switch mark {
	case MarkLife, MarkMineral, MarkDead, MarkUnknown, MarkNever:
		svgPlanet(w, "", c, 7, [...]campaign.PlanetType{campaign.Life, campaign.Mineral, campaign.Dead, campaign.Unknown, ""}[mark-MarkLife], 255)
	case MarkSeenClose, MarkSeenFar:
		svgSeenRing(w, c, 5, 1.4, mark == MarkSeenClose)
		svgPlanet(w, "", c, 5, campaign.Dead, 255)
	case MarkFaded:
		svgPlanet(w, "", c, 7, campaign.Life, mapFade)
	case MarkFortified:
		svgPolygon(w, "", shapeSquare, c, 4.8, svgStroke(mapPalette.mark, 2))
	case MarkDeveloped:
		svgPolygon(w, "", shapeDiamond, c, 6, svgStroke(mapPalette.mark, 2))
	case MarkContacts:
		svgText(w, dot.x, dot.y, "", true, svgFill(mapPalette.contact), "120")
	case MarkFleets:
		svgPolygon(w, "", shapeTriangle, c, 6, svgFill(col))
	case MarkFRD:
		svgPolygon(w, "", shapeSquare, c, 8, svgStroke(col, 1.5))
		svgPlanet(w, "", c, 4.5, campaign.Mineral, 255)
	case MarkMine, MarkColony, MarkFort, MarkCapital, MarkYard:
		svgHolding(w, "", [...]HoldingKind{HoldMine, HoldColony, HoldFort, HoldCapital, HoldYard}[mark-MarkMine], c, 6, col)
	case MarkOwned, MarkNPE:
		if mark == MarkNPE {
			col = npeColour
		}
		svgCircle(w, "", c, 7, svgStroke(col, 2.2))
		svgPlanet(w, "", c, 5, campaign.Life, 255)
	case MarkBattle:
		svgPlanet(w, "", c, 4.5, campaign.Life, 255)
		svgCircle(w, "", c, 7, svgStroke(mapPalette.battle, 2))
	case MarkLaneBattle:
		svgLine(w, [2]pt{{c.x - 9, c.y + 6}, {c.x + 9, c.y - 6}}, svgStroke(fade(mapPalette.battle, 190), 2))
		svgCross(w, c, 4.5, mapPalette.battle)
	case MarkRetreat:
		svgArrow(w, [2]pt{{c.x - 10, c.y}, {c.x + 10, c.y}}, 2, col)
	}
}

// svgPlanet draws a planet as painter.planet does: a disc in its type's
// colour with its feature, a featureless blue disc for an unexplored
// unknown planet, and a grey outline where the player never looked; the
// disc or outline has the class given, if any.
func svgPlanet(w *bytes.Buffer, class string, c pt, r float32, kind campaign.PlanetType, alpha uint8) {
	pal := mapPalette
	switch kind {
	case "":
		svgCircle(w, class, c, r-0.75, svgStroke(fade(pal.never, alpha), 1.5))
	case campaign.Unknown:
		svgCircle(w, class, c, r, svgFill(fade(pal.unknown, alpha)))
	case campaign.Life:
		svgCircle(w, class, c, r, svgFill(fade(pal.life, alpha)))
		if r >= 4 {
			svgCircle(w, "", pt{c.x - r*0.3, c.y - r*0.35}, r*0.38, svgFill(fade(pal.lifeCap, alpha)))
		}
	case campaign.Mineral:
		svgCircle(w, class, c, r, svgFill(fade(pal.mineral, alpha)))
		if r >= 4 {
			svgCircle(w, "", pt{c.x - r*0.3, c.y + r*0.2}, r*0.22, svgFill(fade(pal.ore, alpha)))
			svgCircle(w, "", pt{c.x + r*0.35, c.y - r*0.25}, r*0.18, svgFill(fade(pal.ore, alpha)))
		}
	case campaign.Dead:
		svgCircle(w, class, c, r, svgFill(fade(pal.dead, alpha)))
		if r >= 4 {
			svgCircle(w, "", pt{c.x + r*0.2, c.y + r*0.15}, r*0.35, svgStroke(fade(pal.crater, alpha), max(1, r*0.15)))
		}
	default:
		svgCircle(w, class, c, r, svgFill(fade(pal.never, alpha)))
	}
}

// svgSeenRing rings a system seen this turn, as paintSeenRing does.
func svgSeenRing(w *bytes.Buffer, c pt, r, width float32, close bool) {
	if close {
		svgCircle(w, "", c, r+width+1.5, svgStroke(mapPalette.seen, width*1.4))
		return
	}
	svgCircle(w, "", c, r+width+1.5, svgStroke(fade(mapPalette.seen, 150), max(1, width*0.7)))
}

// svgGlyphs are the holdings' glyphs as holdingGlyphs draw them: a name,
// a shape, its size in mark sizes, and whether it is an outline.
var svgGlyphs = map[HoldingKind]struct {
	name    string
	shape   []pt
	size    float32
	outline bool
}{
	HoldCapital: {"capital", shapeStar, 1.15, false}, HoldMine: {"mine", shapeDiamond, 1, false},
	HoldColony: {"colony", shapeHouse, 0.9, false}, HoldFort: {"fort", shapeSquare, 0.8, true},
	HoldYard: {"yard", shapeHexagon, 0.95, false},
}

// svgHolding draws the glyph of a holding of kind k, half-size ms; its
// class, if any, is class and the kind's name.
func svgHolding(w *bytes.Buffer, class string, k HoldingKind, c pt, ms float32, col color.NRGBA) {
	g, ok := svgGlyphs[k]
	if !ok {
		return
	}
	paint := svgFill(col)
	if g.outline {
		paint = svgStroke(col, max(1.4, ms/2.5))
	}
	if class != "" {
		class += " " + g.name
	}
	svgPolygon(w, class, g.shape, c, ms*g.size, paint)
}

// svgArrow draws an arrow width wide along seg, its head at seg's end, as
// glyphArrow does.
func svgArrow(w *bytes.Buffer, seg [2]pt, width float32, col color.NRGBA) {
	ar, ok := arrowAlong(seg, width)
	if !ok {
		return
	}
	svgLine(w, [2]pt{ar.a, ar.base}, svgStroke(col, width))
	fmt.Fprintf(w, "<polygon points=\"%s,%s %s,%s %s,%s\"%s/>\n", svgDec(ar.tip.x), svgDec(ar.tip.y),
		svgDec(ar.left.x), svgDec(ar.left.y), svgDec(ar.right.x), svgDec(ar.right.y), svgFill(col))
}

// svgCross draws a battle's cross of half-size s, as glyphBattle does.
func svgCross(w *bytes.Buffer, c pt, s float32, col color.NRGBA) {
	fmt.Fprintf(w, "<path d=\"M%s %sL%s %sM%s %sL%s %s\"%s/>\n",
		svgDec(c.x-s), svgDec(c.y-s), svgDec(c.x+s), svgDec(c.y+s),
		svgDec(c.x-s), svgDec(c.y+s), svgDec(c.x+s), svgDec(c.y-s), svgStroke(col, max(2, s/3.5)))
}

// svgRect draws a panel: the panel colour framed by the border's.
func svgRect(w *bytes.Buffer, r image.Rectangle) {
	fmt.Fprintf(w, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\"/>\n",
		r.Min.X, r.Min.Y, r.Dx(), r.Dy(), svgHex(mapPalette.panel), svgHex(mapPalette.border))
}

// svgCircle writes a circle with the class, if any, and paint, its fill
// and stroke attributes; a centre at the origin is left to the default.
func svgCircle(w *bytes.Buffer, class string, c pt, r float32, paint string) {
	fmt.Fprintf(w, "<circle%s", svgClass(class))
	if x, y := svgDec(c.x), svgDec(c.y); x != "0" || y != "0" {
		fmt.Fprintf(w, " cx=\"%s\" cy=\"%s\"", x, y)
	}
	fmt.Fprintf(w, " r=\"%s\"%s/>\n", svgDec(r), paint)
}

// svgPolygon writes shape scaled by s about c.
func svgPolygon(w *bytes.Buffer, class string, shape []pt, c pt, s float32, paint string) {
	fmt.Fprintf(w, "<polygon%s points=\"", svgClass(class))
	for k, p := range shape {
		if k > 0 {
			w.WriteByte(' ')
		}
		w.WriteString(svgDec(c.x + s*p.x))
		w.WriteByte(',')
		w.WriteString(svgDec(c.y + s*p.y))
	}
	fmt.Fprintf(w, "\"%s/>\n", paint)
}

// svgLine writes a line along seg.
func svgLine(w *bytes.Buffer, seg [2]pt, paint string) {
	fmt.Fprintf(w, "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\"%s/>\n",
		svgDec(seg[0].x), svgDec(seg[0].y), svgDec(seg[1].x), svgDec(seg[1].y), paint)
}

// svgText writes text with its baseline at x, y, anchored there by anchor
// ("" for its start).
func svgText(w *bytes.Buffer, x, y float32, anchor string, bold bool, paint, text string) {
	fmt.Fprintf(w, "<text x=\"%s\" y=\"%s\"", svgDec(x), svgDec(y))
	if anchor != "" {
		fmt.Fprintf(w, " text-anchor=\"%s\"", anchor)
	}
	if bold {
		w.WriteString(` font-weight="bold"`)
	}
	fmt.Fprintf(w, "%s>%s</text>\n", paint, svgEsc(text))
}

func svgClass(class string) string {
	if class == "" {
		return ""
	}
	return ` class="` + class + `"`
}

// svgFill is the attributes that fill a shape with col.
func svgFill(col color.NRGBA) string {
	return ` fill="` + svgHex(col) + `"` + svgOpacity("fill", col)
}

// svgStroke is the attributes that stroke a shape width wide with col,
// unfilled.
func svgStroke(col color.NRGBA, width float32) string {
	return ` fill="none" stroke="` + svgHex(col) + `" stroke-width="` + svgDec(width) + `"` + svgOpacity("stroke", col)
}

// svgOpacity is the opacity attribute of a colour that is not opaque.
func svgOpacity(attr string, col color.NRGBA) string {
	if col.A == 0xff {
		return ""
	}
	return ` ` + attr + `-opacity="` + strconv.FormatFloat(math.Round(float64(col.A)/255*100)/100, 'f', -1, 64) + `"`
}

func svgHex(col color.NRGBA) string { return "#" + hex.EncodeToString([]byte{col.R, col.G, col.B}) }

// svgDec writes v rounded to a tenth.
func svgDec(v float32) string { return svgNum(math.Round(float64(v)*10) / 10) }

// svgNum writes v as briefly as it reads back, never as -0.
func svgNum(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// svgEsc escapes s for an SVG text or attribute value, and replaces what
// XML cannot hold.
func svgEsc(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r > '~' || strings.ContainsRune(`<>&'"`, r) }) {
		return s // printable ASCII, nothing to escape
	}
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s)) // a strings.Builder never fails
	return b.String()
}
