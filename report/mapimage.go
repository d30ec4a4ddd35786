package report

import (
	"errors"
	"fmt"
	"image"
	"sync"

	"github.com/pbemd/pbemd/campaign"
)

// The map picture's frame, in pixels. The picture is at least MapMinWidth
// wide and at most MapMaxWidth by MapMaxHeight whatever the coordinates of
// the scenario.
const (
	MapMinWidth  = 800
	MapMaxWidth  = 1200
	MapMaxHeight = 900

	mapPad        = 16
	mapGap        = 12
	mapLegendW    = 216
	mapTitleH     = 58
	mapLegendRow  = 20
	mapLegendHead = 28

	// mapLabelAll is the most systems whose names are all drawn; past it
	// only the player's own systems are named.
	mapLabelAll = 300
	// mapNameRunes and mapNamePx cap a system's label.
	mapNameRunes = 48
	mapNamePx    = 120
	// mapFade is the opacity of what was seen in an earlier turn.
	mapFade = 105
)

// Map is what a map picture shows: the shared map and what one player
// knows of it. A ruleset fills it from the player's view, and PaintMap
// draws it from nothing else, so the picture shows no more than the view.
type Map struct {
	// Title is the campaign's title, Caption what the title line says
	// after it ("Turn 3 · Spring 165"), and Sub the line below ("Map of
	// ... · orders due ...").
	Title, Caption, Sub string
	// Systems are drawn at their coordinates, with their planets as the
	// player knows them, and Lanes between them.
	Systems []campaign.System
	Lanes   []campaign.Lane
	// Sightings are the systems the player has seen, now or earlier.
	Sightings []Sighting
	// Fleets, Developments and FRDs are the player's own.
	Fleets       []MapFleet
	Developments []campaign.Development
	FRDs         []campaign.SystemID
	// Battles are the pending battles the player takes part in.
	Battles []MapBattle
}

// Sighting is what a player saw of one system.
type Sighting struct {
	ID campaign.SystemID
	// Seen is the turn it was last seen in, and Current says that is the
	// turn just resolved; an older sighting is drawn faded, "T<Seen>".
	Seen    int
	Current bool
	// Close says the look told more than whether the system is fortified:
	// whether it is Developed, and the combat BPV of the other empires'
	// fleets there, Contacts. Fortified is known either way.
	Close                bool
	Fortified, Developed bool
	Contacts             []int
}

// MapFleet is one of the player's fleets: where it is and its combat BPV.
type MapFleet struct {
	At   campaign.SystemID
	CBPV int
}

// MapBattle is a pending battle, at a system or, with Lane, in a lane.
type MapBattle struct {
	At   campaign.SystemID
	Lane *campaign.Lane
}

// PaintMap draws a map as a PNG picture: systems at their coordinates and
// the lanes between them; planet types where the player has looked; the
// player's fleets, developments and FRDs; what was seen this turn, marked
// by what was learned, and, faded, what was seen earlier; pending battles;
// a legend; and the title lines. The same model always gives the same
// bytes, and the picture is at most MapMaxWidth by MapMaxHeight pixels
// whatever the coordinates.
func PaintMap(src *Map) ([]byte, error) {
	if src == nil {
		return nil, errors.New("report: paint map: nil map")
	}
	m, err := newMapModel(src)
	if err != nil {
		return nil, err
	}
	img := m.paint()
	defer pictures.Put(&img.Pix)
	b, err := encodePNG(img)
	if err != nil {
		return nil, fmt.Errorf("encode map: %w", err)
	}
	return b, nil
}

// pictures keeps the pixels of pictures encoded, for the next picture: a
// map's are four megabytes, and paint covers every pixel before it draws
// anything, so what a buffer held before never shows.
var pictures sync.Pool

// newPicture returns a picture of size r, with pixels from pictures when
// one is large enough.
func newPicture(r image.Rectangle) *image.RGBA {
	n := 4 * r.Dx() * r.Dy()
	if pix, ok := pictures.Get().(*[]byte); ok && cap(*pix) >= n {
		return &image.RGBA{Pix: (*pix)[:n], Stride: 4 * r.Dx(), Rect: r}
	}
	return image.NewRGBA(r)
}

// mapModel is everything one picture is painted from.
type mapModel struct {
	src *Map
	idx mapIndex
	lay mapLayout
	// at is each system's position in the picture (positions).
	at     map[campaign.SystemID]pt
	faces  mapFaces
	labels []mapLabel
}

func newMapModel(src *Map) (*mapModel, error) {
	m := &mapModel{src: src, idx: newMapIndex(src), lay: newMapLayout(src.Systems)}
	m.at = m.positions()
	faces, err := newMapFaces(m.lay.labelSize)
	if err != nil {
		return nil, err
	}
	m.faces = faces
	m.labels = m.planLabels()
	return m, nil
}

// mapIndex looks up what the model says of each system. Its maps are only
// looked up, never ranged over.
type mapIndex struct {
	seen   map[campaign.SystemID]*Sighting
	fleets map[campaign.SystemID]fleetSum
	devs   map[campaign.SystemID]devSet
	frd    map[campaign.SystemID]bool
	battle map[campaign.SystemID]bool
}

// fleetSum is the player's fleets at one system: how many, and their
// combat BPV.
type fleetSum struct{ n, cbpv int }

// devSet is the player's developments at one system.
type devSet struct{ mine, colony, fort bool }

func newMapIndex(src *Map) mapIndex {
	x := mapIndex{
		seen:   make(map[campaign.SystemID]*Sighting, len(src.Sightings)),
		fleets: map[campaign.SystemID]fleetSum{},
		devs:   map[campaign.SystemID]devSet{},
		frd:    map[campaign.SystemID]bool{},
		battle: map[campaign.SystemID]bool{},
	}
	for i := range src.Sightings {
		x.seen[src.Sightings[i].ID] = &src.Sightings[i]
	}
	for _, f := range src.Fleets {
		s := x.fleets[f.At]
		x.fleets[f.At] = fleetSum{n: s.n + 1, cbpv: s.cbpv + f.CBPV}
	}
	for _, d := range src.Developments {
		s := x.devs[d.At]
		switch d.Kind {
		case campaign.Mine:
			s.mine = true
		case campaign.Colony:
			s.colony = true
		case campaign.Fortification:
			s.fort = true
		}
		x.devs[d.At] = s
	}
	for _, at := range src.FRDs {
		x.frd[at] = true
	}
	for _, b := range src.Battles {
		if b.Lane == nil {
			x.battle[b.At] = true
		}
	}
	return x
}

// own reports whether the player has a fleet, development or FRD at id.
func (x *mapIndex) own(id campaign.SystemID) bool {
	_, fleet := x.fleets[id]
	_, dev := x.devs[id]
	return fleet || dev || x.frd[id]
}

// marks says which sighting marks a system gets: fortified after any
// look, developed only after a close one. A mark the player's own
// development already explains is left out.
func (x *mapIndex) marks(sv *Sighting) (fort, dev bool) {
	if sv == nil {
		return false, false
	}
	own := x.devs[sv.ID]
	fort = sv.Fortified && !own.fort
	dev = sv.Close && sv.Developed && !own.mine && !own.colony
	return fort, dev
}

// paint draws the picture.
func (m *mapModel) paint() *image.RGBA {
	p := &painter{img: newPicture(image.Rect(0, 0, m.lay.w, m.lay.h))}
	mapBases.paint(p, m.base()) // every pixel
	m.paintBattles(p, true)
	for i := range m.src.Systems {
		m.paintSystem(p, i)
	}
	m.paintBattles(p, false)
	for _, l := range m.labels {
		if l.kind == labelFleet {
			h := float32(capHeight(l.face))
			p.poly(shapeTriangle, pt{float32(l.box.Min.X) + h/2, float32(l.dot.Y) - h/2}, h/2, mapPalette.own)
		}
		p.text(l.face, l.text, l.dot, l.col)
	}
	m.paintTitle(p)
	m.paintLegend(p)
	return p.img
}
