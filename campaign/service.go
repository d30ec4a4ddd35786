package campaign

import (
	"fmt"
	"slices"
	"strings"
)

// Counts reports whether unit i of the fleet counts in its combat BPV for
// the fleet limits of EaW 17.0, and so in the order-point fleet count
// (EaW 5.0) and the BPV that battles and scouts report. Left out are:
//   - an uninspected prize (EaW 25b: "outside the limits of 17.0");
//   - a base the fleet carries (EaW 17.0 names GSA, GSO, GMS and CPL;
//     pbemd leaves out ground bases and DEFSATs too, which are cargo
//     until installed, EaW 14a).
//
// Civilian ships are not left out: the catalogue does not mark them, and
// scenarios count freighters toward the starting fleets' 175 (EaW 2c).
// Nor are auxiliaries, which 17.0 leaves out at the Admiral's option.
func (s *State) Counts(f *Fleet, i int) bool {
	if f.IsCaptured(i) {
		return false
	}
	c := s.Catalogue.Class(f.Units[i])
	return c != nil && !c.IsBase()
}

// Serves reports whether the fleet has a unit, not an uninspected prize,
// whose class is as has asks: prizes do no special job until inspected
// (EaW 25b).
func (s *State) Serves(f *Fleet, has func(*UnitClass) bool) bool {
	for i, u := range f.Units {
		if c := s.Catalogue.Class(u); c != nil && !f.IsCaptured(i) && has(c) {
			return true
		}
	}
	return false
}

// FleetLoad returns the fleet's combat BPV as the fleet limits count it
// (EaW 17.0): of the units that count (Counts), civilian ships left out
// ("FRD, Civilian ships are excluded"); and the part of it in size class
// 2 and 3 ships.
func (s *State) FleetLoad(f *Fleet) (total, big int) {
	for i, u := range f.Units {
		c := s.Catalogue.Class(u)
		if c == nil || c.IsBase() || f.IsCaptured(i) || c.IsFreighter() { // Counts, and not civilian
			continue
		}
		total += c.CBPV
		if c.Size == 2 || c.Size == 3 {
			big += c.CBPV
		}
	}
	return total, big
}

// SelfRepairFactor is how many points a unit mends by self-repair per
// point of its class's damage-control rating, until it resupplies
// (EaW 22b: three times the rating).
const SelfRepairFactor = 3

// SelfRepairLeft returns how much unit i of the fleet can still mend by
// self-repair before it resupplies (EaW 22b): 3 × its class's Damcon,
// less what its crew has mended since. An uninspected prize mends nothing
// (EaW 25b).
func (s *State) SelfRepairLeft(f *Fleet, i int) int {
	c := s.Catalogue.Class(f.Units[i])
	if c == nil || f.IsCaptured(i) {
		return 0
	}
	return max(0, SelfRepairFactor*c.Damcon-f.CrewOf(i).Repaired)
}

// Resupply restores the fleet's units as a resupply does (EaW 6d, 6e, 3b):
// with repair set every unit's damage is repaired; either way its
// self-repair capacity is restored (EaW 22b). Uninspected prizes are
// neither resupplied nor repaired (EaW 9b, 25b). It returns the indices
// of the units it repaired.
func (f *Fleet) Resupply(repair bool) []int {
	var mended []int
	for i := range f.Units {
		if f.IsCaptured(i) {
			continue
		}
		if c := f.CrewOf(i); c.Repaired != 0 {
			c.Repaired = 0
			f.SetCrew(c)
		}
		if repair && f.DamageOf(i).Any() {
			mended = append(mended, i)
		}
	}
	if repair {
		f.Damage = slices.DeleteFunc(f.Damage, func(d UnitDamage) bool { return !f.IsCaptured(d.Unit) })
	}
	return mended
}

// PickUnits finds one unit of the fleet for each class named: inspected
// units first, in fleet order, then uninspected prizes. It returns the
// units' indices, sorted, and the indices into classes of the names that
// found no unit.
func PickUnits(f *Fleet, classes []ClassName) (idx, missing []int) {
	taken := make([]bool, len(f.Units))
	for n, want := range classes {
		found := -1
		for pass := 0; pass < 2 && found < 0; pass++ {
			for i, u := range f.Units {
				if !taken[i] && u == want && f.IsCaptured(i) == (pass == 1) {
					found = i
					break
				}
			}
		}
		if found < 0 {
			missing = append(missing, n)
			continue
		}
		taken[found] = true
		idx = append(idx, found)
	}
	slices.Sort(idx)
	return idx, missing
}

// OnlyPrizes reports whether the fleet has units and every one of them is
// an uninspected prize, which may not travel alone (EaW 25b).
func (f *Fleet) OnlyPrizes() bool {
	for i := range f.Units {
		if !f.IsCaptured(i) {
			return false
		}
	}
	return len(f.Units) > 0
}

// Any reports whether the unit has lost anything.
func (d UnitDamage) Any() bool { return d.Structure > 0 || d.Attack > 0 || d.Sensor > 0 || d.Speed > 0 }

// Text writes what the unit has lost, as reports show it: "3 structure,
// 1 attack".
func (d UnitDamage) Text() string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{d.Structure, "structure"}, {d.Attack, "attack"}, {d.Sensor, "sensor"}, {d.Speed, "speed"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.what))
		}
	}
	return strings.Join(parts, ", ")
}

// Inspect inspects every captured unit of the fleet (EaW 9b): each is
// restored to full combat readiness, its damage repaired and its
// self-repair capacity whole, and counts as the fleet's own from then on
// (EaW 25b). It returns the indices of the units inspected.
func (f *Fleet) Inspect() []int {
	done := slices.Clone(f.Captured)
	slices.Sort(done)
	f.Captured = nil
	f.Damage = slices.DeleteFunc(f.Damage, func(d UnitDamage) bool { return slices.Contains(done, d.Unit) })
	for _, i := range done {
		if c := f.CrewOf(i); c.Repaired != 0 {
			c.Repaired = 0
			f.SetCrew(c)
		}
	}
	return done
}

// CountsForPoints reports whether a fleet counts toward its owner's order
// points (EaW 5.0): it has at least FleetMinShips ships and FleetMinCBPV
// combat BPV. Carried bases are cargo, not ships (EaW 14a), and are out of
// the fleet's combat BPV (Counts); so is a freighter's (EaW 17.0: "The
// CBpv of Civilian ships such as freighters ... are not added to the total
// Fleet CBpv"), though it is a ship.
func (s *State) CountsForPoints(f *Fleet) bool {
	r := s.Rules.Budget
	ships, cbpv := 0, 0
	for i, u := range f.Units {
		c := s.Catalogue.Class(u)
		if c == nil || c.IsBase() {
			continue
		}
		ships++
		if !f.IsCaptured(i) && !c.IsFreighter() { // Counts, for a ship
			cbpv += c.CBPV
		}
	}
	return ships >= r.FleetMinShips && cbpv >= r.FleetMinCBPV
}
