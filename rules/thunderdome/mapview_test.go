package thunderdome_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/report"
	"github.com/pbemd/pbemd/rules/thunderdome"
)

// goldenViews are the views turn n of the golden campaign gave.
func goldenViews(t *testing.T, n string) (*campaign.State, []*thunderdome.View) {
	t.Helper()
	var st campaign.State
	var events []game.Event
	for name, into := range map[string]any{"state.json.golden": &st, "events.json.golden": &events} {
		b, err := os.ReadFile(filepath.Join(goldenDir, n, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, into); err != nil {
			t.Fatal(err)
		}
	}
	var out []*thunderdome.View
	for _, v := range rs.Replay(&st, events) {
		out = append(out, v.(*thunderdome.View))
	}
	return &st, out
}

// TestUTD3_1_MapShowsEveryPlayer: TD IV plays in public (UTD3.1), so the
// map of every player shows every player's fleets, each with its BPV
// (UTD1.2), in that player's colour and listed in the legend; the owner
// of every sector (UTD4.13), non-player empires (UTD5.2), capitals,
// shipyards and developments (UTD4.32, UTD6.37); retreats under way
// (UTD7.4665); and whose turn it is.
func TestUTD3_1_MapShowsEveryPlayer(t *testing.T) {
	st, views := goldenViews(t, "12")
	x := ext(t, st)
	for _, v := range views {
		m := thunderdome.MapOf(v, "Thu 26 Nov 2026 00:00 UTC")
		if len(m.Players) != len(st.Players) {
			t.Fatalf("%s's map lists %d players, want %d", v.Player, len(m.Players), len(st.Players))
		}
		for _, p := range m.Players {
			if p.You != (p.ID == v.Player) || strings.Contains(p.Label, "to play") != (p.ID == v.Current) {
				t.Errorf("%s's map: player %+v; want the reader %s and %s to play marked", v.Player, p, v.Player, v.Current)
			}
		}
		if want := string(v.Current) + "'s turn"; !strings.Contains(m.Caption, want) && v.Current != v.Player {
			t.Errorf("%s's map caption %q does not say %q", v.Player, m.Caption, want)
		}
		if len(m.Fleets) != len(st.Fleets) {
			t.Errorf("%s's map shows %d fleets, want every one of %d", v.Player, len(m.Fleets), len(st.Fleets))
		}
		for i, f := range st.Fleets {
			bpv := 0
			for _, u := range f.Units {
				bpv += st.Catalogue.Class(u).EBPV
			}
			if got := m.Fleets[i]; got.Owner != f.Owner || got.At != f.At || got.BPV != bpv {
				t.Errorf("%s's map shows fleet %s %s as %+v, want %s at %s with %d BPV", v.Player, f.Owner, f.ID, got, f.Owner, f.At, bpv)
			}
		}
		for _, s := range x.Sectors {
			if s.Owner != "" && !slices.Contains(m.Owners, report.MapOwner{At: s.ID, Owner: s.Owner}) {
				t.Errorf("%s's map does not show %s's ownership of %s", v.Player, s.Owner, s.ID)
			}
		}
		for _, e := range x.Empires {
			if e.Capital != "" && !slices.Contains(m.Holdings, report.MapHolding{At: e.Capital, Owner: e.Player, Kind: report.HoldCapital}) {
				t.Errorf("%s's map does not show %s's capital at %s", v.Player, e.Player, e.Capital)
			}
		}
		for _, y := range x.Yards {
			if !slices.Contains(m.Holdings, report.MapHolding{At: y.At, Owner: y.Owner, Kind: report.HoldYard}) {
				t.Errorf("%s's map does not show %s's shipyard at %s", v.Player, y.Owner, y.At)
			}
		}
		for _, d := range st.Developments {
			if !slices.Contains(m.Holdings, report.HoldingOf(d)) {
				t.Errorf("%s's map does not show %s's %s at %s", v.Player, d.Owner, d.Kind, d.At)
			}
		}
		for _, r := range x.Retreats {
			if !slices.Contains(m.Retreats, report.MapRetreat{Owner: r.Owner, From: r.From, To: r.To}) {
				t.Errorf("%s's map does not show %s's retreat from %s to %s", v.Player, r.Owner, r.From, r.To)
			}
		}
		if len(x.Retreats) == 0 || !slices.ContainsFunc(m.Owners, func(o report.MapOwner) bool { return o.NPE }) {
			t.Fatal("turn 12 of the golden campaign has no retreat or no non-player empire: the test proves nothing")
		}
	}
}

// TestHouseVisionMapShowsOnlyWhatIsInSight: under the vision house rule
// (UTD1.13) the map shows other players' fleets and sectors in sight
// alone, and its legend explains the sectors out of sight.
func TestHouseVisionMapShowsOnlyWhatIsInSight(t *testing.T) {
	st := visionStart(t)
	x := ext(t, st)
	p, far := x.Order[0], farthest(t, st, x.Order[0])
	v := viewOf(t, resolve(st, parse(t, st, p, "  - buy: {order_points: 1}\n")), far).(*thunderdome.View)
	m := thunderdome.MapOf(v, "")
	for _, f := range m.Fleets {
		if f.Owner != far && !slices.ContainsFunc(v.Fleets, func(vf campaign.Fleet) bool { return vf.At == f.At && vf.Owner == f.Owner }) {
			t.Errorf("%s's map shows %s's fleet at %s, out of sight", far, f.Owner, f.At)
		}
	}
	if slices.ContainsFunc(m.Fleets, func(f report.MapFleet) bool { return f.Owner == p }) {
		t.Errorf("%s's map shows fleets of %s, whose corner is out of sight", far, p)
	}
	if !slices.Contains(m.Legend, report.MapKey{Mark: report.MarkNever, Text: "out of sight"}) {
		t.Error("the legend does not explain the sectors out of sight")
	}
}

// TestMapOfAViewHeldFromBefore: a view held for a digest before views
// had their fleets' BPV still makes its report, the map labelling those
// fleets with their count alone.
func TestMapOfAViewHeldFromBefore(t *testing.T) {
	_, views := goldenViews(t, "12")
	data, err := json.Marshal(views[0])
	if err != nil {
		t.Fatal(err)
	}
	var old map[string]any
	if err := json.Unmarshal(data, &old); err != nil {
		t.Fatal(err)
	}
	delete(old, "fleet_bpv")
	if data, err = json.Marshal(old); err != nil {
		t.Fatal(err)
	}
	v, err := rs.DecodeView(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rs.Report(v, reportOpts); err != nil {
		t.Fatalf("Report(a view held from before) = %v", err)
	}
	for _, f := range thunderdome.MapOf(v.(*thunderdome.View), "").Fleets {
		if f.BPV >= 0 {
			t.Errorf("the map of a view without fleet_bpv gives fleet at %s a BPV of %d, want none known", f.At, f.BPV)
		}
	}
}
