package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// RefitBPV is what refitting a ship of class from to class to costs: the
// BPV gained, the difference of their BPVs, nothing when it is 0 or less
// or either class is unknown (UTD6.3755, UTD6.3J5). It is the one price
// of a hull's change: refit_fleet's, the shipyard's refit, and the BPV
// gained a shipyard's conversion weighs against 25% of the ship
// (UTD6.3764); the fighters and PFs are priced by refitLoad.
func RefitBPV(cat campaign.Catalogue, from, to campaign.ClassName) int {
	a, b := cat.Class(from), cat.Class(to)
	if a == nil || b == nil {
		return 0
	}
	return max(b.EBPV-a.EBPV, 0)
}

// refitTargets lists the classes a ship of a class may be refitted to:
// the catalogue's refits: (UTD6.375, UTD6.3J).
func refitTargets(cat campaign.Catalogue, from campaign.ClassName) []campaign.ClassName {
	if k := cat.Class(from); k != nil {
		return k.Refits
	}
	return nil
}

// noLoad is a load a refit order leaves as it is by default.
var noLoad = Attrition{Fighters: -1, PFs: -1, Interceptors: -1}

// refitted is a ship after a refit, and what its fighters and PFs cost.
type refitted struct {
	Load Load
	// BPV buys the attrition units the load paid for gains; Refund is
	// half the price of those it sheds, scrapped with the refit
	// (UTD6.3F, UTD8.2213).
	BPV    int
	Refund BPV
}

// refitLoad is the load of a ship refitted from class from to class to
// (to may be from: a change of load alone) with paid as its load paid for;
// a kind paid leaves at -1 (noLoad for all) keeps the load it had when
// the class stays and takes the new class's full load when it changes
// (reading). The load paid for lies from
// 75% of the class's full load, fractions down, to all of it (UTD6.3758,
// UTD6.3J6); only the units it gains are bought (UTD6.3737), those it
// carries beyond it are scrapped for half their price (UTD8.2213), and
// the ones lost in battle stay lost until replaced (UTD6.3B1). Spares come with the hull: a
// class with more spares brings the difference (UTD6.3B5). It returns
// why the load is refused, or "".
func (x *Ext) refitLoad(old Load, from, to campaign.ClassName, paid Attrition) (refitted, string) {
	full := x.class(to).full()
	want := full
	if from == to {
		want = old.Paid
	}
	for _, k := range []struct{ dst, given *int }{{&want.Fighters, &paid.Fighters}, {&want.PFs, &paid.PFs}, {&want.Interceptors, &paid.Interceptors}} {
		if *k.given >= 0 {
			*k.dst = *k.given
		}
	}
	floor := AttritionFloor(full)
	switch {
	case full.below(want):
		return refitted{}, fmt.Sprintf("a %s carries at most %s; it cannot be paid for %s (UTD6.3B4, UTD6.3J6)", to, full, want)
	case want.below(floor):
		return refitted{}, fmt.Sprintf("a %s carries at least %s, 75%% of its full load %s rounded down (UTD6.3758, UTD6.3736); %s is too few", to, floor, full, want)
	}
	kept := old.Carried.minus(old.Carried.minus(want))
	gain := want.minus(old.Paid)
	carried, scrapped := kept.plus(gain), old.Carried.minus(kept)
	spares := min(old.Spares+max(x.class(to).Spares-x.class(from).Spares, 0), x.class(to).Spares)
	return refitted{
		Load:   Load{Unit: old.Unit, Carried: carried, Paid: want, Spares: spares},
		BPV:    x.loadBPV(gain),
		Refund: half(x.loadBPV(scrapped)),
	}, ""
}

// refitRoom is what the player's shipyards at a sector have left to
// work this turn, in sixtieths of an MC: each working yard's capacity
// (Yard.Capacity: UTD6.372, UTD6.3724, UTD6.3726) less what the turn used
// of it, so that capacity used for other purposes covers no refit
// (UTD6.3J3).
func (c *ctx) refitRoom(at campaign.SystemID) int {
	room := 0
	for _, i := range c.x.workingYards(c.player, at) {
		room += c.x.Yards[i].unused()
	}
	return room
}

// useRoom takes need sixtieths of an MC of the capacity refitRoom counts,
// yard by yard, so that no later work of the turn uses it again
// (UTD6.3J3, UTD6.3751).
func (c *ctx) useRoom(at campaign.SystemID, need int) {
	for _, i := range c.x.workingYards(c.player, at) {
		y := &c.x.Yards[i]
		n := min(need, y.unused())
		y.Used += n
		need -= n
	}
}

// hasLegend reports whether a fleet has a legendary officer aboard
// (UTD7.263: one a fleet at most).
func hasLegend(f *campaign.Fleet) bool {
	return slices.ContainsFunc(f.Crews, func(c campaign.UnitCrew) bool { return c.Legendary != "" })
}
