package campaign

import (
	"fmt"
	"strings"
)

// UnitClass is one entry of the scenario's unit catalogue. The rulesets lean
// on Star Fleet Battles ship data, which is not ours to ship, so every
// campaign brings its own catalogue (EaW 2d, DESIGN "The rules").
type UnitClass struct {
	Class ClassName `json:"class"`
	// CBPV is the combat BPV: fleet size limits, the order-point fleet
	// count, victory points (EaW 17.0, 4e).
	CBPV int `json:"cbpv"`
	// EBPV is the economic BPV: what the unit costs to build (EaW 6.0, 17c).
	EBPV int `json:"ebpv"`
	// Size is the size class: 2 is the biggest hull, 4 the smallest
	// warship, 5 and up auxiliaries and small craft (EaW 17f).
	Size int `json:"size"`
	// Scout marks a ship with special sensors (EaW 16b, 5e).
	Scout bool `json:"scout,omitempty"`
	// Docking is how many docking points building it takes at an FRD
	// (EaW 6.0: at most 36 per FRD per turn).
	Docking int `json:"docking"`
	// Vision is how many lanes away the unit sees, like a sensor rating;
	// 0 means the rules' radius (EaW 5e: 1). A fleet sees as far as its
	// farthest-seeing unit.
	Vision int `json:"vision,omitempty"`
}

// Catalogue is the set of unit classes a scenario allows.
type Catalogue []UnitClass

// Class returns the class with this name, or nil.
func (c Catalogue) Class(name ClassName) *UnitClass {
	for i := range c {
		if c[i].Class == name {
			return &c[i]
		}
	}
	return nil
}

// UnitList writes units as players read them: "2 cruiser, frigate", each
// class once with its count, in first-seen order.
func UnitList(units []ClassName) string {
	var order []ClassName
	count := map[ClassName]int{}
	for _, u := range units {
		if count[u] == 0 {
			order = append(order, u)
		}
		count[u]++
	}
	parts := make([]string, len(order))
	for i, u := range order {
		if count[u] > 1 {
			parts[i] = fmt.Sprintf("%d %s", count[u], u)
		} else {
			parts[i] = string(u)
		}
	}
	return strings.Join(parts, ", ")
}
