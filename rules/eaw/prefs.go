package eaw

import (
	"fmt"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Prefs are standing answers to choices that come up during resolution.
type Prefs struct {
	// ExploreBonus is "bpv" (the default) or "precursor": what a bonus row
	// of the discovery table gives (EaW 16a, 16b, 16c); key explore_bonus.
	ExploreBonus string
	// ExplorePlanet is the planet type taken when the discovery table
	// leaves it to the Admiral (a 6 on a bonus row, EaW 16a, 16b):
	// campaign.Mineral (the default), Life or Dead; key explore_planet.
	ExplorePlanet campaign.PlanetType
}

// The values of Prefs.ExploreBonus.
const (
	// ExploreBPV takes the BPV an exploration finds (EaW 16a, 16b).
	ExploreBPV = "bpv"
	// ExplorePrecursor rolls for a precursor object instead (EaW 16c).
	ExplorePrecursor = "precursor"
)

// DefaultPrefs returns the preferences of a player who gives none.
func DefaultPrefs() Prefs { return Prefs{ExploreBonus: ExploreBPV, ExplorePlanet: campaign.Mineral} }

// prefsKeys are the keys of prefs:.
var prefsKeys = []string{"explore_bonus", "explore_planet"}

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
