package campaign

import (
	"fmt"
	"slices"
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
	// Commando marks a ship that carries commandos: a fleet with one
	// captures an undefended mine or colony instead of destroying it
	// (EaW 12a, 13c).
	Commando bool `json:"commando,omitempty"`
	// Docking is how many docking points building it takes at an FRD
	// (EaW 6.0: at most 36 per FRD per turn).
	Docking int `json:"docking"`
	// Vision is how many lanes away the unit sees, like a sensor rating;
	// 0 means the rules' radius (EaW 5e: 1). A fleet sees as far as its
	// farthest-seeing unit.
	Vision int `json:"vision,omitempty"`
	// Roles are the special jobs the class can do in the campaign, beyond
	// fighting (Role).
	Roles []Role `json:"roles,omitempty"`
	// Refits lists the classes a unit of this class may be refitted to at
	// a resupply (EaW 6f).
	Refits []ClassName `json:"refits,omitempty"`
	// Damcon is the class's damage-control rating: it bounds what the
	// unit repairs by itself (EaW 22b, 24.0). 0 means none.
	Damcon int `json:"damcon,omitempty"`
	// Combat are the class's numbers for the automatic battle engine
	// (docs/battles.md); nil means the defaults for its size and CBPV
	// (DefaultCombat). BattleStats gives whichever applies.
	Combat *CombatStats `json:"combat,omitempty"`
}

// Role is a special job a unit class does in the campaign (EaW 5.0 and
// the rules it names).
type Role string

// The roles.
const (
	// RoleMinesweeper destroys an enemy fortification where it stands
	// (EaW 10d) and lets its fleet break off from one (EaW 10g).
	RoleMinesweeper Role = "minesweeper"
	// RoleMinelayer sets up a fortification for no order point (EaW 11.0).
	RoleMinelayer Role = "minelayer"
	// RoleSalvageTug and RoleMilitaryTug tow an FRD for 2 and 1 order
	// points a lane instead of 3 (EaW 15f, 15g).
	RoleSalvageTug  Role = "salvage-tug"
	RoleMilitaryTug Role = "military-tug"
	// RoleLargeFreighter develops a mine, and RoleSmallFreighter a colony,
	// for no order point (EaW 12.0, 13.0).
	RoleLargeFreighter Role = "large-freighter"
	RoleSmallFreighter Role = "small-freighter"
	// RoleLargeRepair and RoleSmallRepair are repair freighters: a fleet in
	// their system resupplies and repairs there (EaW 6d), a large one
	// scraps (EaW 9a) and a small one inspects (EaW 9c).
	RoleLargeRepair Role = "large-repair"
	RoleSmallRepair Role = "small-repair"
	// RoleMonitor is the MON: it belongs to an FRD and goes where the FRD
	// goes (EaW 17e).
	RoleMonitor Role = "monitor"
	// The bases a fleet carries and installs at a planet (EaW 14.0): the
	// ground stations that earn income with a CPL in the system (GSA at a
	// developed colony, GSO at a dead planet, GMS at a developed mine),
	// defence ground bases, DEFSATs and the CPL itself.
	RoleGSA        Role = "gsa"
	RoleGSO        Role = "gso"
	RoleGMS        Role = "gms"
	RoleGroundBase Role = "ground-base"
	RoleDEFSAT     Role = "defsat"
	RoleCPL        Role = "cpl"
)

// Roles lists every role, in the order the docs give them.
func Roles() []Role {
	return []Role{RoleMinesweeper, RoleMinelayer, RoleSalvageTug, RoleMilitaryTug, RoleLargeFreighter, RoleSmallFreighter,
		RoleLargeRepair, RoleSmallRepair, RoleMonitor, RoleGSA, RoleGSO, RoleGMS, RoleGroundBase, RoleDEFSAT, RoleCPL}
}

// Has reports whether the class has role r.
func (u *UnitClass) Has(r Role) bool { return slices.Contains(u.Roles, r) }

// IsBase reports whether the class is a base a fleet carries and
// installs (EaW 14.0) rather than a ship.
func (u *UnitClass) IsBase() bool {
	return slices.ContainsFunc(u.Roles, func(r Role) bool {
		switch r {
		case RoleGSA, RoleGSO, RoleGMS, RoleGroundBase, RoleDEFSAT, RoleCPL:
			return true
		}
		return false
	})
}

// IsFreighter reports whether the class is a civilian freighter: one that
// develops a mine or colony, or a repair freighter (EaW 6d, 12b, 13a).
func (u *UnitClass) IsFreighter() bool {
	return slices.ContainsFunc(u.Roles, func(r Role) bool {
		switch r {
		case RoleLargeFreighter, RoleSmallFreighter, RoleLargeRepair, RoleSmallRepair:
			return true
		}
		return false
	})
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

// BattleStats returns the class's combat stats: its own, or the defaults
// for its size, CBPV and scout flag.
func (u *UnitClass) BattleStats() CombatStats {
	if u.Combat != nil {
		return *u.Combat
	}
	return DefaultCombat(u.Size, u.CBPV, u.Scout)
}

// Hull is a combat category (B5 Fleet Action): it picks the fire-control
// die a firer rolls against the ship.
type Hull string

// The hull categories. Enormous hulls count as capital; there are no
// fighters.
const (
	HullCapital Hull = "capital"
	HullHeavy   Hull = "heavy"
	HullMedium  Hull = "medium"
)

// Hulls lists the hull categories, biggest first.
func Hulls() []Hull { return []Hull{HullCapital, HullHeavy, HullMedium} }

// CombatStats are one unit class's stat block for the automatic battle
// engine: the B5 Fleet Action ship stats (Def, Sensor, Armor, structure,
// fire control, damage die, command rating) with one weapon battery whose
// dice count is the Starships chapter's AF (seed-tactical §4.2).
type CombatStats struct {
	Hull Hull `json:"hull"`
	// Def is the defence rating a to-hit total must reach, before the
	// range modifier.
	Def int `json:"def"`
	// Sensor is added to every fire-control die the ship rolls.
	Sensor int `json:"sensor"`
	// Armor is taken from each damage die; what is left says how bad the
	// hit is.
	Armor int `json:"armor"`
	// Structure is how many structure points the ship has; at 0 it is
	// destroyed. It is also the ship's share of its squadron's morale.
	Structure int `json:"structure"`
	// Attack is how many dice the battery rolls per volley (the AF).
	Attack int `json:"attack"`
	// FC are the fire-control dice: sides of the die rolled against
	// capital and heavy hulls, and against medium hulls.
	FC [2]int `json:"fc"`
	// Damage is the sides of the damage die.
	Damage int `json:"damage"`
	// Speed decides who closes the range and who can pursue.
	Speed int `json:"speed"`
	// Command is the command rating: how many other ships of its squadron
	// the ship can command.
	Command int `json:"command"`
}

// Limits of a combat stat, so a stat block can never overflow the
// engine's integer arithmetic.
const (
	MaxCombatValue = 999
	MaxCombatDie   = 100
)

// Check reports the first value of the stat block that is out of range. An
// unarmed class (Attack 0) may leave its dice at 0.
func (c CombatStats) Check() error {
	if !slices.Contains(Hulls(), c.Hull) {
		return fmt.Errorf("hull %q is not capital, heavy or medium", c.Hull)
	}
	for _, v := range []struct {
		name     string
		val, min int
	}{
		{"def", c.Def, 0}, {"sensor", c.Sensor, 0}, {"armor", c.Armor, 0}, {"structure", c.Structure, 1},
		{"attack", c.Attack, 0}, {"speed", c.Speed, 0}, {"command", c.Command, 0},
	} {
		if v.val < v.min || v.val > MaxCombatValue {
			return fmt.Errorf("%s %d is not from %d to %d", v.name, v.val, v.min, MaxCombatValue)
		}
	}
	for _, v := range []struct {
		name string
		die  int
	}{{"fc against capital and heavy hulls", c.FC[0]}, {"fc against medium hulls", c.FC[1]}, {"damage", c.Damage}} {
		if (v.die < 2 || v.die > MaxCombatDie) && !(c.Attack == 0 && v.die == 0) {
			return fmt.Errorf("%s die d%d is not from d2 to d%d", v.name, v.die, MaxCombatDie)
		}
	}
	return nil
}

// DefaultCombat derives a stat block for a class that has none, so every
// catalogue fights (docs/battles.md, "Defaults"). The hull and the fixed
// ratings come from the size class (EaW 17f) after seed-tactical §4.2's
// table; Attack is CBPV/26, so a 210-CBPV dreadnought rolls 8 dice and a
// 120-CBPV cruiser 4, as on the Starships chapter's AF scale; Structure is
// CBPV/15, a third more for a capital hull, and at least 2 (3 for an
// auxiliary). A scout sees better, is faster, and is lighter built.
func DefaultCombat(size, cbpv int, scout bool) CombatStats {
	c := defaultBySize(size)
	cbpv = min(max(cbpv, 0), 1<<20)
	c.Attack = min(cbpv/26, 10)
	c.Structure = cbpv / 15
	if c.Hull == HullCapital {
		c.Structure = cbpv * 4 / 45
	}
	c.Structure = min(max(c.Structure, 2), MaxCombatValue)
	if size >= 5 {
		c.Structure = max(c.Structure, 3)
	}
	if scout {
		c.Sensor += 2
		c.Speed += 2
		c.Armor = max(c.Armor-1, 0)
		c.Command = 0
	}
	return c
}

// defaultBySize holds the ratings that follow from the size class.
func defaultBySize(size int) CombatStats {
	switch {
	case size <= 2:
		return CombatStats{Hull: HullCapital, Def: 9, Sensor: 7, Armor: 5, FC: [2]int{10, 8}, Damage: 12, Speed: 2, Command: 6}
	case size == 3:
		return CombatStats{Hull: HullHeavy, Def: 9, Sensor: 6, Armor: 4, FC: [2]int{10, 8}, Damage: 10, Speed: 3, Command: 3}
	case size == 4:
		return CombatStats{Hull: HullMedium, Def: 10, Sensor: 5, Armor: 3, FC: [2]int{8, 8}, Damage: 8, Speed: 4, Command: 1}
	}
	return CombatStats{Hull: HullMedium, Def: 9, Sensor: 3, Armor: 1, FC: [2]int{6, 6}, Damage: 6, Speed: 2}
}
