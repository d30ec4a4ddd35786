package eaw

import (
	"errors"
	"fmt"
	"strings"

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
	if v == nil {
		return nil, errors.New("eaw: render map: nil view")
	}
	b, err := report.PaintMap(mapOf(v, deadline))
	if err != nil {
		return nil, fmt.Errorf("render map of %s: %w", v.Player, err)
	}
	return b, nil
}

// mapOf is what the map of a view shows.
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
		Systems: v.Map.Systems(), Lanes: v.Map.Lanes(),
		Developments: v.Developments, FRDs: v.FRDs,
	}
	for _, s := range v.Systems {
		m.Sightings = append(m.Sightings, report.Sighting{ID: s.ID, Seen: s.Seen, Current: s.Current,
			Close: s.Detail == DetailScout, Fortified: s.Fortified, Developed: s.Developed, Contacts: s.Contacts})
	}
	for _, f := range v.Fleets {
		m.Fleets = append(m.Fleets, report.MapFleet{At: f.At, CBPV: f.CBPV})
	}
	for _, b := range v.Battles {
		m.Battles = append(m.Battles, report.MapBattle{At: b.At, Lane: b.Lane})
	}
	return m
}
