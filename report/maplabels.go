package report

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"math"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/pbemd/pbemd/campaign"
)

// goFonts parses the Go fonts once. A parsed font is immutable and safe for
// concurrent use; faces, which are not, are made per picture.
var goFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("parse go regular font: %w", err)
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return [2]*opentype.Font{}, fmt.Errorf("parse go bold font: %w", err)
	}
	return [2]*opentype.Font{regular, bold}, nil
})

// mapFaces are the picture's font faces, made per picture: a face is not
// safe for concurrent use. min is the size of the smallest, in pixels.
type mapFaces struct {
	title, sub, label, own, legend font.Face
	min                            float64
}

// newMapFaces makes the faces of a picture whose labels are labelSize
// units high, s pixels to the unit: the wide picture's title and legend
// are 18 and 12 units, a phone's (s > 1) 15 and its labels'.
func newMapFaces(labelSize float64, s float32) (mapFaces, error) {
	fonts, err := goFonts()
	if err != nil {
		return mapFaces{}, err
	}
	title, sub, legend := 18.0, 12.5, 12.0
	if s > 1 {
		title, sub, legend = 15, labelSize, labelSize
	}
	f := mapFaces{min: math.Inf(1)}
	for _, spec := range []struct {
		face *font.Face
		bold bool
		size float64
	}{{&f.title, true, title}, {&f.sub, false, sub}, {&f.label, false, labelSize}, {&f.own, true, labelSize}, {&f.legend, false, legend}} {
		size := spec.size * float64(s)
		face, err := opentype.NewFace(fonts[btoi(spec.bold)], &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			return mapFaces{}, fmt.Errorf("make %gpx font face: %w", size, err)
		}
		*spec.face = &glyphCache{Face: face, glyphs: map[glyphKey]glyph{}}
		f.min = min(f.min, size)
	}
	return f, nil
}

// smallest is the size of the picture's smallest text, in pixels.
func (f mapFaces) smallest() float64 { return f.min }

// glyphCache is a face that rasterises each glyph once per picture for
// each position within a pixel, and then stamps it: a map writes the same
// few letters and digits hundreds of times. A glyph's mask depends only
// on where within a pixel its dot is, so a stamp shifted by whole pixels
// is what the face would draw there.
type glyphCache struct {
	font.Face
	glyphs map[glyphKey]glyph
}

// glyphKey is a rune and its dot's position within a pixel.
type glyphKey struct {
	r      rune
	dx, dy fixed.Int26_6
}

// glyph is what Glyph returned for a dot within the pixel at the origin,
// with its own copy of the mask, which the face reuses.
type glyph struct {
	dr      image.Rectangle
	mask    *image.Alpha
	maskp   image.Point
	advance fixed.Int26_6
	ok      bool
}

// Glyph is the face's Glyph, from the cache.
func (c *glyphCache) Glyph(dot fixed.Point26_6, r rune) (image.Rectangle, image.Image, image.Point, fixed.Int26_6, bool) {
	k := glyphKey{r: r, dx: dot.X & 63, dy: dot.Y & 63}
	g, hit := c.glyphs[k]
	if !hit {
		dr, mask, maskp, advance, ok := c.Face.Glyph(fixed.Point26_6{X: k.dx, Y: k.dy}, r)
		g = glyph{dr: dr, maskp: maskp, advance: advance, ok: ok}
		if mask != nil {
			g.mask = image.NewAlpha(mask.Bounds())
			draw.Draw(g.mask, g.mask.Rect, mask, g.mask.Rect.Min, draw.Src)
		}
		c.glyphs[k] = g
	}
	var mask image.Image
	if g.mask != nil {
		mask = g.mask
	}
	return g.dr.Add(image.Pt(dot.X.Floor(), dot.Y.Floor())), mask, g.maskp, g.advance, g.ok
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// cleanText makes s safe to draw on one line: control characters become
// spaces and format characters (bidi overrides, joiners) are dropped.
// Glyphs the Go fonts lack are drawn as the font's notdef box.
func cleanText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.Is(unicode.Cc, r):
			return ' '
		case unicode.Is(unicode.Cf, r):
			return -1
		}
		return r
	}, s)
}

// fitText cuts s to at most maxRunes runes and px pixels, ending a cut
// text with "…".
func fitText(face font.Face, s string, maxRunes, px int) string {
	runes := []rune(cleanText(s))
	if len(runes) <= maxRunes && font.MeasureString(face, string(runes)).Ceil() <= px {
		return string(runes)
	}
	runes = runes[:min(len(runes), maxRunes)]
	fits := func(n int) bool { return font.MeasureString(face, string(runes[:n])+"…").Ceil() <= px }
	lo, hi := 0, len(runes) // the longest cut that fits is in [lo, hi]
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	return string(runes[:lo]) + "…"
}

// mapLabel is one line of text on the map, with its box for collision
// tests. A fleet label has the fleet triangle before its text.
type mapLabel struct {
	kind labelKind
	text string
	box  image.Rectangle
	dot  image.Point
	face font.Face
	col  color.NRGBA
}

// labelKind says what a label tells.
type labelKind int

const (
	labelName labelKind = iota
	labelOwnName
	labelFleet
	labelContacts
)

// planLabels lays out the map's text. Fleet and contact labels and the
// names of the player's own systems are always drawn; other names only on
// maps of at most mapLabelAll systems, and only where they cover neither
// a marker nor text already placed. Each label tries a few places around
// its system and takes the first free one.
func (m *mapModel) planLabels() []mapLabel {
	lp := labelPlan{frame: m.lay.frame.Inset(int(m.u(2))), obstacles: m.markerBoxes()}
	var names []int
	for i, s := range m.src.Systems {
		if !m.lay.in[i] {
			continue
		}
		for _, f := range m.idx.fleets[s.ID] {
			lp.place(m.fleetLabel(i, f), true)
		}
		if l, ok := m.contactLabel(i); ok {
			lp.place(l, true)
		}
		if m.idx.own(s.ID) {
			lp.place(m.nameLabel(i), true)
		} else if m.lay.labelAll {
			names = append(names, i)
		}
	}
	for _, i := range names {
		lp.place(m.nameLabel(i), false)
	}
	return lp.placed
}

// labelPlan places labels so that they do not cover each other.
type labelPlan struct {
	frame     image.Rectangle
	obstacles []image.Rectangle
	placed    []mapLabel
}

// candidate is a label waiting for a place: its text and style, its size,
// and the top-left corners it may take, best first.
type candidate struct {
	mapLabel
	size  image.Point
	pre   int
	spots []image.Point
}

// place puts c at its first spot that covers nothing, or, if c must be
// drawn, that covers no other text, or else at its first spot. It reports
// whether c was placed.
func (lp *labelPlan) place(c candidate, must bool) bool {
	boxes := make([]image.Rectangle, len(c.spots))
	for k, s := range c.spots {
		boxes[k] = lp.clamp(image.Rectangle{Min: s, Max: s.Add(c.size)})
	}
	pick := -1
	for k, b := range boxes {
		if !lp.hits(b, true) {
			pick = k
			break
		}
	}
	for k := 0; must && pick < 0 && k < len(boxes); k++ {
		if !lp.hits(boxes[k], false) {
			pick = k
		}
	}
	if pick < 0 && must {
		pick = 0
	}
	if pick < 0 || len(boxes) == 0 {
		return false
	}
	l := c.mapLabel
	l.box = boxes[pick]
	l.dot = image.Pt(l.box.Min.X+c.pre, l.box.Min.Y+l.face.Metrics().Ascent.Ceil())
	lp.placed = append(lp.placed, l)
	return true
}

// clamp moves r inside the frame, as far as it fits.
func (lp *labelPlan) clamp(r image.Rectangle) image.Rectangle {
	f := lp.frame
	dx := max(f.Min.X-r.Min.X, 0) + min(f.Max.X-r.Max.X, 0)
	dy := max(f.Min.Y-r.Min.Y, 0) + min(f.Max.Y-r.Max.Y, 0)
	return r.Add(image.Pt(dx, dy))
}

// hits reports whether r covers placed text or, with markers, a marker.
func (lp *labelPlan) hits(r image.Rectangle, markers bool) bool {
	for _, p := range lp.placed {
		if r.Overlaps(p.box) {
			return true
		}
	}
	if markers {
		for _, o := range lp.obstacles {
			if r.Overlaps(o) {
				return true
			}
		}
	}
	return false
}

// markerBoxes returns the box of every system's marker the frame shows,
// with its glyphs.
func (m *mapModel) markerBoxes() []image.Rectangle {
	out := make([]image.Rectangle, 0, len(m.lay.pos))
	for i := range m.lay.pos {
		if m.lay.in[i] {
			out = append(out, m.markerBox(i))
		}
	}
	return out
}

// reach is how far a system's marker, with its rings, FRD frame and
// battle ring, reaches from its centre.
func (m *mapModel) reach(id campaign.SystemID) float32 {
	r := m.lay.r
	e := r + m.u(4)
	if _, ok := m.idx.frd[id]; ok {
		e = r + m.u(7) + m.ringWidth()/2
	}
	if _, ok := m.idx.owner[id]; ok {
		e = max(e, r+m.ringWidth()*1.6+m.u(2))
	}
	if m.idx.battle[id] {
		e += m.u(4)
	}
	return e
}

// newCandidate measures text for a label; pre is room left before the
// text for an icon.
func newCandidate(face font.Face, text string, col color.NRGBA, pre int) candidate {
	met := face.Metrics()
	w := font.MeasureString(face, text).Ceil() + pre
	return candidate{
		mapLabel: mapLabel{text: text, face: face, col: col},
		size:     image.Pt(w, met.Ascent.Ceil()+met.Descent.Ceil()),
		pre:      pre,
	}
}

// around returns the spots of a label of size sz about a marker of reach e
// at c, one per letter of sides: b below, a above, r right, l left, R and
// L above to the right and left.
func around(c pt, e float32, sz image.Point, sides string) []image.Point {
	x, y := int(c.x), int(c.y)
	top, bottom := int(math.Floor(float64(c.y-e))), int(math.Ceil(float64(c.y+e)))
	left, right := int(math.Floor(float64(c.x-e))), int(math.Ceil(float64(c.x+e)))
	out := make([]image.Point, 0, len(sides))
	for _, s := range sides {
		switch s {
		case 'b':
			out = append(out, image.Pt(x-sz.X/2, bottom))
		case 'a':
			out = append(out, image.Pt(x-sz.X/2, top-sz.Y))
		case 'r':
			out = append(out, image.Pt(right, y-sz.Y/2))
		case 'l':
			out = append(out, image.Pt(left-sz.X, y-sz.Y/2))
		case 'R':
			out = append(out, image.Pt(x, top-sz.Y))
		case 'L':
			out = append(out, image.Pt(x-sz.X, top-sz.Y))
		}
	}
	return out
}

// nameLabel names a system, below its marker if there is room, bold where
// the reader has something, in the colour of its owner or the reader's; a
// system last seen in an earlier turn is faded and says when ("T3").
func (m *mapModel) nameLabel(i int) candidate {
	s := m.src.Systems[i]
	name := s.Name
	if strings.TrimSpace(name) == "" {
		name = string(s.ID)
	}
	face, col := m.faces.label, mapPalette.text
	if m.idx.own(s.ID) {
		face, col = m.faces.own, m.colour(m.idx.you)
	}
	if o, ok := m.idx.owner[s.ID]; ok {
		col = npeColour
		if !o.NPE {
			col = m.colour(o.Owner)
		}
	}
	text := fitText(face, name, mapNameRunes, int(m.u(mapNamePx)))
	if sv := m.idx.seen[s.ID]; sv != nil && !sv.Current {
		text += " T" + strconv.Itoa(sv.Seen)
		col = mapPalette.dim
	}
	c := newCandidate(face, text, col, 0)
	if m.idx.own(s.ID) {
		c.kind = labelOwnName
	}
	e := m.reach(s.ID)
	c.spots = append(around(m.lay.pos[i], e, c.size, "ba"), m.sideSpots(i, c.size)...)
	return c
}

// sideSpots are the spots right and left of a system's marker, past its
// marks and glyphs.
func (m *mapModel) sideSpots(i int, sz image.Point) []image.Point {
	b, gap := m.markerBox(i), int(m.u(2))
	y := int(m.lay.pos[i].y) - sz.Y/2
	return []image.Point{image.Pt(b.Max.X+gap, y), image.Pt(b.Min.X-gap-sz.X, y)}
}

// markerBox is the box of a system's marker with its glyphs and marks.
func (m *mapModel) markerBox(i int) image.Rectangle {
	s, c := m.src.Systems[i], m.lay.pos[i]
	step := 2*m.markSize() + m.u(3)
	e := m.reach(s.ID)
	fort, dev := m.idx.marks(m.idx.seen[s.ID])
	left := c.x - e - float32(m.holdingCols(i))*step
	right := c.x + e + float32(btoi(fort)+btoi(dev))*step
	top, bottom := c.y-e, c.y+e
	if len(m.idx.holds[s.ID]) > 3 {
		top, bottom = min(top, c.y-2*m.markSize()-m.u(1)), max(bottom, c.y+2*m.markSize()+m.u(1))
	}
	return image.Rect(int(math.Floor(float64(left))), int(math.Floor(float64(top))),
		int(math.Ceil(float64(right))), int(math.Ceil(float64(bottom))))
}

// fleetLabel shows a player's fleets at a system, above its marker if
// there is room: a triangle and "count×BPV" (the count alone where a
// fleet's BPV is not known), in the player's colour.
func (m *mapModel) fleetLabel(i int, f fleetSum) candidate {
	text := strconv.Itoa(f.n)
	if f.bpv >= 0 {
		text += "×" + strconv.Itoa(f.bpv)
	}
	c := newCandidate(m.faces.own, text, m.colour(f.owner), capHeight(m.faces.own)+int(m.u(3)))
	c.kind = labelFleet
	c.spots = around(m.lay.pos[i], m.reach(m.src.Systems[i].ID), c.size, "aRLb")
	return c
}

// contactLabel lists the combat BPV of the other empires' fleets seen at a
// system on a close look, right of its marks if there is room.
func (m *mapModel) contactLabel(i int) (candidate, bool) {
	sv := m.idx.seen[m.src.Systems[i].ID]
	if sv == nil || !sv.Close || len(sv.Contacts) == 0 {
		return candidate{}, false
	}
	parts := make([]string, 0, 4)
	for k, cbpv := range sv.Contacts {
		if k == 3 {
			parts = append(parts, "+"+strconv.Itoa(len(sv.Contacts)-3))
			break
		}
		parts = append(parts, strconv.Itoa(cbpv))
	}
	col := mapPalette.contact
	if !sv.Current {
		col = fade(col, mapFade+40)
	}
	c := newCandidate(m.faces.own, strings.Join(parts, " "), col, 0)
	c.kind = labelContacts
	c.spots = append(m.sideSpots(i, c.size), around(m.lay.pos[i], m.reach(sv.ID), c.size, "RLba")...)
	return c, true
}

func capHeight(face font.Face) int {
	if h := face.Metrics().CapHeight.Ceil(); h > 0 {
		return h
	}
	return face.Metrics().Ascent.Ceil() * 7 / 10
}
