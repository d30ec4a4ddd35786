package templates

import (
	"errors"
	"fmt"
	"image"
	"image/draw"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/resolver"
)

// The map picture's frame, in pixels. The picture is at most MapMaxWidth by
// MapMaxHeight whatever the coordinates of the scenario.
const (
	MapMaxWidth  = 1200
	MapMaxHeight = 900

	mapMinWidth   = 800
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

// RenderMap draws a player's view as a PNG picture of the map: systems at
// their coordinates and the lanes between them; planet types where the
// player has looked; the player's fleets, developments and FRDs; what was
// seen this turn, marked by what was learned, and, faded, what was seen
// earlier; pending battles; a legend; and a title line with the campaign,
// the turn and date, and deadline, as the caller formatted it. It is drawn
// from the view alone, so it shows nothing the text report does not, and
// the same view always gives the same bytes. The picture is at most
// MapMaxWidth by MapMaxHeight pixels.
func RenderMap(v *resolver.View, deadline string) ([]byte, error) {
	if v == nil {
		return nil, errors.New("templates: render map: nil view")
	}
	m, err := newMapModel(v)
	if err != nil {
		return nil, fmt.Errorf("render map of %s: %w", v.Player, err)
	}
	b, err := encodePNG(m.paint(deadline))
	if err != nil {
		return nil, fmt.Errorf("encode map of %s: %w", v.Player, err)
	}
	return b, nil
}

// mapModel is everything one picture is painted from.
type mapModel struct {
	v      *resolver.View
	idx    mapIndex
	lay    mapLayout
	faces  mapFaces
	labels []mapLabel
}

func newMapModel(v *resolver.View) (*mapModel, error) {
	m := &mapModel{v: v, idx: newMapIndex(v), lay: newMapLayout(v.Map.Systems)}
	faces, err := newMapFaces(m.lay.labelSize)
	if err != nil {
		return nil, err
	}
	m.faces = faces
	m.labels = m.planLabels()
	return m, nil
}

// mapIndex looks up what the view says of each system. Its maps are only
// looked up, never ranged over.
type mapIndex struct {
	seen   map[campaign.SystemID]*resolver.SystemView
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

func newMapIndex(v *resolver.View) mapIndex {
	x := mapIndex{
		seen:   make(map[campaign.SystemID]*resolver.SystemView, len(v.Systems)),
		fleets: map[campaign.SystemID]fleetSum{},
		devs:   map[campaign.SystemID]devSet{},
		frd:    map[campaign.SystemID]bool{},
		battle: map[campaign.SystemID]bool{},
	}
	for i := range v.Systems {
		x.seen[v.Systems[i].ID] = &v.Systems[i]
	}
	for _, f := range v.Fleets {
		s := x.fleets[f.At]
		x.fleets[f.At] = fleetSum{n: s.n + 1, cbpv: s.cbpv + f.CBPV}
	}
	for _, d := range v.Developments {
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
	for _, at := range v.FRDs {
		x.frd[at] = true
	}
	for _, b := range v.Battles {
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

// marks says which sighting marks a system gets (EaW 5e): fortified at
// every detail, developed only when a scout looked. A mark the player's
// own development already explains is left out.
func (x *mapIndex) marks(sv *resolver.SystemView) (fort, dev bool) {
	if sv == nil {
		return false, false
	}
	own := x.devs[sv.ID]
	fort = sv.Fortified && !own.fort
	dev = sv.Detail == resolver.DetailScout && sv.Developed && !own.mine && !own.colony
	return fort, dev
}

// paint draws the picture.
func (m *mapModel) paint(deadline string) *image.RGBA {
	p := &painter{img: image.NewRGBA(image.Rect(0, 0, m.lay.w, m.lay.h))}
	draw.Draw(p.img, p.img.Bounds(), image.NewUniform(mapPalette.bg), image.Point{}, draw.Src)
	p.panel(m.lay.frame)
	p.panel(m.lay.legend)
	m.paintLanes(p)
	m.paintBattles(p, true)
	for i := range m.v.Map.Systems {
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
	m.paintTitle(p, deadline)
	m.paintLegend(p)
	return p.img
}
