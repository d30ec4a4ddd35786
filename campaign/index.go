package campaign

import (
	"slices"
	"strings"
)

// Index answers the questions the rules ask many times of one state, each
// in a lookup instead of a scan of every fleet or development: a fleet by
// key, a navy, the developments at a system, whether a site is disrupted,
// a player's budget. Build it with NewIndex once the state stops
// changing, as when orders are checked or views made; like a Graph, it
// does not follow later changes.
type Index struct {
	// fleets are every fleet, by key (FindFleet).
	fleets  []*Fleet
	navies  map[PlayerID][]*Fleet
	devs    map[SystemID][]Development
	trapped map[SystemID][]PlayerID
	// counted are each player's fleets that count for points, and
	// budget the rules of the budget (State.Budget).
	counted map[PlayerID]int
	budget  BudgetRules
}

// NewIndex indexes s.
func NewIndex(s *State) *Index {
	x := &Index{
		fleets:  make([]*Fleet, len(s.Fleets)),
		navies:  make(map[PlayerID][]*Fleet, len(s.Players)),
		devs:    make(map[SystemID][]Development, len(s.Developments)),
		trapped: map[SystemID][]PlayerID{},
		counted: make(map[PlayerID]int, len(s.Players)),
		budget:  s.Rules.Budget,
	}
	for i := range s.Fleets {
		if f := &s.Fleets[i]; s.CountsForPoints(f) {
			x.counted[f.Owner]++
		}
	}
	size := make(map[PlayerID]int, len(s.Players))
	for _, f := range s.Fleets {
		size[f.Owner]++
	}
	for i := range s.Fleets {
		f := &s.Fleets[i]
		x.fleets[i] = f
		if x.navies[f.Owner] == nil {
			x.navies[f.Owner] = make([]*Fleet, 0, size[f.Owner])
		}
		x.navies[f.Owner] = append(x.navies[f.Owner], f)
		if f.Trapped != 0 {
			x.trapped[f.At] = append(x.trapped[f.At], f.Owner)
		}
	}
	SortFleets(x.fleets)
	for _, d := range s.Developments {
		x.devs[d.At] = append(x.devs[d.At], d)
	}
	return x
}

// Fleet returns the fleet with this owner and ID, or nil (State.Fleet).
func (x *Index) Fleet(owner PlayerID, id FleetID) *Fleet {
	return FindFleet(x.fleets, FleetKey{Owner: owner, ID: id})
}

// SortFleets sorts fleets by key, owner then ID, for FindFleet; fleets
// with the same key keep their order.
func SortFleets(fleets []*Fleet) {
	slices.SortStableFunc(fleets, func(a, b *Fleet) int { return CompareKeys(a.Key(), b.Key()) })
}

// FindFleet returns the fleet with this key among fleets sorted by key
// (SortFleets), or nil.
func FindFleet(sorted []*Fleet, k FleetKey) *Fleet {
	i, ok := slices.BinarySearchFunc(sorted, k, func(f *Fleet, k FleetKey) int { return CompareKeys(f.Key(), k) })
	if !ok {
		return nil
	}
	return sorted[i]
}

// CompareKeys orders fleet keys by owner, then ID.
func CompareKeys(a, b FleetKey) int {
	if c := strings.Compare(string(a.Owner), string(b.Owner)); c != 0 {
		return c
	}
	return strings.Compare(string(a.ID), string(b.ID))
}

// Navy returns the owner's fleets, in the state's order.
func (x *Index) Navy(owner PlayerID) []*Fleet { return x.navies[owner] }

// DevelopmentsAt returns the developments at a system, in the state's
// order (State.DevelopmentsAt). The slice is the index's: read it only.
func (x *Index) DevelopmentsAt(at SystemID) []Development { return x.devs[at] }

// HasDevelopment reports whether owner has a development of this kind at
// at (State.HasDevelopment).
func (x *Index) HasDevelopment(owner PlayerID, at SystemID, kind DevelopmentKind) bool {
	return slices.ContainsFunc(x.devs[at], func(d Development) bool { return d.Owner == owner && d.Kind == kind })
}

// Disrupted reports whether another player's fleets are trapped at a
// system, disrupting the owner's site there (EaW 10i; State.Disrupted).
func (x *Index) Disrupted(at SystemID, owner PlayerID) bool {
	return slices.ContainsFunc(x.trapped[at], func(p PlayerID) bool { return p != owner })
}

// Budget returns the player's order points for the turn (EaW 5.0;
// State.Budget).
func (x *Index) Budget(owner PlayerID) int { return x.budget.points(x.counted[owner]) }
