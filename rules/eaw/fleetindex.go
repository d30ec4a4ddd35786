package eaw

import (
	"slices"

	"github.com/pbemd/pbemd/campaign"
)

// fleetIndex finds the next state's fleets by key and by system while the
// battles are fought (turn.battles). The fights look fleets up many times
// and move some (a fleet that breaks off, a lane's winner going on), but
// add none, and a fleet a fight empties stays in the state until the
// battles are over: the index holds while they run.
type fleetIndex struct {
	byKey    []*campaign.Fleet // campaign.SortFleets
	bySystem map[campaign.SystemID][]*campaign.Fleet
}

func newFleetIndex(st *campaign.State) *fleetIndex {
	x := &fleetIndex{
		byKey:    make([]*campaign.Fleet, len(st.Fleets)),
		bySystem: make(map[campaign.SystemID][]*campaign.Fleet),
	}
	for i := range st.Fleets {
		f := &st.Fleets[i]
		x.byKey[i] = f
		x.bySystem[f.At] = append(x.bySystem[f.At], f)
	}
	campaign.SortFleets(x.byKey)
	return x
}

// battles runs fight, the fighting of some battles, with the next state's
// fleets indexed (turn.fleet), and then drops the fleets the fights left
// without units.
func (t *turn) battles(fight func()) {
	t.fleets = newFleetIndex(t.next)
	fight()
	t.fleets = nil
	t.next.Fleets = slices.DeleteFunc(t.next.Fleets, func(f campaign.Fleet) bool { return len(f.Units) == 0 })
}

// fleet returns the next state's fleet with this key, or nil if there is
// none or the fights have emptied it. Only the battles ask (turn.battles).
func (t *turn) fleet(k campaign.FleetKey) *campaign.Fleet {
	if f := campaign.FindFleet(t.fleets.byKey, k); f != nil && len(f.Units) > 0 {
		return f
	}
	return nil
}

// hostileAt reports whether a fleet of another owner, with units left,
// stands at a system.
func (x *fleetIndex) hostileAt(at campaign.SystemID, owner campaign.PlayerID) bool {
	return slices.ContainsFunc(x.bySystem[at], func(f *campaign.Fleet) bool { return f.Owner != owner && len(f.Units) > 0 })
}

// move puts a fleet at another system.
func (x *fleetIndex) move(f *campaign.Fleet, to campaign.SystemID) {
	x.bySystem[f.At] = slices.DeleteFunc(x.bySystem[f.At], func(o *campaign.Fleet) bool { return o == f })
	x.bySystem[to] = append(x.bySystem[to], f)
	f.At = to
}
