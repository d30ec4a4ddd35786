package thunderdome

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
)

// mapLegend is what a TD IV map's legend explains after the players:
// planets, fleets, the owners of sectors and what players hold in them
// (UTD4.13, UTD4.32–4.34, UTD6.37), and battles and retreats under way
// (UTD2.3, UTD7.4665).
var mapLegend = []report.MapKey{
	{Mark: report.MarkLife, Text: "life sector"},
	{Mark: report.MarkMineral, Text: "mineral sector or home"},
	{Mark: report.MarkDead, Text: "dead sector"},
	{Mark: report.MarkUnknown, Text: "unknown: unexplored"},
	{Mark: report.MarkFleets, Text: "fleets: count×BPV"},
	{Mark: report.MarkOwned, Text: "owned: the owner's colour"},
	{Mark: report.MarkCapital, Text: "capital"},
	{Mark: report.MarkYard, Text: "shipyard"},
	{Mark: report.MarkColony, Text: "colony"},
	{Mark: report.MarkMine, Text: "mine"},
	{Mark: report.MarkFort, Text: "fortification"},
	{Mark: report.MarkNPE, Text: "non-player empire"},
	{Mark: report.MarkBattle, Text: "battle to be fought"},
	{Mark: report.MarkRetreat, Text: "retreat under way"},
}

// outOfSight explains, under the vision house rule, the sectors out of
// the reader's sight.
var outOfSight = report.MapKey{Mark: report.MarkNever, Text: "out of sight"}

// mapOf is the map picture of a view: the whole map, as everyone sees it
// (UTD3.1), or under the vision house rule what the player sees; every
// player's fleets, sectors and holdings in the player's colour, whose
// turn it is, and deadline, the open turn's as the caller wrote it.
func mapOf(v *View, deadline string) *report.Map {
	title := strings.TrimSpace(v.Title)
	if title == "" {
		title = string(v.Campaign)
	}
	m := &report.Map{Title: title, Caption: mapCaption(v), Sub: mapSub(v, deadline),
		Systems: v.Systems, Lanes: v.Lanes, Legend: mapLegend}
	if v.Vision > 0 {
		m.Legend = append(slices.Clone(mapLegend), outOfSight)
	}
	for _, e := range v.Empires {
		m.Players = append(m.Players, report.MapPlayer{ID: e.Player, Label: playerLabel(v, e), You: e.Player == v.Player})
		if e.Capital != "" {
			m.Holdings = append(m.Holdings, report.MapHolding{At: e.Capital, Owner: e.Player, Kind: report.HoldCapital})
		}
	}
	for _, s := range v.Sectors {
		switch {
		case s.NPE != nil:
			m.Owners = append(m.Owners, report.MapOwner{At: s.ID, NPE: true})
		case s.Owner != "":
			m.Owners = append(m.Owners, report.MapOwner{At: s.ID, Owner: s.Owner})
		}
		for _, d := range s.Developments {
			m.Holdings = append(m.Holdings, report.HoldingOf(d))
		}
	}
	for _, y := range v.Yards {
		if !y.OnOrder {
			m.Holdings = append(m.Holdings, report.MapHolding{At: y.At, Owner: y.Owner, Kind: report.HoldYard})
		}
	}
	for i, f := range v.Fleets {
		bpv := -1 // unknown in a view held from before views had it
		if i < len(v.FleetBPV) {
			bpv = v.FleetBPV[i]
		}
		m.Fleets = append(m.Fleets, report.MapFleet{At: f.At, Owner: f.Owner, BPV: bpv})
	}
	for _, b := range v.BattleSites {
		m.Battles = append(m.Battles, report.MapBattle{At: b.At})
	}
	for _, r := range v.Retreats {
		m.Retreats = append(m.Retreats, report.MapRetreat{Owner: r.Owner, From: r.From, To: r.To})
	}
	m.Focus = focusOf(v, m)
	return m
}

// mapCaption is what the map's title line says after the title: the turn,
// the cycle, and whose turn it is.
func mapCaption(v *View) string {
	s := fmt.Sprintf("Turn %d · cycle %s", v.Turn, v.Cycle)
	switch {
	case v.Ended:
		return s + " · the campaign is over"
	case v.Current == v.Player:
		return s + " · your turn"
	}
	return fmt.Sprintf("%s · %s's turn", s, v.Current)
}

// mapSub is the map's second line: whose map, and when the open turn's
// orders are due.
func mapSub(v *View, deadline string) string {
	s := fmt.Sprintf("Map of %s (%s)", v.Name, v.Player)
	switch {
	case v.Ended || strings.TrimSpace(deadline) == "":
		return s
	case v.Current == v.Player:
		return s + " · your orders due " + deadline
	}
	return fmt.Sprintf("%s · %s's orders due %s", s, v.Current, deadline)
}

// playerLabel names a player in the map's legend, saying first, where a
// narrow legend cuts the name short, who is the reader, who plays now and
// who is out: "gorn (you, to play): Ssarath".
func playerLabel(v *View, e EmpireView) string {
	var notes []string
	if e.Player == v.Player {
		notes = append(notes, "you")
	}
	switch {
	case e.Out != "":
		notes = append(notes, "out")
	case e.Player == v.Current && !v.Ended:
		notes = append(notes, "to play")
	}
	if len(notes) == 0 {
		return fmt.Sprintf("%s: %s", e.Player, e.Name)
	}
	return fmt.Sprintf("%s (%s): %s", e.Player, strings.Join(notes, ", "), e.Name)
}

// focusOf are the systems of the reader's fleets, holdings and sectors,
// which a phone's picture centres on.
func focusOf(v *View, m *report.Map) []campaign.SystemID {
	var out []campaign.SystemID
	for _, f := range m.Fleets {
		if f.Owner == v.Player {
			out = append(out, f.At)
		}
	}
	for _, h := range m.Holdings {
		if h.Owner == v.Player {
			out = append(out, h.At)
		}
	}
	for _, o := range m.Owners {
		if o.Owner == v.Player {
			out = append(out, o.At)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// PageMap is the map of the view that the player's web page draws.
func (v *View) PageMap(deadline string) *report.Map { return mapOf(v, deadline) }

// OwnFleets lists the player's fleets, as the view holds them, for the
// order builder of their web page.
func (v *View) OwnFleets() []game.FleetAt {
	var out []game.FleetAt
	for i, f := range v.Fleets {
		if f.Owner != v.Player {
			continue
		}
		label := fmt.Sprintf("%d units", len(f.Units))
		if i < len(v.FleetBPV) {
			label += fmt.Sprintf(", BPV %d", v.FleetBPV[i])
		}
		out = append(out, game.FleetAt{ID: string(f.ID), At: f.At, Label: label})
	}
	return out
}
