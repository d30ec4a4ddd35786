package eaw

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/internal/yamldoc"
	"github.com/pbemd/pbemd/orders"
)

// stateBuilder builds campaign states for tests:
// newState().withSystem(...).withLane(...).withFleet(...).
type stateBuilder struct{ st *campaign.State }

// newState returns a builder for an EaW campaign "frontier" with players
// vorn and zhal (1000 BPV each), a small catalogue and an empty map.
func newState() *stateBuilder {
	return &stateBuilder{st: &campaign.State{
		Campaign: "frontier",
		Rules:    campaign.PresetEaW(),
		Turn:     3,
		Start:    campaign.Date{Year: 165, Season: campaign.Spring},
		Catalogue: campaign.Catalogue{
			{Class: "cruiser", CBPV: 120, EBPV: 125, Size: 3, Docking: 6},
			{Class: "frigate", CBPV: 60, EBPV: 65, Size: 4, Docking: 4},
			{Class: "corvette", CBPV: 87, EBPV: 80, Size: 4, Docking: 3},
			{Class: "scout", CBPV: 40, EBPV: 45, Size: 4, Docking: 2, Scout: true},
			{Class: "dreadnought", CBPV: 300, EBPV: 320, Size: 2, Docking: 40},
		},
		Players: []campaign.Player{
			{ID: "vorn", Name: "Vorn", Home: "kessel", Treasury: 1000},
			{ID: "zhal", Name: "Zhal", Home: "sirius", Treasury: 1000},
		},
	}}
}

// frontier returns the test map, vorn's FRD at kessel and a few fleets:
//
//	altair (life) ─ kessel (mineral) ─ tau-ceti (life) ─ vega (unknown) ─ sirius (dead)
//	                  └─ deneb (mineral)
//
// vorn: 1st at kessel (2 cruisers), 2nd at deneb (frigate), 3rd at kessel
// (frigate); zhal: 9th at vega.
func frontier() *stateBuilder {
	return newState().
		withSystem("kessel", "Kessel", campaign.Mineral).
		withSystem("tau-ceti", "Tau Ceti", campaign.Life).
		withSystem("vega", "Vega", campaign.Unknown).
		withSystem("sirius", "Sirius", campaign.Dead).
		withSystem("altair", "Altair", campaign.Life).
		withSystem("deneb", "Deneb", campaign.Mineral).
		withLane("kessel", "tau-ceti").withLane("tau-ceti", "vega").withLane("vega", "sirius").
		withLane("kessel", "altair").withLane("kessel", "deneb").
		withFRD("vorn", "kessel").
		withFleet("vorn", "1st", "kessel", "cruiser", "cruiser").
		withFleet("vorn", "2nd", "deneb", "frigate").
		withFleet("vorn", "3rd", "kessel", "frigate").
		withFleet("zhal", "9th", "vega", "cruiser")
}

func (b *stateBuilder) withSystem(id campaign.SystemID, name string, p campaign.PlanetType) *stateBuilder {
	b.st.Map.Systems = append(b.st.Map.Systems, campaign.System{ID: id, Name: name, Planet: p})
	return b
}

func (b *stateBuilder) withLane(a, c campaign.SystemID) *stateBuilder {
	b.st.Map.Lanes = append(b.st.Map.Lanes, campaign.Lane{A: a, B: c})
	return b
}

func (b *stateBuilder) withFleet(owner campaign.PlayerID, id campaign.FleetID, at campaign.SystemID, units ...campaign.ClassName) *stateBuilder {
	b.st.Fleets = append(b.st.Fleets, campaign.Fleet{Owner: owner, ID: id, At: at, Units: units})
	return b
}

func (b *stateBuilder) withFRD(owner campaign.PlayerID, at campaign.SystemID) *stateBuilder {
	b.st.FRDs = append(b.st.FRDs, campaign.FRD{Owner: owner, At: at})
	return b
}

func (b *stateBuilder) withoutFRDs() *stateBuilder {
	b.st.FRDs = nil
	return b
}

func (b *stateBuilder) withDevelopment(owner campaign.PlayerID, at campaign.SystemID, kind campaign.DevelopmentKind) *stateBuilder {
	b.st.Developments = append(b.st.Developments, campaign.Development{At: at, Owner: owner, Kind: kind})
	return b
}

func (b *stateBuilder) withTreasury(owner campaign.PlayerID, bpv int) *stateBuilder {
	b.st.Player(owner).Treasury = bpv
	return b
}

func (b *stateBuilder) withRules(edit func(*campaign.Rules)) *stateBuilder {
	edit(&b.st.Rules)
	return b
}

// atYear moves the campaign to spring of a year.
func (b *stateBuilder) atYear(year int) *stateBuilder {
	b.st.Turn = (year-b.st.Start.Year)*4 + 1
	return b
}

// withFleetAt gives vorn one more fleet, of a frigate.
func (b *stateBuilder) withFleetAt(id campaign.FleetID, at campaign.SystemID) *stateBuilder {
	return b.withFleet("vorn", id, at, "frigate")
}

func (b *stateBuilder) build() *campaign.State { return b.st }

// validate parses orders (one per item, after the standard header, so the
// first order is on line 6 at column 5) for vorn and validates them.
func validate(t *testing.T, st *campaign.State, orders ...string) (*Costed, orders.Problems) {
	t.Helper()
	var b strings.Builder
	b.WriteString(header)
	for _, o := range orders {
		fmt.Fprintf(&b, "  - %s\n", o)
	}
	if len(orders) == 0 {
		b.WriteString("  []\n")
	}
	sub, err := parse([]byte(b.String()))
	if err != nil {
		t.Fatalf("parse(%q) = %v", b.String(), err)
	}
	c, err := Validate(st, sub)
	return c, problemsOf(t, err)
}

// brief prints problems without hints: "6:31 EaW 5a: msg".
func brief(ps orders.Problems) []string {
	var out []string
	for _, p := range ps {
		out = append(out, fmt.Sprintf("%s %s: %s", p.Pos, p.Rule, p.Msg))
	}
	return out
}

// parse reads a mail's orders with EaW's kinds, as intake does.
func parse(src []byte) (*orders.Submission, error) {
	return orders.Parse(src, orders.Only(orderKinds{}))
}

// listOf returns the orders EaW's kinds read into a submission.
func listOf(sub *orders.Submission) []Order {
	list, _, _ := content(sub)
	return list
}

// prefsOf returns the standing preferences EaW's kinds read into a
// submission.
func prefsOf(sub *orders.Submission) Prefs {
	_, prefs, _ := content(sub)
	return prefs
}

// lineCount counts the lines of src as the YAML scanner does, at LF, CR,
// CR LF, NEL, LS and PS.
func lineCount(src []byte) int {
	n, start := 0, 0
	for i := 0; i < len(src); {
		if b := yamldoc.BreakLen(src[i:]); b > 0 {
			n, i, start = n+1, i+b, i+b
			continue
		}
		i++
	}
	if start < len(src) {
		n++
	}
	return n
}
