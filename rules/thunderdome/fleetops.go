package thunderdome

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// parcel is units taken out of a fleet with everything the state keeps
// on each: damage, crew and capture (campaign.Fleet.Take), and TD IV's
// marks: wrecked (UTD6.3E), mended since the last overhaul (UTD4.335) and
// the fighters and PFs it carries (UTD6.3B; nil for its class's full
// load).
type parcel struct {
	units   campaign.Fleet
	wrecked []bool
	mended  []bool
	loads   []*Load
}

// take removes the units at idx from fleet f, with their records and
// marks, and returns them in fleet order.
func (x *Ext) take(f *campaign.Fleet, idx []int) parcel {
	fs := x.fleet(f.Owner, f.ID)
	var p parcel
	p, fs.Wrecked, fs.Mended, fs.Loads = split(f, idx, marks{fs.Wrecked, fs.Mended, fs.Loads})
	return p
}

// marks are TD IV's records on the units of a fleet or a dry dock, by
// index into its units: the wrecked, the mended and the reduced loads.
type marks struct {
	wrecked, mended []int
	loads           []Load
}

// split removes the units at idx from ships, whose marks are m, and
// returns them as a parcel, in order, with the marks of the units kept,
// renumbered.
func split(ships *campaign.Fleet, idx []int, m marks) (p parcel, wrecked, mended []int, loads []Load) {
	kept := 0
	for i := range ships.Units {
		w, md, l := slices.Contains(m.wrecked, i), slices.Contains(m.mended, i), loadIn(m.loads, i)
		if slices.Contains(idx, i) {
			p.wrecked, p.mended, p.loads = append(p.wrecked, w), append(p.mended, md), append(p.loads, l)
			continue
		}
		if w {
			wrecked = append(wrecked, kept)
		}
		if md {
			mended = append(mended, kept)
		}
		if l != nil {
			l.Unit = kept
			loads = append(loads, *l)
		}
		kept++
	}
	p.units = ships.Take(idx)
	return p, wrecked, mended, loads
}

// join adds a parcel's units to fleet f, with their records and marks.
func (x *Ext) join(f *campaign.Fleet, p parcel) {
	fs := x.fleet(f.Owner, f.ID)
	base := len(f.Units)
	f.Join(p.units)
	p.markFrom(base, &fs.Wrecked, &fs.Mended, func(l Load) { x.SetLoad(f, l) })
}

// markFrom adds the parcel's wrecked and mended marks to wrecked and
// mended, and gives setLoad its load records, its units numbered from
// base on.
func (p parcel) markFrom(base int, wrecked, mended *[]int, setLoad func(Load)) {
	for i := range p.units.Units {
		if p.wrecked[i] {
			*wrecked = append(*wrecked, base+i)
		}
		if p.mended[i] {
			*mended = append(*mended, base+i)
		}
		if l := p.loads[i]; l != nil {
			c := *l
			c.Unit = base + i
			setLoad(c)
		}
	}
}

// oneShip is a parcel of one ship with no marks, carrying load (nil for
// its class's full load).
func oneShip(ship campaign.Fleet, load *Load) parcel {
	return parcel{units: ship, wrecked: []bool{false}, mended: []bool{false}, loads: []*Load{load}}
}

// add puts another parcel's units after p's.
func (p *parcel) add(o parcel) {
	p.units.Join(o.units)
	p.wrecked = append(p.wrecked, o.wrecked...)
	p.mended = append(p.mended, o.mended...)
	p.loads = append(p.loads, o.loads...)
}

// pick finds one unit of fleet f for each class named (campaign.PickUnits),
// refusing the order when the fleet lacks one. rule is the order's.
func (c *ctx) pick(f *campaign.Fleet, classes []campaign.ClassName, pos []orders.Pos, rule string) ([]int, bool) {
	idx, missing := campaign.PickUnits(f, classes)
	if len(missing) > 0 {
		n := missing[0]
		c.refuse(at(pos, n), rule, fmt.Sprintf("fleet %s has no %s left to name here; it holds %s", f.ID, classes[n], campaign.UnitList(f.Units)),
			"name each ship by its class, once per ship")
		return nil, false
	}
	return idx, true
}

// disband removes the player's fleet id if it has no units left, and
// says so. It is the last thing an order does: it moves the state's
// fleets, so pointers into them are stale afterwards.
func (c *ctx) disband(id campaign.FleetID) {
	f := c.st.Fleet(c.player, id)
	if f == nil || len(f.Units) > 0 {
		return
	}
	c.st.Fleets = slices.DeleteFunc(c.st.Fleets, func(g campaign.Fleet) bool { return g.Owner == c.player && g.ID == id })
	c.x.prune(c.st)
	c.say("fleet %s, left without ships, is disbanded", id)
}

// hasRole reports whether fleet f holds a unit of a class with the role.
func (c *ctx) hasRole(f *campaign.Fleet, roles ...campaign.Role) bool {
	for _, u := range f.Units {
		if k := c.st.Catalogue.Class(u); k != nil && slices.ContainsFunc(roles, k.Has) {
			return true
		}
	}
	return false
}

// started reports whether a fleet began the player's turn in the sector
// it is in and has not left it since (UTD6.34, UTD4.335).
func (c *ctx) started(f *campaign.Fleet) bool {
	fs := c.x.fleet(f.Owner, f.ID)
	return fs.Started == f.At && fs.Entered != c.st.Turn
}

// spendUnless charges 1 point for the order, or nothing when free holds,
// saying why in format (UTD6.13).
func (c *ctx) spendUnless(free bool, rule, format string, args ...any) bool {
	if free {
		c.say(format, args...)
		return true
	}
	return c.spend(1, rule)
}

// credit puts BPV into the player's bank, or, without a capital, with the
// income to spend this turn or lose (UTD4.3236).
func (c *ctx) credit(bpv BPV) { c.x.deposit(c.st, c.player, bpv) }

// funder names where credit puts BPV, for an order's outcome that every
// player reads (UTD3.1).
func (c *ctx) funder() string {
	if c.emp.Capital == "" {
		return fmt.Sprintf("%s's unbanked income, to spend this turn or lose (UTD4.3236)", c.player)
	}
	return fmt.Sprintf("%s's bank", c.player)
}

// reservedFleets are the fleet names that stand for something other than
// a player's fleet, and what: in a battle's mail and result, the units
// holding a sector (postsFleet) and a non-player empire's force
// (npeFleet); where orders name a fleet, the dry dock (dockName).
var reservedFleets = map[campaign.FleetID]string{
	postsFleet: "the units holding a sector in a battle's mail and result (UTD7.48)",
	npeFleet:   "a non-player empire's force in a battle's mail and result (UTD5.231)",
	dockName:   "the dry dock where orders name a fleet (UTD7.6)",
}

// reserved refuses a new fleet named as one of reservedFleets, under the
// rule of the order that would form it, and reports whether it did.
func (c *ctx) reserved(id campaign.FleetID, at orders.Pos, rule string) bool {
	why := reservedWhy(id)
	if why == "" {
		return false
	}
	c.refuse(at, rule, "a new fleet "+why, fmt.Sprintf("give it another name, e.g. %s", freeFleetID(c.st, c.player)))
	return true
}

// reservedWhy says why a fleet may not be called id, one of
// reservedFleets, or "" when it may.
func reservedWhy(id campaign.FleetID) string {
	what, ok := reservedFleets[id]
	if !ok {
		return ""
	}
	return fmt.Sprintf("may not be called %s: the name stands for %s", id, what)
}
