package eaw

import (
	"fmt"
	"slices"

	"github.com/pbemd/pbemd/campaign"
	"github.com/pbemd/pbemd/orders"
)

// Validation of the FRD orders, move_frd and build_frd (EaW 15a, 15e–15g,
// 17e), and of what a fortification's trap leaves a fleet: the siege roll
// (EaW 10c, 10h).

// frdPlan is one of the player's FRDs as the orders so far leave it.
type frdPlan struct {
	// start is where the FRD stands when the turn begins, at where the
	// orders so far take it.
	start, at campaign.SystemID
	// builtAt is the build order the FRD carries out this turn, with its
	// mp; towedAt its move_frd order. Zero if none.
	builtAt orders.Pos
	builtMP int
	towedAt orders.Pos
	// completing is the big ship the FRD completes after movement this
	// turn, laid down the turn before (EaW 6.0), or nil: it builds nothing
	// else and stays where it is.
	completing *campaign.Construction
}

// frdPlans returns the player's FRDs, in the state's order.
func (v *validator) frdPlans() []*frdPlan {
	if !v.frdsRead {
		v.frdsRead = true
		for _, f := range v.st.FRDs {
			if f.Owner == v.player {
				v.frds = append(v.frds, &frdPlan{start: f.At, at: f.At})
			}
		}
		for i := range v.st.Construction {
			c := &v.st.Construction[i]
			if c.Owner != v.player || c.Turn >= v.st.Turn {
				continue
			}
			if j := slices.IndexFunc(v.frds, func(f *frdPlan) bool { return f.start == c.At && f.completing == nil }); j >= 0 {
				v.frds[j].completing = c
			}
		}
	}
	return v.frds
}

// frdsAt returns the FRDs that stand at a system when the turn begins.
func frdsAt(frds []*frdPlan, at campaign.SystemID) []*frdPlan {
	var out []*frdPlan
	for _, f := range frds {
		if f.start == at {
			out = append(out, f)
		}
	}
	return out
}

// frdSystems lists where the FRDs stand when the turn begins, each system
// once.
func frdSystems(frds []*frdPlan) []campaign.SystemID {
	var out []campaign.SystemID
	for _, f := range frds {
		if !slices.Contains(out, f.start) {
			out = append(out, f.start)
		}
	}
	return out
}

// unitsOf returns the units a fleet holds when it moves and when the
// developments are made, as the orders read so far leave it: those it
// starts with, those mp 1 builds add, and what the fleet services carried
// out before movement give and take (movingFleet). Role checks (a MON, a
// tug, a freighter) read them, so intake and resolver agree on what a
// fleet holds (EaW 6.0, 7.0, 17e).
func (v *validator) unitsOf(id campaign.FleetID) []campaign.ClassName {
	if f := v.movingFleet(id); f != nil {
		return f.Units
	}
	return nil
}

// hasRole reports whether any of the units is of a class with role r.
func (v *validator) hasRole(units []campaign.ClassName, r campaign.Role) bool {
	return slices.ContainsFunc(units, func(u campaign.ClassName) bool {
		c := v.st.Catalogue.Class(u)
		return c != nil && c.Has(r)
	})
}

// trappedAt returns where an enemy fortification traps the player's fleet
// (EaW 10a), and whether one does.
func (v *validator) trappedAt(id campaign.FleetID) (campaign.SystemID, bool) {
	sf := v.index.Fleet(v.player, id)
	if sf == nil || sf.Trapped == 0 {
		return "", false
	}
	return sf.At, true
}

// refuseTrapped reports an order for a fleet that an enemy fortification
// traps, which can do nothing but a siege roll (EaW 10h), and returns true;
// for a free fleet it returns false. doing completes "and cannot ...", e.g.
// "move" or "resupply". Every order for a fleet, but siege, asks it.
func (v *validator) refuseTrapped(pos orders.Pos, id campaign.FleetID, doing string) bool {
	at, trapped := v.trappedAt(id)
	if !trapped {
		return false
	}
	v.Add(pos, "EaW 10h", fmt.Sprintf("fleet %s is trapped by an enemy fortification at %s and cannot %s: a trapped fleet does nothing but a siege roll",
		id, at, doing), v.releaseHint(id, at))
	return true
}

// releaseHint says how a trapped fleet gets free (EaW 10b, 10c, 10d).
func (v *validator) releaseHint(id campaign.FleetID, at campaign.SystemID) string {
	r := v.st.Rules.Fortify
	return fmt.Sprintf("order siege: {fleet: %s} (%s; on %d on 2D6 the fortification falls, EaW 10c), send a second fleet into %s "+
		"(EaW 10b), or a fleet with a minesweeper (EaW 10d)", id, points(r.SiegeCost), r.Siege, at)
}

// noFRDHint is the hint for an order that needs an FRD the player lacks,
// at the campaign's price of a new one.
func (v *validator) noFRDHint() string {
	r := v.st.Rules.FRD
	return fmt.Sprintf("build an FRD first with build_frd: {at: SYSTEM} at a system with your developed mine or colony "+
		"(%s, %d BPV; EaW 15a); it builds from the turn after", points(r.BuildCost), r.Price)
}
