package eaw

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/game"
	"github.com/pbemd/pbemd/orders"
)

// BuildFRD builds a new FRD at a system where the player has a developed
// mine or colony (EaW 15a).
type BuildFRD struct {
	At    campaign.SystemID
	AtPos orders.Pos
}

// Name returns "build_frd".
func (*BuildFRD) Name() string { return "build_frd" }

// Example is a build_frd order as players write it, for hints.
func (*BuildFRD) Example() string { return "- build_frd: {at: ferrum}" }

// Fields are the keys a build_frd order may hold.
func (*BuildFRD) Fields() []string { return []string{"at"} }

func (*BuildFRD) parse(p *parser, key, n *yaml.Node) Kind {
	f := p.orderFields(key, n)
	b := &BuildFRD{}
	b.At, b.AtPos = requiredName[campaign.SystemID](p, f, key, "at", "at: ferrum")
	return b
}

func (b *BuildFRD) schema(r *campaign.Rules) *schema {
	return kindSchema(b.Name(), "A build_frd order: build a new FRD (EaW 15a).",
		fmt.Sprintf("Build a new FRD for %s and %d BPV at a system where you have a developed mine or colony and "+
			"no enemy fleet stands (EaW 15a). It builds from next turn.", orderPoints(r.FRD.BuildCost), r.FRD.Price),
		[]string{"at"}, prop{"at", nameSchema("The system, e.g. ferrum.")})
}

// YAML echoes the order as players write it.
func (b *BuildFRD) YAML() string { return fmt.Sprintf("build_frd: {at: %s}", b.At) }

// check checks a new FRD (EaW 15a): Rules.FRD.BuildCost points and
// Rules.FRD.Price BPV, at a system where the player has a developed mine or
// colony. Whether an enemy fleet stands there is known only at resolution.
func (b *BuildFRD) check(v *validator, o Order) CostedOrder {
	r := v.st.Rules.FRD
	co := CostedOrder{Order: o, Points: r.BuildCost, BPV: r.Price}
	where := or(b.AtPos, o.Pos)
	var sites []campaign.SystemID
	for _, d := range v.st.Developments {
		if d.Owner == v.player && d.Developed() && !slices.Contains(sites, d.At) {
			sites = append(sites, d.At)
		}
	}
	hint := "you have no developed mine or colony yet: develop one first (EaW 12.0, 13.0)"
	if len(sites) > 0 {
		hint = "your developed mines and colonies: " + list(sites)
	}
	switch {
	case !v.graph.Has(b.At):
		v.Add(where, "EaW 15a", fmt.Sprintf("there is no system %q on the map", b.At), hint)
	case !slices.Contains(sites, b.At):
		v.Add(where, "EaW 15a", fmt.Sprintf("you have no developed mine or colony at %s, and a new FRD is placed only at one", b.At), hint)
	default:
		co.Notes = append(co.Notes, fmt.Sprintf("the new FRD at %s is placed after the battles if no enemy fleet stands there, "+
			"and builds from next turn (EaW 15a)", b.At))
	}
	v.pay(o, r.Price, "EaW 15a", fmt.Sprintf("a new FRD costs %d BPV", r.Price))
	return co
}

// fleets is none: a new FRD names no fleet.
func (*BuildFRD) fleets() []campaign.FleetID { return nil }

// timing is none: a new FRD bears on no fleet service.
func (*BuildFRD) timing(CostedOrder) (moves, serves []campaign.FleetID) { return nil, nil }

// track does nothing more: check has paid for the FRD.
func (*BuildFRD) track(*validator, CostedOrder, bool) {}

// step places a new FRD at post-combat (EaW 4b, 15a).
func (*BuildFRD) step(bool) step { return stepPlaceFRD }

// carryOut places the new FRD, at post-combat (EaW 15a): at a system where
// its player still has a developed mine or colony and no enemy fleet
// stands, paid from the treasury then. It builds from next turn. An FRD
// that cannot be placed costs nothing, and its player is told why.
func (b *BuildFRD) carryOut(t *turn, a act) {
	price := t.next.Rules.FRD.Price
	player := t.next.Player(a.owner)
	fail := func(why string) {
		t.orderFailed(a.owner, b.At, "EaW 15a", fmt.Sprintf("No FRD was built at %s and nothing was paid: %s.", t.systemName(b.At), why))
	}
	switch {
	case !t.next.HasDevelopment(a.owner, b.At, campaign.Mine) && !t.next.HasDevelopment(a.owner, b.At, campaign.Colony):
		fail("you no longer have a developed mine or colony there")
	case t.hostileAt(b.At, a.owner):
		fail("an enemy fleet stands there")
	case player.Treasury < price:
		fail(fmt.Sprintf("the treasury holds %d BPV and an FRD costs %d", player.Treasury, price))
	default:
		player.Treasury -= price
		t.next.FRDs = append(t.next.FRDs, campaign.FRD{Owner: a.owner, At: b.At})
		t.emit(game.Event{Kind: EventBuilt, Players: []campaign.PlayerID{a.owner}, At: b.At, Rule: "EaW 15a",
			Text: fmt.Sprintf("A new FRD stands at %s, for %d BPV; it builds from next turn.", t.systemName(b.At), price)})
	}
}

// offer offers a new FRD at each of the player's developed mines and
// colonies that has none of the player's FRDs yet (EaW 15a), when the
// treasury and the order points cover it.
func (*BuildFRD) offer(t *orderTemplate, sp spot) []suggestion {
	if sp.place != atNewFRD {
		return nil
	}
	var sites []campaign.SystemID
	for _, d := range t.v.Developments {
		if d.Developed() && !slices.Contains(t.v.FRDs, d.At) && !slices.Contains(sites, d.At) {
			sites = append(sites, d.At)
		}
	}
	r := t.v.Rules.FRD
	if len(sites) == 0 || t.v.Treasury < r.Price || t.v.Budget < r.BuildCost {
		return nil
	}
	var out []suggestion
	for _, at := range sites {
		out = append(out, suggestion{fmt.Sprintf("- build_frd: {at: %s}", yamlName(string(at))),
			fmt.Sprintf("%s and %d BPV from the treasury (EaW 15a)", points(r.BuildCost), r.Price)})
	}
	return out
}
