package eaw

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Kinds are EaW's order kinds and standing preferences, with which the
// order kit reads a mail's orders: and prefs:.
func (Ruleset) Kinds() orders.Kinds { return kinds{} }

// kinds are EaW's order kinds and standing preferences, with which the
// order kit reads a mail's orders: and prefs: (orders.Kinds).
type kinds struct{}

// Orders reads the order list.
func (kinds) Orders(c *orders.Collector, e orders.Entry) orders.Part {
	return orders.NewPart((&parser{c}).orderList(e))
}

// Prefs reads the standing preferences; a mail without them gets
// DefaultPrefs.
func (kinds) Prefs(c *orders.Collector, n *yaml.Node) orders.Part {
	if n == nil {
		return orders.NewPart(DefaultPrefs())
	}
	return orders.NewPart((&parser{c}).prefs(n))
}

// parser reads EaW's orders from a checked YAML node tree and collects
// problems.
type parser struct {
	*orders.Collector
}

// prefsKeys are the keys of prefs:.
var prefsKeys = []string{"explore_bonus", "explore_planet"}

// content reads back what EaW's kinds made of a submission: its orders
// and its standing preferences. A submission read back from JSON that no
// longer reads as EaW's is an error.
func content(sub *orders.Submission) ([]Order, Prefs, error) {
	list, err := orders.PartOf[[]Order](sub.Orders)
	if err != nil {
		return nil, Prefs{}, err
	}
	prefs, err := orders.PartOf[Prefs](sub.Prefs)
	return list, prefs, err
}

// prefs reads the standing preferences; a missing key keeps its default.
func (p *parser) prefs(n *yaml.Node) Prefs {
	out := DefaultPrefs()
	if orders.IsNull(n) {
		return out
	}
	if n.Kind != yaml.MappingNode {
		p.Add(orders.PosOf(n), "", "prefs must be a mapping, not "+orders.Describe(n), "for example prefs: {explore_bonus: bpv}")
		return out
	}
	f, _ := p.Mapping(n, "prefs", prefsKeys...)
	if e, ok := f.Get("explore_bonus"); ok {
		s, ok := p.Name(e.Value, "explore_bonus", "explore_bonus: bpv")
		switch {
		case !ok:
		case s == ExploreBPV || s == ExplorePrecursor:
			out.ExploreBonus = s
		default:
			p.Add(orders.PosOf(e.Value), "EaW 16a", fmt.Sprintf("explore_bonus must be bpv or precursor, not %q", s),
				"explore_bonus: bpv takes the BPV an exploration finds; explore_bonus: precursor rolls for a precursor object (EaW 16c)")
		}
	}
	if e, ok := f.Get("explore_planet"); ok {
		s, ok := p.Name(e.Value, "explore_planet", "explore_planet: mineral")
		switch t := campaign.PlanetType(s); {
		case !ok:
		case t == campaign.Life || t == campaign.Mineral || t == campaign.Dead:
			out.ExplorePlanet = t
		default:
			p.Add(orders.PosOf(e.Value), "EaW 16a", fmt.Sprintf("explore_planet must be life, mineral or dead, not %q", s),
				"explore_planet names the planet you take when an exploration leaves the choice to you (EaW 16a, 16b)")
		}
	}
	return out
}
