package report

import (
	"errors"
	"fmt"
	"image"
	"slices"
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
// knows of it. A ruleset fills it from the player's view, and says what
// its legend explains; PaintMap draws it from nothing else, so the picture
// shows no more than the view.
type Map struct {
	// Title is the campaign's title, Caption what the title line says
	// after it ("Turn 3 · Spring 165"), and Sub the line below ("Map of
	// ... · orders due ..."), whose parts, " · " apart, a narrow picture
	// writes on lines of their own.
	Title, Caption, Sub string
	// Systems are drawn at their coordinates, with their planets as the
	// player knows them, and Lanes between them.
	Systems []campaign.System
	Lanes   []campaign.Lane
	// Players are the empires whose marks the map tells apart, each in a
	// colour of its own, in the order of the legend, which lists them.
	// Without players, every fleet and holding is the reader's, in the
	// reader's colour.
	Players []MapPlayer
	// Sightings are the systems the player has seen, now or earlier.
	Sightings []Sighting
	// Fleets are drawn at their systems, a label per owner there with
	// how many and their BPV.
	Fleets []MapFleet
	// Holdings are what players hold at systems: developments, FRDs,
	// capitals and shipyards, each a mark in its owner's colour.
	Holdings []MapHolding
	// Owners are the systems someone owns, ringed in the owner's colour.
	Owners []MapOwner
	// Battles are the pending battles, at a system or in a lane, and
	// Retreats the fleets on their way out of a system.
	Battles  []MapBattle
	Retreats []MapRetreat
	// Focus are the systems the phone's picture (PaintPhoneMap) centres
	// on where the whole map would be too small to read: the reader's own.
	Focus []campaign.SystemID
	// Legend explains the marks, in the ruleset's words, after the
	// players.
	Legend []MapKey
}

// MapSource is a view whose map a player's web page draws (MapSVG): both
// rulesets' views are. deadline is the open turn's, as the page writes
// it, for the map's sub-title.
type MapSource interface {
	PageMap(deadline string) *Map
}

// MapPlayer is an empire on the map: whose marks it tells apart, and how
// the legend names it.
type MapPlayer struct {
	ID campaign.PlayerID
	// Label names the player in the legend ("lyran: Kess Rhanor").
	Label string
	// You marks the reader, whose systems' names are bold.
	You bool
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

// MapFleet is a fleet: where it is, whose (empty for the reader's on a
// map without players), and its BPV, which the label sums; below 0 for
// not known, and a label of a fleet whose BPV is not known gives the
// count alone.
type MapFleet struct {
	At    campaign.SystemID
	Owner campaign.PlayerID
	BPV   int
}

// HoldingKind is what a holding is, and the mark that draws it.
type HoldingKind int

// The holdings a map draws.
const (
	// HoldCapital is a capital: a star.
	HoldCapital HoldingKind = iota
	// HoldMine, HoldColony and HoldFort are developments: a diamond, a
	// house and a square frame.
	HoldMine
	HoldColony
	HoldFort
	// HoldYard is a shipyard: a hexagon.
	HoldYard
	// HoldFRD is a fleet repair dock: a square frame round the planet.
	HoldFRD
)

// MapHolding is something a player holds at a system.
type MapHolding struct {
	At    campaign.SystemID
	Owner campaign.PlayerID
	Kind  HoldingKind
}

// HoldingOf is the holding a development is.
func HoldingOf(d campaign.Development) MapHolding {
	h := MapHolding{At: d.At, Owner: d.Owner, Kind: HoldFort}
	switch d.Kind {
	case campaign.Mine:
		h.Kind = HoldMine
	case campaign.Colony:
		h.Kind = HoldColony
	}
	return h
}

// MapOwner is a system's owner: a player, or a non-player empire (NPE).
type MapOwner struct {
	At    campaign.SystemID
	Owner campaign.PlayerID
	NPE   bool
}

// MapBattle is a pending battle, at a system or, with Lane, in a lane.
type MapBattle struct {
	At   campaign.SystemID
	Lane *campaign.Lane
}

// MapRetreat is a fleet of Owner on its way from one system to another:
// an arrow in the owner's colour.
type MapRetreat struct {
	Owner    campaign.PlayerID
	From, To campaign.SystemID
}

// PaintMap draws a map as a PNG picture for a desktop's screen and for
// the attachment: the whole map, with the legend beside it. It shows the
// systems at their coordinates and the lanes between them; planet types
// as the player knows them; fleets, holdings and owners in their
// players' colours; what was seen this turn, marked by what was learned,
// and, faded, what was seen earlier; pending battles and retreats; the
// legend; and the title lines. The same model always gives the same
// bytes, and the picture is at most MapMaxWidth by MapMaxHeight pixels
// whatever the coordinates.
func PaintMap(src *Map) ([]byte, error) { return paintMap(src, false) }

// PaintPhoneMap draws a map as PaintMap does, for a phone: a picture
// PhoneMapWidth CSS pixels wide at twice the density, with the legend
// below the map, so that every text reads at MapMinText CSS pixels or
// more as a phone shows it. Where the whole map would be too small for
// that, it shows the part of it round the model's Focus (or its middle),
// with a small outline of the whole map below.
func PaintPhoneMap(src *Map) ([]byte, error) { return paintMap(src, true) }

func paintMap(src *Map, phone bool) ([]byte, error) {
	if src == nil {
		return nil, errors.New("report: paint map: nil map")
	}
	m, err := newMapModel(src, phone)
	if err != nil {
		return nil, err
	}
	img := m.paint()
	defer pictures.Put(&img.Pix)
	b, err := encodePNG(img, m.faces.smallest())
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

func newMapModel(src *Map, phone bool) (*mapModel, error) {
	m := &mapModel{src: src, idx: newMapIndex(src)}
	room := layoutRoom{rows: m.legendRows(), glyphCols: m.idx.holdingCols()}
	if phone {
		m.lay = newPhoneLayout(src, room)
	} else {
		m.lay = newMapLayout(src.Systems, room)
	}
	m.at = m.positions()
	faces, err := newMapFaces(m.lay.labelSize, m.lay.s)
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
	fleets map[campaign.SystemID][]fleetSum
	holds  map[campaign.SystemID][]MapHolding
	frd    map[campaign.SystemID]campaign.PlayerID
	owner  map[campaign.SystemID]MapOwner
	battle map[campaign.SystemID]bool
	// player is each player's place in the model's players, and you the
	// reader.
	player map[campaign.PlayerID]int
	you    campaign.PlayerID
}

// fleetSum is one player's fleets at one system: how many, and their BPV,
// below 0 where one's is not known.
type fleetSum struct {
	owner campaign.PlayerID
	n     int
	bpv   int
}

func newMapIndex(src *Map) mapIndex {
	x := mapIndex{
		seen:   make(map[campaign.SystemID]*Sighting, len(src.Sightings)),
		fleets: map[campaign.SystemID][]fleetSum{},
		holds:  map[campaign.SystemID][]MapHolding{},
		frd:    map[campaign.SystemID]campaign.PlayerID{},
		owner:  map[campaign.SystemID]MapOwner{},
		battle: map[campaign.SystemID]bool{},
		player: map[campaign.PlayerID]int{},
	}
	for i, p := range src.Players {
		x.player[p.ID] = i
		if p.You {
			x.you = p.ID
		}
	}
	for i := range src.Sightings {
		x.seen[src.Sightings[i].ID] = &src.Sightings[i]
	}
	for _, f := range src.Fleets {
		sums := x.fleets[f.At]
		k := slices.IndexFunc(sums, func(s fleetSum) bool { return s.owner == f.Owner })
		if k < 0 {
			sums, k = append(sums, fleetSum{owner: f.Owner}), len(sums)
		}
		sums[k].n++
		switch {
		case f.BPV < 0:
			sums[k].bpv = -1
		case sums[k].bpv >= 0:
			sums[k].bpv += f.BPV
		}
		x.fleets[f.At] = sums
	}
	for _, h := range src.Holdings {
		if h.Kind == HoldFRD {
			x.frd[h.At] = h.Owner
		} else if !slices.Contains(x.holds[h.At], h) {
			x.holds[h.At] = append(x.holds[h.At], h)
		}
	}
	for _, hs := range x.holds {
		slices.SortStableFunc(hs, func(a, b MapHolding) int { return int(a.Kind) - int(b.Kind) })
	}
	for _, o := range src.Owners {
		x.owner[o.At] = o
	}
	for _, b := range src.Battles {
		if b.Lane == nil {
			x.battle[b.At] = true
		}
	}
	return x
}

// holdingCols is the most columns the holdings of one system take beside
// it (holdingAt).
func (x *mapIndex) holdingCols() int {
	most := 0
	for _, hs := range x.holds {
		most = max(most, holdingColumns(len(hs)))
	}
	return most
}

// holdingColumns is how many columns n holdings take: one row of up to
// three, else two rows.
func holdingColumns(n int) int {
	if n > 3 {
		return (n + 1) / 2
	}
	return n
}

// mine reports whether what owner holds is the reader's: everything is
// on a map without players.
func (x *mapIndex) mine(owner campaign.PlayerID) bool {
	return len(x.player) == 0 || owner == x.you
}

// own reports whether the reader has a fleet, holding or FRD at id, or
// owns it.
func (x *mapIndex) own(id campaign.SystemID) bool {
	for _, f := range x.fleets[id] {
		if x.mine(f.owner) {
			return true
		}
	}
	for _, h := range x.holds[id] {
		if x.mine(h.Owner) {
			return true
		}
	}
	if o, ok := x.frd[id]; ok && x.mine(o) {
		return true
	}
	o, ok := x.owner[id]
	return ok && !o.NPE && x.mine(o.Owner)
}

// has reports whether the reader holds a holding of kind k at id.
func (x *mapIndex) has(id campaign.SystemID, k HoldingKind) bool {
	return slices.ContainsFunc(x.holds[id], func(h MapHolding) bool { return h.Kind == k && x.mine(h.Owner) })
}

// marks says which sighting marks a system gets: fortified after any
// look, developed only after a close one. A mark the player's own
// development already explains is left out.
func (x *mapIndex) marks(sv *Sighting) (fort, dev bool) {
	if sv == nil {
		return false, false
	}
	fort = sv.Fortified && !x.has(sv.ID, HoldFort)
	dev = sv.Close && sv.Developed && !x.has(sv.ID, HoldMine) && !x.has(sv.ID, HoldColony)
	return fort, dev
}

// paint draws the picture.
func (m *mapModel) paint() *image.RGBA {
	p := &painter{img: newPicture(image.Rect(0, 0, m.lay.w, m.lay.h))}
	mapBases.paint(p, m.base()) // every pixel
	p.clip = m.lay.frame.Inset(1)
	m.paintOwners(p)
	m.paintBattles(p, true)
	m.paintRetreats(p)
	for i := range m.src.Systems {
		if m.lay.in[i] {
			m.paintSystem(p, i)
		}
	}
	m.paintBattles(p, false)
	for _, l := range m.labels {
		if l.kind == labelFleet {
			h := float32(capHeight(l.face))
			p.poly(shapeTriangle, pt{float32(l.box.Min.X) + h/2, float32(l.dot.Y) - h/2}, h/2, l.col)
		}
		p.text(l.face, l.text, l.dot, l.col)
	}
	p.clip = image.Rectangle{}
	m.paintOverview(p)
	m.paintTitle(p)
	m.paintLegend(p)
	return p.img
}
