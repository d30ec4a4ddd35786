package thunderdome

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Attrition is a number of attrition units (UTD7.243): fighters, as load
// points (a fighter of size 2 is 2, UTD7.2431), PFs and interceptors. It
// is a unit's load, and the scenario's price of one of each (attrition:).
type Attrition struct {
	Fighters     int `json:"fighters,omitempty" yaml:"fighters"`
	PFs          int `json:"pfs,omitempty" yaml:"pfs"`
	Interceptors int `json:"interceptors,omitempty" yaml:"interceptors"`
}

// IsZero reports whether a holds no attrition unit.
func (a Attrition) IsZero() bool { return a == Attrition{} }

// minus is what a has beyond b, none below 0 of each kind.
func (a Attrition) minus(b Attrition) Attrition {
	return Attrition{Fighters: max(a.Fighters-b.Fighters, 0), PFs: max(a.PFs-b.PFs, 0), Interceptors: max(a.Interceptors-b.Interceptors, 0)}
}

// plus is a and b together.
func (a Attrition) plus(b Attrition) Attrition {
	return Attrition{Fighters: a.Fighters + b.Fighters, PFs: a.PFs + b.PFs, Interceptors: a.Interceptors + b.Interceptors}
}

// below reports whether a has fewer of any kind than b.
func (a Attrition) below(b Attrition) bool {
	return a.Fighters < b.Fighters || a.PFs < b.PFs || a.Interceptors < b.Interceptors
}

// String writes a load as players read it: "6 fighters, 1 PF"; "none".
func (a Attrition) String() string {
	var parts []string
	if a.Fighters > 0 {
		parts = append(parts, plural(a.Fighters, "fighter"))
	}
	if a.PFs > 0 {
		parts = append(parts, plural(a.PFs, "PF"))
	}
	if a.Interceptors > 0 {
		parts = append(parts, plural(a.Interceptors, "interceptor"))
	}
	return listOr(parts, "none")
}

// AttritionFloor is the least load a unit whose class's full load is full
// may be built or refitted with, or keep when scrapping: 75% of each kind,
// fractions rounded down (UTD6.3736, UTD6.3758, UTD6.3F).
func AttritionFloor(full Attrition) Attrition {
	return Attrition{Fighters: full.Fighters * 3 / 4, PFs: full.PFs * 3 / 4, Interceptors: full.Interceptors * 3 / 4}
}

// Load is what one unit carries of its attrition units when that is not
// its class's full load (UTD6.3B). A unit without a record carries its
// class's full load, paid for, with its spares full.
type Load struct {
	Unit int `json:"unit"`
	// Carried is what the unit carries now; Paid is the load paid for,
	// from the floor to the class's full load: replacements never pass it
	// (UTD6.3B4), and only a refit changes it (UTD6.3737, UTD6.3J6).
	Carried Attrition `json:"carried"`
	Paid    Attrition `json:"paid"`
	// Spares are the spare fighters, in load points, the unit holds for
	// other carriers (UTD6.3B2, UTD6.3B5).
	Spares int `json:"spares"`
}

// loadRecord returns a copy of unit i's record, or nil for a unit that
// carries its class's full load.
func (fs *FleetState) loadRecord(i int) *Load {
	for _, l := range fs.Loads {
		if l.Unit == i {
			return &l
		}
	}
	return nil
}

// full is a class's full load of attrition units (UTD7.243).
func (d ClassData) full() Attrition {
	return Attrition{Fighters: d.Fighters, PFs: d.PFs, Interceptors: d.Interceptors}
}

// fullLoad is the load of a unit of a class that carries everything it
// may: its class's full load, paid for, with its spares full.
func (x *Ext) fullLoad(unit int, class campaign.ClassName) Load {
	d := x.class(class)
	return Load{Unit: unit, Carried: d.full(), Paid: d.full(), Spares: d.Spares}
}

// loadOf is what unit i of fleet f carries.
func (x *Ext) loadOf(f *campaign.Fleet, i int) Load {
	if l := x.fleet(f.Owner, f.ID).loadRecord(i); l != nil {
		return *l
	}
	return x.fullLoad(i, f.Units[i])
}

// SetLoad records what unit l.Unit of fleet f carries; a full load leaves
// no record. Builds set the load a new ship was paid for with it
// (UTD6.3736).
func (x *Ext) SetLoad(f *campaign.Fleet, l Load) {
	fs := x.fleet(f.Owner, f.ID)
	fs.Loads = slices.DeleteFunc(fs.Loads, func(o Load) bool { return o.Unit == l.Unit })
	if l != x.fullLoad(l.Unit, f.Units[l.Unit]) {
		fs.Loads = append(fs.Loads, l)
		slices.SortFunc(fs.Loads, func(a, b Load) int { return a.Unit - b.Unit })
	}
}

// loadBPV is the price of attrition units at the scenario's prices.
func (x *Ext) loadBPV(a Attrition) int {
	p := x.AttritionBPV
	return a.Fighters*p.Fighters + a.PFs*p.PFs + a.Interceptors*p.Interceptors
}

// attritionLaw is the carrier attrition minimum among the fleet rules
// (fleetLaws, UTD8.222, UTD6.3736): a carrier below 75% of its full load
// makes its fleet illegal.
func attritionLaw(_ *campaign.State, x *Ext, f *campaign.Fleet) string {
	if under := x.UnderFloor(f); len(under) > 0 {
		verb := "carry"
		if len(under) == 1 {
			verb = "carries"
		}
		return fmt.Sprintf("%s %s less than 75%% of a full load of fighters and PFs; replace_fighters refills it (UTD8.222, UTD6.3736)", campaign.UnitList(under), verb)
	}
	return ""
}

// UnderFloor lists the units of fleet f that carry less than 75% of their
// class's full load, fractions rounded down: a carrier brought below it by
// battle makes its fleet illegal until its fighters and PFs are replaced
// (UTD6.3736, UTD8.222, UTD7.266). Empty for a legal fleet.
func (x *Ext) UnderFloor(f *campaign.Fleet) []campaign.ClassName {
	var out []campaign.ClassName
	for _, fs := range x.Fleets {
		if fs.Owner != f.Owner || fs.ID != f.ID {
			continue
		}
		// A unit without a record carries its full load. A trial fleet
		// (the order template's organize offers) may hold fewer units
		// than the records of the fleet it is cut from.
		for _, l := range fs.Loads {
			if l.Unit >= len(f.Units) {
				continue
			}
			if u := f.Units[l.Unit]; l.Carried.below(AttritionFloor(x.class(u).full())) {
				out = append(out, u)
			}
		}
	}
	return out
}

// attrit takes from unit i of fleet f the attrition units lost in a
// battle, at most what it carries of each kind, and returns what it lost.
func (x *Ext) attrit(f *campaign.Fleet, i int, lost Attrition) Attrition {
	l := x.loadOf(f, i)
	took := l.Carried.minus(l.Carried.minus(lost))
	l.Carried = l.Carried.minus(took)
	x.SetLoad(f, l)
	return took
}

// battleLosses is what a unit that took damage in an auto battle loses of
// its attrition units (reading of UTD7.24x for the battle engine, which
// flies no fighters): the share of each kind it carries that its
// structure lost in the battle, rounded up; a destroyed unit loses all.
func battleLosses(carried Attrition, taken, structure int) Attrition {
	if taken <= 0 || structure <= 0 {
		return Attrition{}
	}
	share := func(n int) int { return min(n, (n*taken+structure-1)/structure) }
	return Attrition{Fighters: share(carried.Fighters), PFs: share(carried.PFs), Interceptors: share(carried.Interceptors)}
}

// Legend is one legendary officer a player may buy with a refit, or the
// outstanding crew (UTD7.263, UTD7.264, UTD8.23), and its price.
type Legend struct {
	Name string `json:"name"`
	BPV  int    `json:"bpv"`
}

// Outstanding is the name of the outstanding crew among the legends.
const Outstanding = "outstanding"

// legend returns the scenario's legend of a name, or nil.
func (x *Ext) legend(name string) *Legend {
	for i := range x.Legends {
		if x.Legends[i].Name == name {
			return &x.Legends[i]
		}
	}
	return nil
}

// legendNames lists the legends' names.
func (x *Ext) legendNames() []string {
	out := make([]string, len(x.Legends))
	for i, l := range x.Legends {
		out[i] = l.Name
	}
	return out
}

// readLegends reads legends:, a mapping of a legendary officer's type, or
// outstanding for the outstanding crew, to its price in BPV.
func readLegends(c *orders.Collector, n *yaml.Node) []Legend {
	if n == nil {
		return nil
	}
	if n.Kind != yaml.MappingNode {
		c.Wrong(n, "legends", "a mapping of officer to BPV", "legends: {outstanding: 40, captain: 30}")
		return nil
	}
	var out []Legend
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if bpv, ok := c.Int(v, k.Value, k.Value+": 30"); ok {
			if bpv < 0 {
				c.Addf(v, "legends: %s costs %d BPV; a price is 0 or more", k.Value, bpv)
				continue
			}
			out = append(out, Legend{Name: k.Value, BPV: bpv})
		}
	}
	return out
}

// Special kinds of ship that bar a legendary officer (UTD7.263) or the
// outstanding crew (UTD7.264), as classes: gives them (special:).
var specials = []string{"battle-tug", "dreadnought", "battleship", "x-ship", "stasis", "mauler"}

// legendBar says why a unit of a class may not carry the legend, or ""
// if it may: legendary officers only on SC3 and SC4 warships, never on a
// battle tug, dreadnought, battleship or X-ship (UTD7.263, UTD8.23); the
// outstanding crew on a warship of at most 1 MC that is no SC2 ship,
// dreadnought, battle tug, X-ship, stasis ship or mauler (UTD7.264).
// A warship is a class that is no freighter, base or defense (reading).
func (x *Ext) legendBar(k *campaign.UnitClass, legend string) string {
	d := x.class(k.Class)
	barred := []string{"battle-tug", "dreadnought", "battleship", "x-ship"}
	rule := "UTD7.263"
	if legend == Outstanding {
		barred, rule = append(barred, "stasis", "mauler"), "UTD7.264"
	}
	switch {
	case k.Size < 3 || k.Size > 4:
		return fmt.Sprintf("%s is a size class %d ship; only SC3 and SC4 warships may have one (%s, UTD8.23)", k.Class, k.Size, rule)
	case k.IsFreighter() || k.IsBase() || x.class(k.Class).Defense != "":
		return fmt.Sprintf("%s is a freighter, not a warship (%s, UTD8.23)", k.Class, rule)
	case legend == Outstanding && d.MC > mcUnit:
		return fmt.Sprintf("%s moves at %s MC; the outstanding crew's ship moves at 1 MC or less (UTD7.264)", k.Class, mcText(d.MC))
	}
	for _, s := range d.Special {
		if slices.Contains(barred, s) {
			return fmt.Sprintf("%s is a %s, which may not have one (%s)", k.Class, s, rule)
		}
	}
	return ""
}

// readSpecial reads a class's special:, a list among specials.
func readSpecial(c *orders.Collector, n *yaml.Node) []string {
	list, at, _ := c.Names(n, "special", "special: [battle-tug]")
	var out []string
	for i, s := range list {
		if !slices.Contains(specials, s) {
			c.Add(at[i], "", fmt.Sprintf("special %s is not one pbemd knows", orders.Quote(s)), "write one of "+listOr(specials, ""))
			continue
		}
		out = append(out, s)
	}
	return out
}

// battleAttrition takes from unit i of fleet f, still afloat after an
// auto battle with structure damage it carries now, the attrition units
// battleLosses says it lost, and returns them.
func (x *Ext) battleAttrition(st *campaign.State, f *campaign.Fleet, i, structure int) Attrition {
	k := st.Catalogue.Class(f.Units[i])
	if k == nil {
		return Attrition{}
	}
	l := x.loadOf(f, i)
	return x.attrit(f, i, battleLosses(l.Carried, structure-f.DamageOf(i).Structure, k.BattleStats().Structure))
}

// text writes a load for a fleet's line in the report: "carries 6
// fighters of 8 paid for, spares 0 of 4".
func (l Load) text() string {
	s := fmt.Sprintf("carries %s of %s paid for", l.Carried, l.Paid)
	if l.Spares > 0 {
		s += fmt.Sprintf(", %s spare", plural(l.Spares, "fighter"))
	}
	return s + " (UTD6.3B)"
}
