package eaw

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
)

// RenderMap draws a player's view as a PNG picture of the map
// (report.PaintMap), with a title line giving the campaign, the turn the
// report opens and its season, and the deadline as the caller formatted
// it. It is drawn from the view alone, so it shows nothing the text report
// does not: planet types where the player has looked, what their fleets
// saw (EaW 5e), bold where a scout looked, and their own fleets,
// developments, FRDs and battles.
func RenderMap(v *View, deadline string) ([]byte, error) {
	return renderMap(v, deadline, report.PaintMap)
}

// RenderPhoneMap draws the map of RenderMap for a phone
// (report.PaintPhoneMap): the legend below it, and where the whole map
// would read too small, the part round the player's own fleets,
// holdings and sightings of the turn.
func RenderPhoneMap(v *View, deadline string) ([]byte, error) {
	return renderMap(v, deadline, report.PaintPhoneMap)
}

func renderMap(v *View, deadline string, paint func(*report.Map) ([]byte, error)) ([]byte, error) {
	if v == nil {
		return nil, errors.New("eaw: render map: nil view")
	}
	b, err := paint(mapOf(v, deadline))
	if err != nil {
		return nil, fmt.Errorf("render map of %s: %w", v.Player, err)
	}
	return b, nil
}

// mapLegend is what an EaW map's legend explains: planets as the player
// knows them, sightings (EaW 5e), and the player's own fleets, FRDs,
// developments and battles.
var mapLegend = []report.MapKey{
	{Mark: report.MarkLife, Text: "life planet"},
	{Mark: report.MarkMineral, Text: "mineral planet"},
	{Mark: report.MarkDead, Text: "dead planet"},
	{Mark: report.MarkUnknown, Text: "unknown: unexplored"},
	{Mark: report.MarkNever, Text: "never looked at"},
	{Mark: report.MarkSeenClose, Text: "seen now by a scout"},
	{Mark: report.MarkSeenFar, Text: "seen now: forts only"},
	{Mark: report.MarkFaded, Text: "faded, T3: last seen turn 3"},
	{Mark: report.MarkFortified, Text: "fortified"},
	{Mark: report.MarkDeveloped, Text: "developed (mine/colony)"},
	{Mark: report.MarkContacts, Text: "CBPV of others' fleets"},
	{Mark: report.MarkFleets, Text: "your fleets: count×CBPV"},
	{Mark: report.MarkFRD, Text: "your FRD"},
	{Mark: report.MarkMine, Text: "your mine"},
	{Mark: report.MarkColony, Text: "your colony"},
	{Mark: report.MarkFort, Text: "your fortification"},
	{Mark: report.MarkBattle, Text: "pending battle here"},
	{Mark: report.MarkLaneBattle, Text: "pending battle in a lane"},
}

// mapOf is what the map of a view shows: the player's own marks alone,
// in their colour, so the model names no players.
func mapOf(v *View, deadline string) *report.Map {
	title := strings.TrimSpace(v.Title)
	if title == "" {
		title = string(v.Campaign)
	}
	sub := "Map of " + v.Name + " (" + string(v.Player) + ")"
	switch {
	case v.Ended:
		sub += " · the campaign is over"
	case v.Out != "":
		sub += " · you are out of the campaign"
	case strings.TrimSpace(deadline) != "":
		sub += " · orders due " + deadline
	}
	m := &report.Map{
		Title: title, Caption: fmt.Sprintf("Turn %d · %s", v.Turn, v.Date), Sub: sub,
		Systems: v.Map.Systems(), Lanes: v.Map.Lanes(), Legend: mapLegend,
	}
	for _, s := range v.Systems {
		m.Sightings = append(m.Sightings, report.Sighting{ID: s.ID, Seen: s.Seen, Current: s.Current,
			Close: s.Detail == DetailScout, Fortified: s.Fortified, Developed: s.Developed, Contacts: s.Contacts})
		if s.Current {
			m.Focus = append(m.Focus, s.ID)
		}
	}
	for _, f := range v.Fleets {
		m.Fleets = append(m.Fleets, report.MapFleet{At: f.At, BPV: f.CBPV})
		m.Focus = append(m.Focus, f.At)
	}
	for _, d := range v.Developments {
		m.Holdings = append(m.Holdings, report.HoldingOf(d))
		m.Focus = append(m.Focus, d.At)
	}
	for _, at := range v.FRDs {
		m.Holdings = append(m.Holdings, report.MapHolding{At: at, Kind: report.HoldFRD})
		m.Focus = append(m.Focus, at)
	}
	for _, b := range v.Battles {
		m.Battles = append(m.Battles, report.MapBattle{At: b.At, Lane: b.Lane})
	}
	slices.Sort(m.Focus)
	m.Focus = slices.Compact(m.Focus)
	return m
}

// PageMap is the map of the view that the player's web page draws.
func (v *View) PageMap(deadline string) *report.Map { return mapOf(v, deadline) }

// OwnFleets lists the player's fleets for the order builder of their web
// page.
func (v *View) OwnFleets() []game.FleetAt {
	out := make([]game.FleetAt, len(v.Fleets))
	for i, f := range v.Fleets {
		out[i] = game.FleetAt{ID: string(f.ID), At: f.At, Label: fleetLabel(len(f.Units), f.CBPV)}
	}
	return out
}

// fleetLabel says what a fleet is on the web page: "2 ships, BPV 180".
func fleetLabel(units, bpv int) string {
	if units == 1 {
		return fmt.Sprintf("1 unit, BPV %d", bpv)
	}
	return fmt.Sprintf("%d units, BPV %d", units, bpv)
}
